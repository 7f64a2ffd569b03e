import type { CatalogEntity } from '../contracts/catalog-entity.js';
import type {
  ColumnRead,
  DerivedFile,
  HowRead,
  Inspection,
  ReadCounts,
  RejectedGroup,
} from '../contracts/inspection.js';
import type { AttributesFile } from '../contracts/release-files/attributes.js';
import type { ChannelsFile } from '../contracts/release-files/channels.js';
import type { FeedFile } from '../contracts/release-files/feed.js';
import { AppError } from '../lib/errors.js';
import { decodeAll, detectEncoding, encodingOfHead, isKnownEncoding } from './encoding.js';
import { detailsOf, renderInspection, SHOWN_PRODUCTS } from './inspection/render.js';
import { cellTooLongCause, type ExportLimits, tooLongLine } from './limits.js';
import { aliasOf } from './mapping/aliases.js';
import { RowMapper } from './mapping/apply.js';
import { BrandBook } from './mapping/brands.js';
import { CategoryTree } from './mapping/categories.js';
import { planAuto } from './mapping/decide.js';
import { deriveFiles, type ProductStats } from './mapping/derive.js';
import { planEntities } from './mapping/entity-plan.js';
import { readNameParts } from './mapping/evidence/name-parts.js';
import { planFromFeed } from './mapping/feed-plan.js';
import { Assembler } from './mapping/group.js';
import { normalizeName } from './mapping/names.js';
import type { MappingPlan } from './mapping/plan.js';
import { FileProfile } from './mapping/profile.js';
import { type ReadDefaults, readDefaults } from './mapping/read-defaults.js';
import type { Decimal } from './mapping/values.js';
import { writeFeed } from './mapping/write-feed.js';
import { openDelimited } from './readers/delimited.js';
import { findRecordsKey, openJsonRecords } from './readers/json-records.js';
import { openJsonLines } from './readers/jsonl.js';
import { openMerchantFeed } from './readers/merchant-feed.js';
import { type Cell, cellText, isRecord, type Row, type RowReader } from './readers/rows.js';
import { TextRun } from './readers/text-runs.js';
import { openWorkbook } from './readers/workbook.js';
import { noCatalog, parserSaid } from './refusal.js';
import { type RejectedRows, Rejections } from './report.js';
import { type ExportFormat, formatNames, sniffFormat } from './sniff.js';
import { type ByteSource, type ExportFile, firstLineOf, headOf, keepSource } from './source.js';

/** Rows an inspection with `sample` maps of a file larger than WHOLE_FILE_BYTES. */
export const SAMPLE_ROWS = 1000;
/** A file up to this size is read whole even when a sample is asked for. */
export const WHOLE_FILE_BYTES = 8 * 1024 * 1024;
/** Larger exports hand out their entities by mapping the rows again instead of holding them. */
const HOLD_BYTES = 64 * 1024 * 1024;
const HEAD_BYTES = 64 * 1024;
/** A JSON Lines file's first line is read whole up to this size to tell entities from records. */
const FIRST_LINE_BYTES = 16 * 1024 * 1024;
/** Bytes after the first line looked at for a second one. */
const SECOND_LINE_BYTES = 4096;

export interface ReadExportOptions {
  /** The release's feed.json: how to read the file and where its columns go. */
  feed?: FeedFile;
  /** The release's attributes.json: columns named like its attributes take their type. */
  attributes?: AttributesFile;
  /** The release's channels.json: the export's language and currency where feed.json says none. */
  channels?: ChannelsFile;
  /** Map only the first SAMPLE_ROWS rows of a file larger than WHOLE_FILE_BYTES. */
  sample?: boolean;
  /** The file's name as it arrived; it helps only where the bytes cannot tell the format. */
  fileName?: string;
  /** Keep every entity in memory; by default only for exports up to 64 MB. */
  holdEntities?: boolean;
  /** How much the export may make the readers read; by default DEFAULT_EXPORT_LIMITS. */
  limits?: ExportLimits;
  /** Stops the reading between rows, throwing the signal's reason. */
  signal?: AbortSignal;
}

/** What reading an export made of it. */
export interface ExportRead {
  /** The format the (decompressed) bytes showed. */
  format: ExportFormat;
  how: HowRead;
  /** Rows (records) in the file. */
  rows: number;
  /** Rows mapped, when `sample` limited the work to the first rows. */
  mappedRows?: number;
  columns: ColumnRead[];
  /** The mapping the columns were read with, as feed.json would hold it. */
  mapping: FeedFile;
  derivedFiles: DerivedFile[];
  /**
   * Products, then their categories and brands. Held in memory for exports up to 64 MB (or when
   * asked); otherwise each iteration maps the rows again, so memory stays near the file's size.
   */
  entities: CatalogEntity[] | AsyncIterable<CatalogEntity>;
  counts: ReadCounts;
  /** Rows left out, grouped by cause, most rows first. */
  rejected: RejectedGroup[];
  /** Every rejected row number by cause, for an index run's report. */
  rejectedRows: RejectedRows;
  /** The contract's inspection answer, with the first `products` products (default 10). */
  inspection(options?: { products?: number }): Inspection;
}

/**
 * Reads an export in whatever format a shop system wrote it: recognizes the format and the text
 * encoding from the bytes, profiles every column in one pass, maps the columns (by feed.json, or
 * by what their names and values show, each with a reason), then maps the rows into products,
 * their variants, categories and brands in a second pass. Rows that cannot be read are grouped by
 * cause, never dropped silently. Throws an `unprocessable` AppError when the bytes hold no export.
 */
export async function readExport(
  source: Uint8Array | AsyncIterable<Uint8Array> | ExportFile,
  options: ReadExportOptions = {},
): Promise<ExportRead> {
  const bytes = await keepSource(source, options.limits);
  const read = await readKept(bytes, options);
  if (read !== OTHER_SHAPE) return read;
  // The release's feed.json was written for other exports: its reading settings (delimiter, sheet,
  // header row, encoding) are of that shape too, so the bytes are read as they show themselves.
  const { feed, ...rest } = options;
  const shopSettings: FeedFile = {
    ...(feed?.locale ? { locale: feed.locale } : {}),
    ...(feed?.currency ? { currency: feed.currency } : {}),
  };
  const again = await readKept(bytes, { ...rest, feed: shopSettings }, OTHER_SHAPE_NOTE);
  if (again === OTHER_SHAPE) throw new Error('an export read without feed.json columns has no other shape');
  return again;
}

/** Read when the release's feed.json names none of an export's columns. */
const OTHER_SHAPE = Symbol('other shape');

const OTHER_SHAPE_NOTE =
  "The release's feed.json names none of this export's columns: the export is of another shape than the one it was written for, so a mapping was derived for it as for a first import. Publishing keeps reading it this way until feed.json names its columns.";

async function readKept(
  bytes: ByteSource,
  options: ReadExportOptions,
  otherShape?: string,
): Promise<ExportRead | typeof OTHER_SHAPE> {
  const head = await headOf(bytes, HEAD_BYTES);
  const sniffed = formatOf(head, options.fileName);
  const opened = await openReader(sniffed, bytes, head, options.feed);
  const format = opened.format;
  const reader = guardRows(opened.reader, bytes.limits, options.signal);
  const limit = options.sample && bytes.size > WHOLE_FILE_BYTES ? SAMPLE_ROWS : Number.POSITIVE_INFINITY;

  const profile = new FileProfile(isPriceName);
  // The rows of a small file are kept for the mapping pass instead of being parsed again; the bytes
  // read decide, not a gzip trailer that may lie about the size.
  let kept: Row[] | undefined = bytes.size <= WHOLE_FILE_BYTES ? [] : undefined;
  let rows = 0;
  for await (const row of reader.rows()) {
    rows++;
    if (kept && bytes.handedOut > WHOLE_FILE_BYTES) kept = undefined;
    kept?.push(row);
    if (rows <= limit && !row.problem) profile.add(row);
  }
  const rowSource: RowReader = kept ? { how: reader.how, rows: () => replay(kept) } : reader;
  const decimal: Decimal = options.feed?.decimal ?? decimalOf(profile);
  const how: HowRead = { ...reader.how, decimal, summary: '' };
  if (bytes.gzip) how.compression = 'gzip';
  how.summary = summaryOf(how);

  if (reader.how.kind !== 'jsonl' && namesNoColumn(options.feed, profile)) return OTHER_SHAPE;
  if (otherShape) how.summary = `${how.summary} ${otherShape}`;

  const defaults = readDefaults(options.feed, options.channels);
  const locale = defaults.locale?.value;
  const plan =
    reader.how.kind === 'jsonl'
      ? planEntities(profile, options.attributes, locale)
      : options.feed?.columns && options.feed.columns.length > 0
        ? planFromFeed(profile, options.feed, options.attributes, locale)
        : planAuto(profile, options.attributes, locale);

  if (otherShape) plan.notes.unshift({ pointer: '/columns', sentence: otherShape });
  const hold = options.holdEntities ?? bytes.size <= HOLD_BYTES;
  const pass = new MappingPass(rowSource, plan, decimal, defaults, limit);
  const stats = newStats();
  const held: CatalogEntity[] = [];
  const firstProducts: CatalogEntity[] = [];
  const counts: ReadCounts = { products: 0, variants: 0, categories: 0, brands: 0 };
  for await (const entity of pass.entities()) {
    if (hold) held.push(entity);
    count(entity, counts, stats);
    if (entity.type !== 'category' && entity.type !== 'brand' && firstProducts.length < SHOWN_PRODUCTS * 5) {
      firstProducts.push(entity);
    }
  }

  const attributes = [...plan.attributes.byCode.values()];
  const variantLevel = pass.variantLevel;
  const columns = columnReads(plan, profile, pass.unreadable);
  const written = writeFeed(plan, how, options.feed, defaults);
  const mapping = reader.how.kind === 'jsonl' ? {} : written.feed;
  const derivedFiles = deriveFiles(attributes, variantLevel, stats, counts);
  if (reader.how.kind !== 'jsonl')
    derivedFiles.push({ name: 'feed.json', content: mapping, reasons: written.reasons });
  const rejected = pass.rejections.groupsForInspection();
  const details = detailsOf(attributes, stats, variantLevel);
  const mappedRows = Number.isFinite(limit) && rows > limit ? limit : undefined;

  const read: ExportRead = {
    format,
    how,
    rows,
    columns,
    mapping,
    derivedFiles,
    entities: hold
      ? held
      : {
          [Symbol.asyncIterator]: () =>
            new MappingPass(rowSource, plan, decimal, defaults, limit).entities()[Symbol.asyncIterator](),
        },
    counts,
    rejected,
    rejectedRows: pass.rejections.rows(),
    inspection: (inspectionOptions) =>
      renderInspection(
        {
          how,
          rows,
          ...(mappedRows !== undefined ? { mappedRows } : {}),
          columns,
          mapping,
          files: derivedFiles,
          counts,
          firstProducts,
          details,
          rejected,
        },
        inspectionOptions?.products,
      ),
  };
  if (mappedRows !== undefined) read.mappedRows = mappedRows;
  return read;
}

/** One pass that maps rows into entities, keeping what it rejected and could not read. */
class MappingPass {
  readonly rejections = new Rejections();
  private readonly mapper: RowMapper;
  private readonly tree = new CategoryTree();
  private readonly brands = new BrandBook();
  private readonly assembler: Assembler;

  constructor(
    private readonly reader: RowReader,
    plan: MappingPlan,
    decimal: Decimal,
    defaults: ReadDefaults,
    private readonly limit: number,
  ) {
    this.mapper = new RowMapper(plan, decimal, defaults);
    this.assembler = new Assembler(plan, this.rejections, this.tree, this.brands);
  }

  get unreadable(): Map<string, number> {
    return this.mapper.unreadable;
  }

  get variantLevel(): Set<string> {
    return this.assembler.variantLevel;
  }

  async *entities(): AsyncGenerator<CatalogEntity> {
    let rows = 0;
    for await (const row of this.reader.rows()) {
      if (++rows > this.limit) break;
      const cells = () => [...row.cells].map(([name, cell]): [string, string] => [name, cellText(cell)]);
      if (row.problem) {
        this.rejections.add(row.problem, row.number, cells());
        continue;
      }
      if (row.entity) {
        yield row.entity;
        continue;
      }
      const record = this.mapper.map(row);
      if (record.problem) {
        this.rejections.add(record.problem, row.number, cells());
        continue;
      }
      yield* this.assembler.add(record);
    }
    yield* this.assembler.finish();
    yield* this.tree.entities();
    yield* this.brands.entities();
  }
}

/**
 * feed.json names columns, and none of them is a column of this export (its entries neither name
 * one nor match one by pattern): it was written for exports of another shape. An export that
 * shares even one column with it is read by it, so a merchandiser's mapping is never replaced
 * because some columns were added or renamed.
 */
function namesNoColumn(feed: FeedFile | undefined, profile: FileProfile): boolean {
  const entries = feed?.columns ?? [];
  if (entries.length === 0 || profile.columns.size === 0) return false;
  for (const name of profile.columns.keys()) {
    for (const { column } of entries) {
      if (column.endsWith('*') ? name.startsWith(column.slice(0, -1)) : column === name) return false;
    }
  }
  return true;
}

async function* replay(rows: Row[]): AsyncIterable<Row> {
  yield* rows;
}

/**
 * A reader whose rows are checked on the way: a row with a cell over the limit is left out with
 * the cause, and whatever a parser throws that is not a refusal of ours (csv-parse, saxes and
 * exceljs each have their own errors) becomes the 422 of an export that cannot be read, never a
 * 500. The signal stops the reading between rows.
 */
function guardRows(reader: RowReader, limits: ExportLimits, signal: AbortSignal | undefined): RowReader {
  return {
    how: reader.how,
    async *rows() {
      let last = 0;
      try {
        for await (const row of reader.rows()) {
          signal?.throwIfAborted();
          last = row.number;
          yield !row.problem && !row.entity && cellsTooLong(row, limits.cellChars)
            ? { number: row.number, cells: new Map(), problem: cellTooLongCause(limits) }
            : row;
        }
      } catch (error) {
        if (error instanceof AppError || signal?.aborted) throw error;
        throw noCatalog(`reading stopped after row ${last}: ${parserSaid(error)}`);
      }
    },
  };
}

function cellsTooLong(row: Row, maxChars: number): boolean {
  for (const cell of row.cells.values()) if (cellLength(cell, maxChars) > maxChars) return true;
  return false;
}

/** A cell's characters, counted until they pass `maxChars`; lists and records count their parts. */
function cellLength(cell: Cell, maxChars: number): number {
  if (typeof cell === 'string') return cell.length;
  if (typeof cell !== 'object') return 0;
  let length = 0;
  for (const part of Array.isArray(cell) ? cell : Object.values(cell)) {
    length += cellLength(part, maxChars);
    if (length > maxChars) break;
  }
  return length;
}

function formatOf(head: Uint8Array, fileName: string | undefined): ExportFormat {
  const format = sniffFormat(head);
  if (format === 'gzip') throw noCatalog('it is gzip inside gzip: compress the export once');
  if (format === 'unknown' && fileName && /\.(csv|tsv|txt)$/i.test(fileName))
    return /\.tsv$/i.test(fileName) ? 'tsv' : 'csv';
  if (format === 'empty') throw noCatalog('it is empty');
  if (format === 'unknown') throw noCatalog(`it looks like ${formatNames.unknown}`);
  return format;
}

async function openReader(
  format: ExportFormat,
  bytes: ByteSource,
  head: Uint8Array,
  feed: FeedFile | undefined,
): Promise<{ format: ExportFormat; reader: RowReader }> {
  if (format === 'xlsx') {
    const settings = {
      ...(feed?.sheet ? { sheet: feed.sheet } : {}),
      ...(feed?.header_row ? { headerRow: feed.header_row } : {}),
    };
    return { format, reader: openWorkbook(bytes, settings) };
  }
  const encoding = await encodingFor(format, bytes, head, feed);
  const headText = decodeAll(head, encoding);
  switch (format) {
    case 'csv':
    case 'tsv': {
      const delimiter = feed?.delimiter ?? (format === 'tsv' ? '\t' : undefined);
      const settings = {
        encoding,
        ...(delimiter ? { delimiter } : {}),
        ...(feed?.header_row ? { headerRow: feed.header_row } : {}),
      };
      return { format, reader: openDelimited(bytes, headText, settings) };
    }
    case 'xml':
      return { format, reader: openMerchantFeed(bytes, headText, encoding) };
    default: {
      const layout = await jsonLayout(bytes, encoding);
      if (layout === 'entities') return { format: 'jsonl', reader: openJsonLines(bytes, encoding) };
      if (layout === 'lines') return { format: 'jsonl', reader: openJsonRecords(bytes, encoding, true) };
      const key = await findRecordsKey(bytes, encoding);
      const reader = openJsonRecords(bytes, encoding, false);
      if (key !== '') reader.how.records = key;
      return { format: 'json', reader };
    }
  }
}

/** feed.json's encoding when it gives one; the one an XML declaration names; else from the bytes. */
async function encodingFor(
  format: ExportFormat,
  bytes: ByteSource,
  head: Uint8Array,
  feed: FeedFile | undefined,
): Promise<string> {
  if (feed?.encoding) {
    if (!isKnownEncoding(feed.encoding))
      throw new AppError(
        'export_unreadable',
        `feed.json names the encoding "${feed.encoding}", which aisle does not know.`,
      );
    return feed.encoding;
  }
  if (format === 'xml' && !encodingOfHead(head)) {
    const declared = /^\s*<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(
      decodeAll(head.subarray(0, 200), 'latin1'),
    )?.[1];
    if (declared && isKnownEncoding(declared)) return declared.toLowerCase();
  }
  return detectEncoding(head, () =>
    format === 'csv' || format === 'tsv' ? linesWithinLimit(bytes) : bytes.open(),
  );
}

/**
 * Delimited text's bytes, refused at the first line longer than the line limit. The encoding is
 * looked for in the whole file before its rows are read: a line the reader would refuse must stop
 * that look at the limit too, instead of letting one endless field decompress to the end.
 */
async function* linesWithinLimit(bytes: ByteSource): AsyncIterable<Uint8Array> {
  const line = new TextRun([0x0a, 0x0d], bytes.limits.lineChars);
  for await (const chunk of bytes.open()) {
    if (!line.within(chunk)) throw tooLongLine(bytes.limits, 'a row');
    yield chunk;
  }
}

/**
 * How a JSON file holds its records. A first line that is a whole object with an entity type is
 * aisle's own JSON Lines (even when the line is not a valid entity, which then counts as a
 * rejected line); other objects, one per line, are records to map; anything else, a single line
 * included, is one JSON document holding the records.
 */
async function jsonLayout(bytes: ByteSource, encoding: string): Promise<'entities' | 'lines' | 'document'> {
  const line = await firstLineOf(bytes, FIRST_LINE_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(decodeAll(line, encoding));
  } catch {
    return 'document';
  }
  if (!isRecord(value)) return 'document';
  if (typeof value.type === 'string') return 'entities';
  const after = decodeAll(await headOf(bytes, line.length + SECOND_LINE_BYTES), encoding).slice(
    decodeAll(line, encoding).length,
  );
  return after.trim() === '' ? 'document' : 'lines';
}

function isPriceName(name: string): boolean {
  const normalized = normalizeName(name);
  const field = aliasOf(normalized)?.field ?? readNameParts(normalized)?.field;
  return field === 'price' || field === 'sale_price';
}

/** The decimal mark the file's numbers show: a comma when more numbers show one than a dot. */
function decimalOf(profile: FileProfile): Decimal {
  let comma = 0;
  let dot = 0;
  for (const column of profile.columns.values()) {
    comma += column.commaShown;
    dot += column.dotShown;
  }
  return comma > dot ? ',' : '.';
}

const KIND_WORDS: Record<HowRead['kind'], string> = {
  jsonl: "aisle's own JSON Lines entities",
  delimited: 'delimited text',
  workbook: 'a spreadsheet workbook',
  merchant_feed: 'an XML product feed',
  json_records: 'JSON records',
};

function summaryOf(how: HowRead): string {
  const parts = [`Read as ${how.compression ? 'gzip-compressed ' : ''}${KIND_WORDS[how.kind]}`];
  if (how.encoding) parts.push(`in ${how.encoding}`);
  if (how.delimiter)
    parts.push(`with cells split at ${how.delimiter === '\t' ? 'tabs' : `"${how.delimiter}"`}`);
  if (how.sheet) parts.push(`from sheet "${how.sheet}"`);
  if (how.header_row) parts.push(`with column names in row ${how.header_row}`);
  if (how.records)
    parts.push(
      how.kind === 'merchant_feed'
        ? `taking each ${how.records} element as a product row`
        : `taking the records ${how.records === 'one record per line' ? 'one per line' : `under "${how.records}"`}`,
    );
  return `${parts.join(', ')}; numbers use "${how.decimal}" as decimal mark.`;
}

function newStats(): ProductStats {
  return { products: 0, fields: new Map(), attributes: new Map() };
}

/** Values of an attribute remembered for the derived files and the details' samples. */
const STAT_VALUES = 50;

function count(entity: CatalogEntity, counts: ReadCounts, stats: ProductStats): void {
  if (entity.type === 'category') {
    counts.categories++;
    return;
  }
  if (entity.type === 'brand') {
    counts.brands++;
    return;
  }
  counts.products++;
  stats.products++;
  const offers = entity.variants && entity.variants.length > 0 ? entity.variants : [entity];
  counts.variants += entity.variants?.length ?? 0;
  const fields = new Set<string>();
  for (const field of ['title', 'description', 'url', 'image', 'brand', 'keywords'] as const) {
    if (entity[field] !== undefined) fields.add(field);
  }
  for (const offer of offers) {
    for (const field of ['price', 'sale_price', 'currency', 'availability', 'delivery_days'] as const) {
      if (offer[field] !== undefined) fields.add(field);
    }
  }
  for (const field of fields) stats.fields.set(field, (stats.fields.get(field) ?? 0) + 1);
  const seen = new Set<string>();
  for (const attributes of [
    entity.attributes,
    ...(entity.variants ?? []).map((variant) => variant.attributes),
  ]) {
    for (const [code, value] of Object.entries(attributes ?? {})) {
      let stat = stats.attributes.get(code);
      if (!stat) {
        stat = { products: 0, values: new Set() };
        stats.attributes.set(code, stat);
      }
      if (!seen.has(code)) {
        seen.add(code);
        stat.products++;
      }
      for (const item of Array.isArray(value) ? value : [value]) {
        if (stat.values.size >= STAT_VALUES) break;
        stat.values.add(typeof item === 'object' ? JSON.stringify(item) : String(item));
      }
    }
  }
}

function columnReads(plan: MappingPlan, profile: FileProfile, unreadable: Map<string, number>): ColumnRead[] {
  return plan.columns.map((column) => {
    const profiled = profile.columns.get(column.column);
    const read: ColumnRead = {
      name: column.column,
      filled: profiled?.filled ?? 0,
      samples: profiled?.samples.slice(0, 5) ?? [],
      destination: column.target,
      reason: { code: column.reason, sentence: column.sentence },
    };
    const left = unreadable.get(column.column);
    if (left) read.unreadable = left;
    return read;
  });
}
