/**
 * The Open Icecat electronics catalog of ../shared/data as catalog entities, for benchmarks. The
 * files are zipped JSON arrays of Icecat records; each becomes a product: `title`, `supplier` as
 * brand, `short_description` as description, every `attr_t_*` (text) attribute as a searchable
 * text attribute, and the EANs and the manufacturer's part number (`name`) as identifiers.
 * Numbers (`attr_n_*`) and yes/no attributes (`attr_b_*`) carry no words a shopper types.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { SHARED_DATA } from '../src/catalog/testing/exports.js';
import type { CatalogEntity } from '../src/contracts/catalog-entity.js';
import type { AttributeSearchKind } from '../src/engine/index.js';

export { SHARED_DATA };

const ICECAT = join(SHARED_DATA, 'catalogs', 'icecat-electronics');
const PARTS = ['1.json.zip', '2.json.zip', '3.json.zip', '4.json.zip'];

export interface IcecatRecord {
  id: string;
  name?: string;
  title?: string;
  ean?: string[];
  short_description?: string;
  supplier?: string;
  price?: number;
  [key: string]: unknown;
}

const TEXT_ATTRIBUTE = 'attr_t_';

export interface IcecatCatalog {
  entities: CatalogEntity[];
  /** Searchable attributes by code, as attributes.json would declare them. */
  attributes: Record<string, AttributeSearchKind>;
}

/** The export's records as Icecat ships them, in file order. */
export function readIcecatRecords(): IcecatRecord[] {
  const records: IcecatRecord[] = [];
  for (const part of PARTS) {
    const files = unzipSync(readFileSync(join(ICECAT, part)));
    for (const bytes of Object.values(files))
      records.push(...(JSON.parse(new TextDecoder().decode(bytes)) as IcecatRecord[]));
  }
  return records;
}

export function readIcecat(): IcecatCatalog {
  const attributes: Record<string, AttributeSearchKind> = { ean: 'identifier', mpn: 'identifier' };
  const entities = readIcecatRecords().map((record) => toEntity(record, attributes));
  return { entities, attributes };
}

function toEntity(record: IcecatRecord, kinds: Record<string, AttributeSearchKind>): CatalogEntity {
  const attributes: Record<string, string | string[]> = {};
  if (record.ean?.length) attributes.ean = record.ean;
  if (record.name) attributes.mpn = record.name;
  for (const [key, value] of Object.entries(record)) {
    if (!key.startsWith(TEXT_ATTRIBUTE) || typeof value !== 'string') continue;
    const code = key.slice(TEXT_ATTRIBUTE.length);
    attributes[code] = value;
    kinds[code] = 'text';
  }
  const entity: CatalogEntity = { type: 'product', id: record.id, attributes };
  if (record.title) entity.title = record.title;
  if (record.supplier) entity.brand = record.supplier;
  if (record.short_description) entity.description = record.short_description;
  if (typeof record.price === 'number') {
    entity.price = record.price / 100;
    entity.currency = 'USD';
  }
  return entity;
}
