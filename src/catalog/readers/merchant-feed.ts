import { type SaxesOptions, SaxesParser, type SaxesTagNS } from 'saxes';
import type { AppError } from '../../lib/errors.js';
import { MAX_JSON_DEPTH } from '../../lib/json-depth.js';
import { decodeText } from '../encoding.js';
import { tooLongLine } from '../limits.js';
import { noCatalog } from '../refusal.js';
import type { ByteSource } from '../source.js';
import { type Cell, flattenRecord, type Row, type RowReader } from './rows.js';

/** Google's merchant namespace: its fields read as `g:price` whatever prefix a file binds. */
const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

/**
 * saxes reads no DTD: a doctype is reported as text and never applied, and an entity other than
 * XML's five and character references is left as written. External entities (XXE) and entity
 * expansion (billion laughs) cannot happen. Positions are kept for error sentences.
 */
/**
 * Google's fields an item may repeat: they stay lists when an item has one, so every item gives
 * the same column.
 */
const REPEATABLE = new Set(
  [
    'additional_image_link',
    'lifestyle_image_link',
    'product_detail',
    'product_highlight',
    'shipping',
    'tax',
    'included_destination',
    'excluded_destination',
    'shopping_ads_excluded_country',
    'promotion_id',
  ].map((name) => `g:${name}`),
);

const PARSER_OPTIONS: SaxesOptions & { xmlns: true } = { xmlns: true, position: true };
/**
 * How deep a document may nest elements at all. saxes's work per element grows with the depth
 * when it resolves namespaces, so a document thousands deep would take minutes; feeds nest a few.
 */
const MAX_XML_DEPTH = 256;

function tooDeepDocument(): AppError {
  return noCatalog(
    `the XML nests elements more than ${MAX_XML_DEPTH} levels deep, which no product feed does`,
  );
}

interface Building {
  name: string;
  fields: Map<string, Cell[]>;
  /** Fields that are lists even when an item has one of them. */
  lists: Set<string>;
  text: string;
  href?: string;
}

/**
 * Merchant product feeds in XML: RSS 2.0 (`rss/channel/item`) and Atom (`feed/entry`) with
 * Google's `g:` fields, and other XML whose repeated elements are the products. An element with
 * elements inside becomes a record, a repeated element a list.
 */
export function openMerchantFeed(source: ByteSource, headText: string, encoding: string): RowReader {
  const records = recordPath(headText);
  return {
    how: { kind: 'merchant_feed', encoding, records: records.join('/') },
    rows: () => readRows(source, encoding, records),
  };
}

/** The path of the elements that hold the products, judged on the file's head. */
export function recordPath(headText: string): string[] {
  const parser = new SaxesParser(PARSER_OPTIONS);
  const stack: { path: string; children: number }[] = [];
  const counts = new Map<string, number>();
  let root: string | undefined;
  // Products never sit deeper than this; elements below it are counted, not followed, so a head
  // nested thousands deep costs no paths thousands of names long.
  let below = 0;
  parser.on('error', () => undefined);
  parser.on('opentag', (tag) => {
    if (stack.length + below >= MAX_XML_DEPTH) throw tooDeepDocument();
    const name = fieldName(tag);
    root ??= name;
    const parent = stack.at(-1);
    if (parent) parent.children++;
    if (below > 0 || stack.length >= MAX_JSON_DEPTH) {
      below++;
      return;
    }
    stack.push({ path: parent ? `${parent.path}/${name}` : name, children: 0 });
  });
  parser.on('closetag', () => {
    if (below > 0) {
      below--;
      return;
    }
    const element = stack.pop();
    if (element && element.children > 0) counts.set(element.path, (counts.get(element.path) ?? 0) + 1);
  });
  try {
    parser.write(headText);
  } catch {
    // The head may end inside an element; what was read so far decides.
  }
  if (root === 'rss') return ['rss', 'channel', 'item'];
  if (root === 'feed') return ['feed', 'entry'];
  let best: { path: string; count: number } | undefined;
  for (const [path, count] of counts) {
    if (!path.includes('/')) continue;
    const deeper = best && path.split('/').length > best.path.split('/').length;
    if (!best || count > best.count || (count === best.count && !deeper)) best = { path, count };
  }
  if (!best) {
    throw noCatalog(
      'the XML holds no repeated product elements, such as RSS <item> or Atom <entry> elements',
    );
  }
  return best.path.split('/');
}

function fieldName(tag: SaxesTagNS): string {
  return tag.uri === GOOGLE_NAMESPACE ? `g:${tag.local}` : tag.name;
}

async function* readRows(source: ByteSource, encoding: string, records: string[]): AsyncIterable<Row> {
  const parser = new SaxesParser(PARSER_OPTIONS);
  const path: string[] = [];
  const building: Building[] = [];
  const done: Row[] = [];
  let count = 0;
  let failure: string | undefined;
  // saxes gathers an element's text until the next tag: characters written since the parser last
  // said something are counted, so one endless text stops at the limit.
  let unspoken = 0;
  // Elements inside a record deeper than MAX_JSON_DEPTH are skipped and the record left out:
  // flattening walks the record recursively.
  let skipped = 0;
  let tooDeep = false;
  const spoke = () => {
    unspoken = 0;
  };

  parser.on('error', (error) => {
    // Entities a DTD would declare stay as written; anything else is a broken file.
    if (!/undefined entity/i.test(error.message)) failure ??= error.message;
  });
  parser.on('opentag', (tag) => {
    spoke();
    if (path.length + skipped >= MAX_XML_DEPTH) throw tooDeepDocument();
    if (skipped > 0 || building.length >= MAX_JSON_DEPTH) {
      skipped++;
      tooDeep = true;
      return;
    }
    const name = fieldName(tag);
    path.push(name);
    const inRecord = building.length > 0;
    if (inRecord || matches(path, records)) {
      const element: Building = { name, fields: new Map(), lists: new Set(), text: '' };
      const href = tag.attributes.href;
      if (href) element.href = typeof href === 'string' ? href : href.value;
      building.push(element);
    }
  });
  const addText = (text: string) => {
    spoke();
    const element = building.at(-1);
    if (element && skipped === 0) element.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    spoke();
    if (skipped > 0) {
      skipped--;
      return;
    }
    path.pop();
    const element = building.pop();
    if (!element) return;
    const value = cellOfElement(element);
    const parent = building.at(-1);
    if (parent) {
      if (value === undefined) return;
      if (REPEATABLE.has(element.name)) parent.lists.add(element.name);
      const list = parent.fields.get(element.name);
      if (list) list.push(value);
      else parent.fields.set(element.name, [value]);
      return;
    }
    count++;
    if (tooDeep) {
      tooDeep = false;
      done.push({
        number: count,
        cells: new Map(),
        problem: `The element nests elements more than ${MAX_JSON_DEPTH} levels deep.`,
      });
      return;
    }
    const record = value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : {};
    done.push({ number: count, cells: flattenRecord(record) });
  });

  for await (const text of decodeText(source.open(), encoding)) {
    parser.write(text);
    if (failure) break;
    unspoken += text.length;
    if (unspoken > source.limits.lineChars) throw tooLongLine(source.limits, 'an element whose text is');
    yield* done.splice(0);
  }
  if (!failure) parser.close();
  if (failure) {
    throw noCatalog(
      `the XML is not well-formed near line ${parser.line}: ${failure.replace(/^.*?:\d+:\d+: /, '').replace(/\.$/, '')}`,
    );
  }
  yield* done.splice(0);
}

function matches(path: string[], records: string[]): boolean {
  return path.length === records.length && path.every((name, i) => name === records[i]);
}

/** An element as a cell: its fields when it has elements inside, else its text, else its link. */
function cellOfElement(element: Building): Cell | undefined {
  if (element.fields.size > 0) {
    const record: Record<string, Cell> = {};
    for (const [name, values] of element.fields) {
      record[name] = values.length === 1 && !element.lists.has(name) ? values[0]! : values;
    }
    return record;
  }
  const text = element.text.trim();
  if (text !== '') return text;
  return element.href;
}
