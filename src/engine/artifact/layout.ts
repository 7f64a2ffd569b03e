import { BUILT_IN_FIELDS } from '../index/fields.js';
import type { StemTable } from '../index/stems.js';
import type { StringTable } from '../index/string-table.js';
import type { TypeData } from '../index/type-data.js';
import type { TypeSchema } from '../settings.js';
import {
  readShared,
  readStructured,
  type SharedMeta,
  sharedSection,
  structuredSections,
} from './columns-layout.js';
import { type ArtifactReader, type SectionArray, writeArtifact } from './container.js';

/**
 * Which sections hold an index: `meta` (JSON: the built-in text fields this version knows, and
 * per type in section order its name, document count and schema: index fields with weights and
 * kinds, typo and prefix settings, stemmed languages), then per type, under the prefix
 * `<position>.`, one section per array of its TypeData, and per stemmed language the four arrays
 * of its stem table under `<position>.stems.<language>.`. Attachments, bytes the engine stores for
 * others without reading them, are sections of their own under `attachment.<name>`; an artifact
 * may hold none.
 */
interface Meta {
  fields: readonly string[];
  types: Array<{ type: string; documents: number; schema: TypeSchema }>;
}

const ATTACHMENT_PREFIX = 'attachment.';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function encodeIndex(
  types: readonly TypeData[],
  shared: SharedMeta,
  attachments: Readonly<Record<string, Uint8Array>> = {},
): Uint8Array {
  const meta: Meta = {
    fields: BUILT_IN_FIELDS,
    types: types.map(({ type, documents, schema }) => ({ type, documents, schema })),
  };
  const sections: Array<readonly [string, SectionArray]> = [
    ['meta', encoder.encode(JSON.stringify(meta))],
    sharedSection(shared),
  ];
  types.forEach((data, position) => {
    const prefix = `${position}.`;
    const { postings } = data;
    sections.push(
      [`${prefix}weights`, data.weights],
      [`${prefix}terms.bytes`, data.terms.bytes],
      [`${prefix}terms.offsets`, data.terms.offsets],
      [`${prefix}postings.start`, postings.start],
      [`${prefix}postings.docs`, postings.docs],
      [`${prefix}postings.tf`, postings.tf],
      [`${prefix}postings.position_start`, postings.positionStart],
      [`${prefix}postings.positions`, postings.positions],
      [`${prefix}field_lengths`, data.fieldLengths],
      [`${prefix}ids.bytes`, data.ids.bytes],
      [`${prefix}ids.offsets`, data.ids.offsets],
      [`${prefix}stored.bytes`, data.stored.bytes],
      [`${prefix}stored.offsets`, data.stored.offsets],
    );
    for (const language of data.schema.languages) {
      const table = data.stems[language];
      if (!table) continue;
      const at = `${prefix}stems.${language}.`;
      sections.push(
        [`${at}bytes`, table.stems.bytes],
        [`${at}offsets`, table.stems.offsets],
        [`${at}start`, table.start],
        [`${at}terms`, table.terms],
      );
    }
    sections.push(...structuredSections(prefix, data.structured));
  });
  for (const name of Object.keys(attachments).sort()) {
    if (name === '') throw new RangeError('an attachment needs a name');
    sections.push([`${ATTACHMENT_PREFIX}${name}`, attachments[name]!]);
  }
  return writeArtifact(sections);
}

/** The attachments of an artifact by name: views over its bytes, none copied. */
export function decodeAttachments(reader: ArtifactReader): Map<string, Uint8Array> {
  const attachments = new Map<string, Uint8Array>();
  for (const name of reader.names()) {
    if (name.startsWith(ATTACHMENT_PREFIX))
      attachments.set(name.slice(ATTACHMENT_PREFIX.length), reader.uint8(name));
  }
  return attachments;
}

export function decodeIndex(reader: ArtifactReader): { types: TypeData[]; shared: SharedMeta } {
  const meta = readMeta(reader);
  const types = meta.types.map(({ type, documents, schema }, position) => {
    const prefix = `${position}.`;
    const terms = readStringTable(reader, `${prefix}terms`);
    const termCount = terms.offsets.length - 1;
    const fieldCount = schema.fields.length;
    const postings = {
      start: reader.uint32(`${prefix}postings.start`),
      docs: reader.uint32(`${prefix}postings.docs`),
      tf: reader.uint8(`${prefix}postings.tf`),
      positionStart: reader.uint32(`${prefix}postings.position_start`),
      positions: reader.uint16(`${prefix}postings.positions`),
    };
    const stems: Record<string, StemTable> = {};
    for (const language of schema.languages)
      stems[language] = readStemTable(reader, `${prefix}stems.${language}.`, termCount);
    const data: TypeData = {
      type,
      documents,
      schema,
      weights: reader.float64(`${prefix}weights`),
      terms,
      postings,
      fieldLengths: reader.uint16(`${prefix}field_lengths`),
      ids: readStringTable(reader, `${prefix}ids`),
      stored: readStringTable(reader, `${prefix}stored`),
      stems,
      structured: readStructured(reader, prefix, type, documents, readStringTable),
    };
    const consistent =
      data.weights.length === fieldCount &&
      postings.start.length === termCount + 1 &&
      isAscending(postings.start, postings.docs.length) &&
      postings.tf.length === postings.docs.length * fieldCount &&
      postings.positionStart.length === postings.docs.length + 1 &&
      isAscending(postings.positionStart, postings.positions.length) &&
      data.fieldLengths.length === documents * fieldCount &&
      data.ids.offsets.length === documents + 1 &&
      data.stored.offsets.length === documents + 1;
    if (!consistent) throw new Error(`index artifact is corrupt: the sections of type "${type}" disagree`);
    return data;
  });
  return { types, shared: readShared(reader) };
}

function readMeta(reader: ArtifactReader): Meta {
  const bytes = reader.uint8('meta');
  let meta: Meta;
  try {
    meta = JSON.parse(decoder.decode(bytes)) as Meta;
  } catch {
    throw new Error('index artifact is corrupt: its meta section is not JSON');
  }
  if (
    typeof meta !== 'object' ||
    meta === null ||
    !Array.isArray(meta.types) ||
    !Array.isArray(meta.fields)
  ) {
    throw new Error('index artifact is corrupt: its meta section lacks types or fields');
  }
  if (meta.fields.join() !== BUILT_IN_FIELDS.join()) {
    throw new Error(
      `index artifact indexes fields ${meta.fields} but this version expects ${BUILT_IN_FIELDS}`,
    );
  }
  for (const { type, schema } of meta.types) {
    if (
      typeof schema !== 'object' ||
      schema === null ||
      !Array.isArray(schema.fields) ||
      !Array.isArray(schema.languages) ||
      typeof schema.typos !== 'object'
    ) {
      throw new Error(`index artifact is corrupt: type "${type}" lacks its schema`);
    }
  }
  return meta;
}

function readStemTable(reader: ArtifactReader, name: string, termCount: number): StemTable {
  const table = {
    stems: readStringTable(reader, name.slice(0, -1)),
    start: reader.uint32(`${name}start`),
    terms: reader.uint32(`${name}terms`),
  };
  const sound =
    table.start.length === table.stems.offsets.length &&
    isAscending(table.start, table.terms.length) &&
    table.terms.every((id) => id < termCount);
  if (!sound) throw new Error(`index artifact is corrupt: stem table "${name}" disagrees with its terms`);
  return table;
}

function readStringTable(reader: ArtifactReader, name: string): StringTable {
  const bytes = reader.uint8(`${name}.bytes`);
  // A Buffer over the same memory: it decodes a string without a view of its bytes (see stringAt).
  const table = {
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    offsets: reader.uint32(`${name}.offsets`),
  };
  if (table.offsets.length === 0 || !isAscending(table.offsets, table.bytes.length)) {
    throw new Error(`index artifact is corrupt: string table "${name}" has bad offsets`);
  }
  return table;
}

/** Offsets start at 0, never decrease, and end exactly at `end`. */
function isAscending(offsets: Uint32Array, end: number): boolean {
  if (offsets[0] !== 0 || offsets[offsets.length - 1] !== end) return false;
  for (let i = 1; i < offsets.length; i++) if (offsets[i]! < offsets[i - 1]!) return false;
  return true;
}
