import { type Static, Type } from '@sinclair/typebox';
import { CatalogEntity } from './catalog-entity.js';
import { AttributeType } from './release-files/attributes.js';
import { FeedFile } from './release-files/feed.js';

/** How an export's file was read. */
export const ExportKind = Type.Union(
  [
    Type.Literal('jsonl'),
    Type.Literal('delimited'),
    Type.Literal('workbook'),
    Type.Literal('merchant_feed'),
    Type.Literal('json_records'),
  ],
  {
    description:
      "`jsonl` aisle's own JSON Lines entities; `delimited` CSV or TSV text; `workbook` a spreadsheet (xlsx); `merchant_feed` an XML product feed (RSS 2.0 or Atom, with Google's `g:` fields); `json_records` a JSON array of records, or an object holding one.",
  },
);
export type ExportKind = Static<typeof ExportKind>;

export const HowRead = Type.Object(
  {
    kind: ExportKind,
    compression: Type.Optional(Type.Literal('gzip', { description: 'The file was gzip-compressed.' })),
    encoding: Type.Optional(
      Type.String({ description: 'Text encoding the file was read in, such as `utf-8` or `windows-1252`.' }),
    ),
    delimiter: Type.Optional(Type.String({ description: 'The character between cells of delimited text.' })),
    decimal: Type.Union([Type.Literal('.'), Type.Literal(',')], {
      description: 'The decimal mark numbers are read with.',
    }),
    sheet: Type.Optional(Type.String({ description: "The workbook's sheet the rows were read from." })),
    header_row: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The row (counted from 1) holding the column names.' }),
    ),
    records: Type.Optional(
      Type.String({
        description:
          'Where the records were found: the XML elements (such as `rss/channel/item`), or the key of the JSON object holding the array.',
      }),
    ),
    summary: Type.String({ description: 'How the file was read, in one sentence.' }),
  },
  { additionalProperties: false },
);
export type HowRead = Static<typeof HowRead>;

/** Why a column goes where it goes: the contract's closed list of column reasons. */
export const COLUMN_REASONS = [
  'named_by_feed',
  'not_named',
  'alias',
  'attribute',
  'price_pair',
  'names_in_sibling',
  'names_column',
  'names_missing',
  'name_value_pairs',
  'made_attribute',
  'shipping_tax_ads',
  'empty',
] as const;
export type ColumnReasonCode = (typeof COLUMN_REASONS)[number];

export const ColumnReason = Type.Object(
  {
    code: Type.Union(
      COLUMN_REASONS.map((code) => Type.Literal(code)),
      {
        description:
          "`named_by_feed` named by feed.json; `not_named` feed.json does not name it, so it is left out; `alias` a known name of the field; `attribute` the code, label or source name of an attribute in attributes.json; `price_pair` one of a regular and a reduced price; `names_in_sibling` values whose names stand in a sibling column; `names_column` the names of a sibling column's values; `names_missing` values whose names column is empty; `name_value_pairs` each cell holds several names with their values; `made_attribute` unknown, so made an attribute named after the column; `shipping_tax_ads` shipping, tax or advertising data, which search does not use; `empty` no row fills it.",
      },
    ),
    sentence: Type.String({ description: 'The reason for a merchandiser, in one or two sentences.' }),
  },
  { additionalProperties: false },
);
export type ColumnReason = Static<typeof ColumnReason>;

export const ColumnRead = Type.Object(
  {
    name: Type.String({ description: 'The column name as the file writes it.' }),
    filled: Type.Integer({ minimum: 0, description: 'Rows with a value in this column.' }),
    samples: Type.Array(Type.String(), {
      maxItems: 5,
      description: 'Up to five different values, as the file writes them.',
    }),
    destination: Type.String({
      description:
        'Where the values go, as a feed.json target: a catalog field, `attributes.<code>`, `signals.<code>`, `option_name`, `option_value`, `attribute_names`, `attribute_values`, `attribute_pairs`, or `ignore`.',
    }),
    unreadable: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: "Values left out because they cannot be read as the destination's type.",
      }),
    ),
    reason: ColumnReason,
  },
  { additionalProperties: false },
);
export type ColumnRead = Static<typeof ColumnRead>;

export const SettingReason = Type.Object(
  {
    pointer: Type.String({ description: 'JSON pointer to the setting within the file.' }),
    sentence: Type.String({ description: 'Why the setting is what it is.' }),
  },
  { additionalProperties: false },
);
export type SettingReason = Static<typeof SettingReason>;

export const DerivedFile = Type.Object(
  {
    name: Type.String({ description: 'The release file, such as `attributes.json`.' }),
    content: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The file as the export suggests it, valid against its JSON Schema.',
    }),
    reasons: Type.Array(SettingReason, { description: 'Each derived setting with its reason.' }),
  },
  { additionalProperties: false },
);
export type DerivedFile = Static<typeof DerivedFile>;

export const ReadCounts = Type.Object(
  {
    products: Type.Integer({ minimum: 0 }),
    variants: Type.Integer({
      minimum: 0,
      description: 'Variants of products that have them; a product without variants counts none.',
    }),
    categories: Type.Integer({ minimum: 0 }),
    brands: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type ReadCounts = Static<typeof ReadCounts>;

export const Tile = Type.Object(
  {
    entity: Type.String({ description: 'The product as `type:id`.' }),
    title: Type.Optional(Type.String()),
    image: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    brand: Type.Optional(Type.String()),
    price: Type.Optional(Type.Number({ description: 'The lowest regular price of its offers.' })),
    sale_price: Type.Optional(
      Type.Number({ description: 'The lowest reduced price, where an offer is reduced.' }),
    ),
    currency: Type.Optional(Type.String()),
    availability: Type.Optional(Type.String({ description: 'In stock when any of its variants is.' })),
    variants: Type.Optional(Type.Integer({ minimum: 1, description: 'How many variants it offers.' })),
    choices: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String()), {
        description: 'Per attribute its variants differ by, the values they offer.',
      }),
    ),
  },
  { additionalProperties: false, description: 'A product as one tile of a listing shows it.' },
);
export type Tile = Static<typeof Tile>;

export const InspectedProduct = Type.Object(
  {
    indexed: Type.Object(CatalogEntity.properties, {
      additionalProperties: false,
      description: 'The product as the index receives it, in the catalog entity format.',
    }),
    tile: Tile,
  },
  { additionalProperties: false },
);

export const ProductDetail = Type.Object(
  {
    code: Type.String({ description: 'The attribute code.' }),
    label: Type.String(),
    type: AttributeType,
    unit: Type.Optional(Type.String()),
    level: Type.Union([Type.Literal('product'), Type.Literal('variant')]),
    products: Type.Integer({ minimum: 1, description: 'Products that carry it.' }),
    samples: Type.Array(Type.String(), { maxItems: 5, description: 'Up to five different values.' }),
  },
  { additionalProperties: false, description: 'A detail of products that shoppers can meet.' },
);
export type ProductDetail = Static<typeof ProductDetail>;

export const RejectedGroup = Type.Object(
  {
    cause: Type.String({ description: 'Why the rows were left out, one sentence.' }),
    rows: Type.Integer({ minimum: 1, description: 'How many rows were left out for this cause.' }),
    row_numbers: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: 100,
      description:
        'The first rows left out, numbered as the file counts them: lines of JSON Lines, rows of delimited text and sheets (the header row included), records of JSON and XML.',
    }),
    sample: Type.Object(
      {
        row: Type.Integer({ minimum: 1 }),
        cells: Type.Record(Type.String(), Type.String(), {
          description: 'The filled cells of the first such row, by column name.',
        }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type RejectedGroup = Static<typeof RejectedGroup>;

/** `GET /imports/{import}/inspection`: what an import makes of its export. */
export const Inspection = Type.Object(
  {
    how: HowRead,
    rows: Type.Integer({ minimum: 0, description: 'Rows (records) in the file.' }),
    mapped_rows: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'Rows mapped when `sample` limits the work to the first rows; absent when every row was mapped.',
      }),
    ),
    columns: Type.Array(ColumnRead, { description: 'Every column in the order the file has them.' }),
    mapping: Type.Object(FeedFile.properties, {
      additionalProperties: false,
      description: 'The mapping the columns were read with, as feed.json holds it.',
    }),
    files: Type.Array(DerivedFile, {
      description: 'Release files derived from the export (attributes, types, categories, the feed mapping).',
    }),
    counts: ReadCounts,
    products: Type.Array(InspectedProduct, { description: 'The first products, as indexed and as tiles.' }),
    details: Type.Array(ProductDetail, {
      description: 'The product details shoppers could meet, most common first.',
    }),
    rejected: Type.Array(RejectedGroup, { description: 'Rows left out, grouped by cause, most rows first.' }),
  },
  { $id: 'Inspection', additionalProperties: false },
);
export type Inspection = Static<typeof Inspection>;
