import type { Attribute } from '../../contracts/release-files/index.js';
import type { CatalogInfo } from '../index/columns-catalog.js';
import type {
  ChannelColumns,
  CodeColumn,
  FieldColumn,
  FieldLevel,
  FieldNature,
  FieldValue,
  StructuredData,
} from '../index/columns-data.js';
import type { ChannelSettings } from '../index/columns-settings.js';
import type { StringTable } from '../index/string-table.js';
import type { ArtifactReader, SectionArray } from './container.js';

/**
 * The sections of a type's structured half, under `<position>.s.`: `meta` (JSON: fields with
 * their dictionaries, channels, signals, grain, result fields), the rows, a section per column of
 * every field (`f<i>.codes`, or `f<i>.offsets` and `f<i>.values`, or `f<i>.low` and `f<i>.high`),
 * per channel `c<j>.*`, per signal `g<k>`, and `signal_score`.
 */

interface FieldEntry {
  name: string;
  level: FieldLevel;
  nature: FieldNature;
  dict: FieldValue[];
  form: 'codes' | 'multi' | 'range';
}

interface StructuredMeta {
  rows: number;
  fields: FieldEntry[];
  channels: Array<{ id: string; currency?: string; currencies: string[] }>;
  signals: string[];
  datedSignals: Array<{ code: string; weight: number; halfLifeDays: number }>;
  weighted: boolean;
  grain: 'product' | 'variant';
  resultFields?: string[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function formOf(field: FieldColumn): FieldEntry['form'] {
  if (field.low) return 'range';
  return field.column.codes ? 'codes' : 'multi';
}

export function structuredSections(
  prefix: string,
  data: StructuredData,
): Array<readonly [string, SectionArray]> {
  const p = `${prefix}s.`;
  const meta: StructuredMeta = {
    rows: data.rows,
    fields: data.fields.map((field) => ({
      name: field.name,
      level: field.level,
      nature: field.nature,
      dict: [...field.dict],
      form: formOf(field),
    })),
    channels: data.channels.map(({ id, currency, currencies }) => ({
      id,
      currency,
      currencies: [...currencies],
    })),
    signals: data.signals.map((signal) => signal.code),
    datedSignals: data.datedSignals.map(({ code, weight, halfLifeDays }) => ({ code, weight, halfLifeDays })),
    weighted: data.weighted,
    grain: data.grain,
    ...(data.resultFields ? { resultFields: [...data.resultFields] } : {}),
  };
  const sections: Array<readonly [string, SectionArray]> = [
    [`${p}meta`, encoder.encode(JSON.stringify(meta))],
    [`${p}row_start`, data.rowStart],
    [`${p}catalog_position`, data.catalogPosition],
    [`${p}row_base`, data.rowBase],
    [`${p}row_ids.bytes`, data.rowIds.bytes],
    [`${p}row_ids.offsets`, data.rowIds.offsets],
    [`${p}row_stored.bytes`, data.rowStored.bytes],
    [`${p}row_stored.offsets`, data.rowStored.offsets],
    [`${p}signal_score`, data.signalScore],
  ];
  data.fields.forEach((field, i) => {
    const f = `${p}f${i}.`;
    if (field.low && field.high) sections.push([`${f}low`, field.low], [`${f}high`, field.high]);
    else if (field.column.codes) sections.push([`${f}codes`, field.column.codes]);
    else sections.push([`${f}offsets`, field.column.offsets!], [`${f}values`, field.column.values!]);
  });
  data.channels.forEach((channel, j) => {
    const c = `${p}c${j}.`;
    sections.push(
      [`${c}sold`, channel.sold],
      [`${c}price`, channel.price],
      [`${c}sale_price`, channel.salePrice],
      [`${c}window_rows`, channel.windowRows],
      [`${c}window_from`, channel.windowFrom],
      [`${c}window_until`, channel.windowUntil],
      [`${c}availability`, channel.availability],
      [`${c}delivery_min`, channel.deliveryMin],
      [`${c}delivery_max`, channel.deliveryMax],
      [`${c}stock`, channel.stock],
      [`${c}currency`, channel.currencyCodes],
    );
  });
  data.signals.forEach((signal, k) => {
    sections.push([`${p}g${k}`, signal.values]);
  });
  return sections;
}

function corrupt(type: string): Error {
  return new Error(`index artifact is corrupt: the structured sections of type "${type}" disagree`);
}

export function readStructured(
  reader: ArtifactReader,
  prefix: string,
  type: string,
  documents: number,
  readStringTable: (reader: ArtifactReader, name: string) => StringTable,
): StructuredData {
  const p = `${prefix}s.`;
  let meta: StructuredMeta;
  try {
    meta = JSON.parse(decoder.decode(reader.uint8(`${p}meta`))) as StructuredMeta;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('index artifact')) throw error;
    throw corrupt(type);
  }
  const rows = meta.rows;
  const rowStart = reader.uint32(`${p}row_start`);
  const slots = (level: FieldLevel) => (level === 'doc' ? documents : rows);
  const fields: FieldColumn[] = meta.fields.map((entry, i) => {
    const f = `${p}f${i}.`;
    const base = { name: entry.name, level: entry.level, nature: entry.nature, dict: entry.dict };
    const count = slots(entry.level);
    if (entry.form === 'range') {
      const low = reader.float64(`${f}low`);
      const high = reader.float64(`${f}high`);
      if (low.length !== count || high.length !== count) throw corrupt(type);
      return { ...base, column: {}, low, high };
    }
    let column: CodeColumn;
    if (entry.form === 'codes') {
      column = { codes: reader.uint32(`${f}codes`) };
      if (column.codes!.length !== count) throw corrupt(type);
    } else {
      column = { offsets: reader.uint32(`${f}offsets`), values: reader.uint32(`${f}values`) };
      if (column.offsets!.length !== count + 1 || column.offsets![count] !== column.values!.length)
        throw corrupt(type);
    }
    return { ...base, column };
  });
  const channels: ChannelColumns[] = meta.channels.map((channel, j) => {
    const c = `${p}c${j}.`;
    const columns: ChannelColumns = {
      id: channel.id,
      currency: channel.currency,
      currencies: channel.currencies,
      sold: reader.uint8(`${c}sold`),
      price: reader.float64(`${c}price`),
      salePrice: reader.float64(`${c}sale_price`),
      windowRows: reader.uint32(`${c}window_rows`),
      windowFrom: reader.float64(`${c}window_from`),
      windowUntil: reader.float64(`${c}window_until`),
      availability: reader.uint8(`${c}availability`),
      deliveryMin: reader.uint16(`${c}delivery_min`),
      deliveryMax: reader.uint16(`${c}delivery_max`),
      stock: reader.float64(`${c}stock`),
      currencyCodes: reader.uint8(`${c}currency`),
    };
    const perRow = [
      columns.sold,
      columns.price,
      columns.salePrice,
      columns.availability,
      columns.deliveryMin,
      columns.deliveryMax,
      columns.stock,
      columns.currencyCodes,
    ];
    if (perRow.some((array) => array.length !== rows)) throw corrupt(type);
    return columns;
  });
  const signals = meta.signals.map((code, k) => ({ code, values: reader.float64(`${p}g${k}`) }));
  const datedSignals = meta.datedSignals.map((dated) => {
    const values = signals.find((signal) => signal.code === dated.code)?.values;
    if (values === undefined) throw corrupt(type);
    return { ...dated, values };
  });
  const data: StructuredData = {
    rows,
    catalogPosition: reader.uint32(`${p}catalog_position`),
    rowBase: reader.uint32(`${p}row_base`),
    rowStart,
    rowIds: readStringTable(reader, `${p}row_ids`),
    rowStored: readStringTable(reader, `${p}row_stored`),
    fields,
    channels,
    signals,
    signalScore: reader.float32(`${p}signal_score`),
    datedSignals,
    weighted: meta.weighted,
    grain: meta.grain,
    resultFields: meta.resultFields,
  };
  const consistent =
    rowStart.length === documents + 1 &&
    rowStart[documents] === rows &&
    data.catalogPosition.length === documents &&
    data.rowBase.length === documents + 1 &&
    data.rowBase[documents] === rows &&
    data.rowIds.offsets.length === rows + 1 &&
    data.rowStored.offsets.length === rows + 1 &&
    data.signalScore.length === documents &&
    signals.every((signal) => signal.values.length === documents);
  if (!consistent) throw corrupt(type);
  return data;
}

/** What every type shares: the catalog's categories and brands, and the release's attributes and channels. */
export interface SharedMeta {
  catalog: CatalogInfo;
  attributes: Attribute[];
  channels: ChannelSettings[];
  /** The source locale of the catalog's plain texts. */
  locale?: string;
}

export function sharedSection(shared: SharedMeta): readonly [string, SectionArray] {
  return ['shared', encoder.encode(JSON.stringify(shared))];
}

export function readShared(reader: ArtifactReader): SharedMeta {
  try {
    const shared = JSON.parse(decoder.decode(reader.uint8('shared'))) as SharedMeta;
    if (typeof shared === 'object' && shared !== null && Array.isArray(shared.channels)) return shared;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('index artifact')) throw error;
  }
  throw new Error(
    'index artifact is corrupt: its shared section is not the catalog and release it should hold',
  );
}
