import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { keepSource } from '../source.js';
import { openMerchantFeed, recordPath } from './merchant-feed.js';
import type { Row } from './rows.js';

async function rows(xml: string): Promise<{ how: unknown; rows: Row[] }> {
  const reader = openMerchantFeed(await keepSource(Buffer.from(xml)), xml, 'utf-8');
  const all: Row[] = [];
  for await (const row of reader.rows()) all.push(row);
  return { how: reader.how, rows: all };
}

const RSS = `<?xml version="1.0"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Shop</title>
<item><g:id>A1</g:id><title>Red &amp; blue shoe</title><g:price>59.90 EUR</g:price>
<g:additional_image_link>https://x/1.jpg</g:additional_image_link><g:additional_image_link>https://x/2.jpg</g:additional_image_link>
<g:product_detail><g:attribute_name>Material</g:attribute_name><g:attribute_value>Leather</g:attribute_value></g:product_detail>
<description><![CDATA[<p>Soft</p>]]></description></item>
<item><g:id>A2</g:id><title>Sock</title><g:shipping><g:country>DE</g:country></g:shipping></item>
</channel></rss>`;

describe('merchant feeds', () => {
  it("reads RSS items with Google's fields, lists and nested elements", async () => {
    const { how, rows: read } = await rows(RSS);
    expect(how).toEqual({ kind: 'merchant_feed', encoding: 'utf-8', records: 'rss/channel/item' });
    expect(Object.fromEntries(read[0]!.cells)).toEqual({
      'g:id': 'A1',
      title: 'Red & blue shoe',
      'g:price': '59.90 EUR',
      'g:additional_image_link': ['https://x/1.jpg', 'https://x/2.jpg'],
      'g:product_detail': [{ 'g:attribute_name': 'Material', 'g:attribute_value': 'Leather' }],
      description: '<p>Soft</p>',
    });
    expect(Object.fromEntries(read[1]!.cells)).toEqual({
      'g:id': 'A2',
      title: 'Sock',
      'g:shipping': [{ 'g:country': 'DE' }],
    });
    expect(read.map((row) => row.number)).toEqual([1, 2]);
  });

  it('reads Atom entries, links by their href, whatever prefix binds Google', async () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:gg="http://base.google.com/ns/1.0">
      <entry><gg:id>B1</gg:id><title>Lamp</title><link href="https://shop/b1"/></entry></feed>`;
    const { how, rows: read } = await rows(atom);
    expect(how).toMatchObject({ records: 'feed/entry' });
    expect(Object.fromEntries(read[0]!.cells)).toEqual({
      'g:id': 'B1',
      title: 'Lamp',
      link: 'https://shop/b1',
    });
  });

  it('finds the repeated elements of other XML', () => {
    expect(
      recordPath(
        '<catalog><info><name>x</name></info><products><product><id>1</id></product><product><id>2</id></product></products></catalog>',
      ),
    ).toEqual(['catalog', 'products', 'product']);
  });

  it('never expands entities a DTD declares, internal or external', async () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;"><!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <rss><channel><item><id>1</id><title>&lol2;</title><description>&xxe;</description></item></channel></rss>`;
    const { rows: read } = await rows(xml);
    expect(Object.fromEntries(read[0]!.cells)).toEqual({ id: '1', title: '&lol2;', description: '&xxe;' });
  });

  it('refuses XML that breaks off, naming the line', async () => {
    const broken = '<rss><channel>\n<item><id>1</id></item>\n<item><id>2</id></wrong></channel></rss>';
    await expect(rows(broken)).rejects.toThrow(AppError);
    await expect(rows(broken)).rejects.toThrow(/near line 3/);
  });
});
