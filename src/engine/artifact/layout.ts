import { FIELD_COUNT, TEXT_FIELDS } from '../index/fields.js';
import type { StringTable } from '../index/string-table.js';
import type { TypeData } from '../index/type-data.js';
import {
  readShared,
  readStructured,
  type SharedMeta,
  sharedSection,
  structuredSections,
} from './columns-layout.js';
import { type ArtifactReader, type SectionArray, writeArtifact } from './container.js';

/**
 * Which sections hold an index: `meta` (JSON: the text fields and the types in section order),
 * then per type, under the prefix `<position>.`, one section per array of its TypeData.
 */
interface Meta {
  fields: readonly string[];
  types: Array<{ type: string; documents: number }>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function encodeIndex(types: readonly TypeData[], shared: SharedMeta): Uint8Array {
  const meta: Meta = {
    fields: TEXT_FIELDS,
    types: types.map(({ type, documents }) => ({ type, documents })),
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
      [`${prefix}field_lengths`, data.fieldLengths],
      [`${prefix}ids.bytes`, data.ids.bytes],
      [`${prefix}ids.offsets`, data.ids.offsets],
      [`${prefix}stored.bytes`, data.stored.bytes],
      [`${prefix}stored.offsets`, data.stored.offsets],
    );
    sections.push(...structuredSections(prefix, data.structured));
  });
  return writeArtifact(sections);
}

export function decodeIndex(reader: ArtifactReader): { types: TypeData[]; shared: SharedMeta } {
  const meta = readMeta(reader);
  const types = meta.types.map(({ type, documents }, position) => {
    const prefix = `${position}.`;
    const terms = readStringTable(reader, `${prefix}terms`);
    const termCount = terms.offsets.length - 1;
    const postings = {
      start: reader.uint32(`${prefix}postings.start`),
      docs: reader.uint32(`${prefix}postings.docs`),
      tf: reader.uint8(`${prefix}postings.tf`),
    };
    const data: TypeData = {
      type,
      documents,
      weights: reader.float64(`${prefix}weights`),
      terms,
      postings,
      fieldLengths: reader.uint16(`${prefix}field_lengths`),
      ids: readStringTable(reader, `${prefix}ids`),
      stored: readStringTable(reader, `${prefix}stored`),
      structured: readStructured(reader, prefix, type, documents, readStringTable),
    };
    const consistent =
      data.weights.length === FIELD_COUNT &&
      postings.start.length === termCount + 1 &&
      isAscending(postings.start, postings.docs.length) &&
      postings.tf.length === postings.docs.length * FIELD_COUNT &&
      data.fieldLengths.length === documents * FIELD_COUNT &&
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
  if (meta.fields.join() !== TEXT_FIELDS.join()) {
    throw new Error(`index artifact indexes fields ${meta.fields} but this version expects ${TEXT_FIELDS}`);
  }
  return meta;
}

function readStringTable(reader: ArtifactReader, name: string): StringTable {
  const table = { bytes: reader.uint8(`${name}.bytes`), offsets: reader.uint32(`${name}.offsets`) };
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
