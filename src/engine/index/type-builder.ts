import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { appendTokens } from '../analysis/tokenize.js';
import type { CompileContext } from './columns-catalog.js';
import type { StructuredSettings } from './columns-settings.js';
import { StructuredBuilder } from './columns-type-builder.js';
import { compareBytes } from './dictionary.js';
import { appendFieldTexts, FIELD_COUNT, TEXT_FIELDS } from './fields.js';
import { Growable } from './growable.js';
import { PostingsBuilder } from './postings-builder.js';
import { buildStringTable, joinEncoded } from './string-table.js';
import type { TypeData } from './type-data.js';

const MAX_FIELD_LENGTH = 0xffff;
const encoder = new TextEncoder();

/** Builds one type's index from its entities, given in catalog order (doc ids follow it). */
export class TypeBuilder {
  /** Term to id in first-seen order; ids are renumbered in sorted order at the end. */
  private readonly termIds = new Map<string, number>();
  private readonly postings = new PostingsBuilder();
  private readonly fieldLengths = new Growable((n) => new Uint16Array(n), FIELD_COUNT * 1024);
  private readonly ids: string[] = [];
  private readonly seen = new Set<string>();
  private readonly stored: string[] = [];
  private readonly structured: StructuredBuilder;
  /** Scratch reused for every field of every entity. */
  private readonly texts: string[] = [];
  private readonly tokens: string[] = [];

  constructor(
    readonly type: string,
    private readonly weights: Float64Array,
    structured: StructuredSettings = {},
  ) {
    this.structured = new StructuredBuilder(type, structured);
  }

  add(entity: CatalogEntity): void {
    if (this.seen.has(entity.id))
      throw new Error(`duplicate entity ${entity.type}:${entity.id} in the catalog`);
    this.seen.add(entity.id);
    const doc = this.ids.length;
    this.ids.push(entity.id);
    const lengthsAt = this.fieldLengths.extend(FIELD_COUNT);
    for (let field = 0; field < FIELD_COUNT; field++) {
      this.texts.length = 0;
      this.tokens.length = 0;
      appendFieldTexts(entity, TEXT_FIELDS[field]!, this.texts);
      for (const text of this.texts) appendTokens(text, this.tokens);
      this.fieldLengths.array[lengthsAt + field] = Math.min(this.tokens.length, MAX_FIELD_LENGTH);
      for (const token of this.tokens) this.postings.add(this.termId(token), doc, field);
    }
    this.stored.push(this.structured.stored(entity));
    this.structured.add(entity);
  }

  build(context: CompileContext): TypeData {
    const terms = [...this.termIds.keys()].map((term) => encoder.encode(term));
    const order = terms.map((_, id) => id);
    order.sort((a, b) => {
      const x = terms[a]!;
      const y = terms[b]!;
      return compareBytes(x, 0, x.length, y, 0, y.length);
    });
    const rank = new Uint32Array(terms.length);
    order.forEach((id, position) => {
      rank[id] = position;
    });
    return {
      type: this.type,
      documents: this.ids.length,
      weights: this.weights,
      terms: joinEncoded(order.map((id) => terms[id]!)),
      postings: this.postings.build(rank),
      fieldLengths: this.fieldLengths.toArray(),
      ids: buildStringTable(this.ids),
      stored: buildStringTable(this.stored),
      structured: this.structured.build(context),
    };
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.termIds.size;
      this.termIds.set(term, id);
    }
    return id;
  }
}
