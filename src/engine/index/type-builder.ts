import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { MODIFIER_REACH } from '../analysis/accessory-words.js';
import { MAX_JOINED_LENGTH, MAX_JOINED_WORDS, scanGluedWords } from '../analysis/analyze.js';
import { isAscii } from '../analysis/ascii.js';
import { fold } from '../analysis/fold.js';
import { EXACT_NAMESPACE, identifierTerm } from '../analysis/identifiers.js';
import type { FieldRouting, TypeSchema } from '../settings.js';
import type { CompileContext } from './columns-catalog.js';
import { permuteGroups, permuteTable } from './columns-order.js';
import type { StructuredSettings } from './columns-settings.js';
import { StructuredBuilder } from './columns-type-builder.js';
import { compareBytes } from './dictionary.js';
import { appendAttributeTexts, appendFieldTexts, appendOwnCodes, BUILT_IN_FIELDS } from './fields.js';
import { Growable, grown } from './growable.js';
import { POSITION_GAP, positionOf } from './postings.js';
import { PostingsBuilder } from './postings-builder.js';
import { buildStemTables } from './stems.js';
import { buildStringTable, StringTableBuilder } from './string-table.js';
import { TermTable } from './term-table.js';
import { RememberedTexts, TextTerms } from './text-terms.js';
import type { TypeData } from './type-data.js';

const MAX_FIELD_LENGTH = 0xffff;
/** Classes of terms in termClass. */
const ORDINARY = 1;
const ACCESSORY = 2;
const encoder = new TextEncoder();

/**
 * Term ids in code point order of their terms, the order of their UTF-8 bytes that lookups
 * compare. Below U+D800 UTF-16 code units compare the same way, so the engine's own string
 * comparison sorts them without encoding any; terms with higher units are compared encoded.
 */
function codePointOrder(terms: readonly string[], hasHighUnits: boolean): number[] {
  const order = terms.map((_, id) => id);
  if (!hasHighUnits) return order.sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
  const encoded = terms.map((term) => encoder.encode(term));
  return order.sort((a, b) => {
    const x = encoded[a]!;
    const y = encoded[b]!;
    return compareBytes(x, 0, x.length, y, 0, y.length);
  });
}

/** Builds one type's index from its entities, given in catalog order. */
export class TypeBuilder {
  /** Term ids in first-seen order; renumbered in sorted order at the end. */
  private readonly terms = new TermTable();
  private readonly postings: PostingsBuilder;
  private readonly fieldLengths: Growable<Uint16Array>;
  private readonly ids = new StringTableBuilder();
  /** The ids so far, to refuse a duplicate: their code units in one table, not a Set of strings. */
  private readonly seenIds = new TermTable();
  private documents = 0;
  private readonly stored = new StringTableBuilder();
  private readonly structured: StructuredBuilder;
  private readonly fieldCount: number;
  /** Scratch reused for every entity: the texts of each field, and the word spans of one text. */
  private readonly texts: string[][];
  private spanStart = new Uint32Array(256);
  private spanEnd = new Uint32Array(256);
  /** Scratch for the terms of one text, and the terms of short texts met before, per namespace. */
  private readonly textTerms = new TextTerms();
  private readonly rememberedWords = new RememberedTexts();
  private readonly rememberedExact = new RememberedTexts();
  /** Per term id met in the heaviest field: 0 not yet looked at, then ORDINARY or ACCESSORY. */
  private termClass = new Uint8Array(1 << 12);
  /** Scratch: per word place of one text, whether an accessory noun is there. */
  private accessoryAt = new Uint8Array(256);

  constructor(
    readonly type: string,
    private readonly schema: TypeSchema,
    private readonly routing: FieldRouting,
    structured: StructuredSettings = {},
  ) {
    this.fieldCount = schema.fields.length;
    this.postings = new PostingsBuilder(this.fieldCount);
    this.fieldLengths = new Growable((n) => new Uint16Array(n), Math.max(this.fieldCount, 1) * 1024);
    this.texts = schema.fields.map(() => []);
    this.structured = new StructuredBuilder(type, structured);
  }

  add(entity: CatalogEntity): void {
    const known = this.seenIds.size;
    if (this.seenIds.idOfString(entity.id) < known)
      throw new Error(`duplicate entity ${entity.type}:${entity.id} in the catalog`);
    const doc = this.documents++;
    this.ids.push(entity.id);
    this.gatherTexts(entity);
    const lengthsAt = this.fieldLengths.extend(this.fieldCount);
    for (let field = 0; field < this.fieldCount; field++) {
      const kind = this.schema.fields[field]!.kind;
      let length = 0;
      let place = 0;
      for (const text of this.texts[field]!) {
        if (kind === 'identifier') {
          const term = identifierTerm(text);
          if (term === undefined) continue;
          this.postings.add(this.terms.idOfString(term), doc, field, positionOf(field, place));
          length++;
          place++;
        } else {
          const words = this.indexText(text, doc, field, place, kind === 'exact' ? EXACT_NAMESPACE : '');
          length += words;
          place += words;
        }
        place += POSITION_GAP;
      }
      this.fieldLengths.array[lengthsAt + field] = Math.min(length, MAX_FIELD_LENGTH);
    }
    const modifiers = this.routing.modifiers;
    // The modifiers are words of the heaviest field: BM25 measures them by its length.
    if (modifiers)
      this.fieldLengths.array[lengthsAt + modifiers.into] =
        this.fieldLengths.array[lengthsAt + modifiers.of]!;
    this.postings.endDocument();
    this.stored.push(this.structured.stored(entity));
    this.structured.add(entity);
  }

  /**
   * The type's index, documents numbered in category order (columns-order.ts): the structured
   * half decides the order, and the text half follows it, so a text match's document is the
   * columns' too.
   */
  build(context: CompileContext): TypeData {
    const structured = this.structured.build(context);
    const arrivalOf = structured.catalogPosition;
    const terms = this.terms.terms();
    const order = codePointOrder(terms, this.terms.hasHighUnits);
    const rank = new Uint32Array(terms.length);
    order.forEach((id, position) => {
      rank[id] = position;
    });
    const sorted = order.map((id) => terms[id]!);
    return {
      type: this.type,
      documents: this.documents,
      schema: this.schema,
      weights: Float64Array.from(this.schema.fields, (field) => field.weight),
      terms: buildStringTable(sorted),
      postings: this.postings.build(rank, arrivalOf),
      fieldLengths: permuteGroups(this.fieldLengths.toArray(), this.fieldCount, arrivalOf),
      ids: permuteTable(this.ids.build(), arrivalOf),
      stored: permuteTable(this.stored.build(), arrivalOf),
      stems: buildStemTables(sorted, this.schema.languages),
      structured,
    };
  }

  /** Sorts the entity's texts into its fields. */
  private gatherTexts(entity: CatalogEntity): void {
    for (const list of this.texts) list.length = 0;
    const { builtIn, attributes, otherAttributes, otherExemptAttributes, exempt, kinds } = this.routing;
    for (const name of BUILT_IN_FIELDS) {
      const field = builtIn[name];
      if (field !== undefined) appendFieldTexts(entity, name, this.texts[field]!);
    }
    if (this.routing.identifiers !== undefined) appendOwnCodes(entity, this.texts[this.routing.identifiers]!);
    if (entity.attributes === undefined) return;
    for (const code in entity.attributes) {
      let field = attributes.get(code);
      if (field === undefined) {
        if (kinds === undefined || kinds[code] === 'text') {
          field = exempt.has(code) ? otherExemptAttributes : otherAttributes;
        } else if (kinds[code] === undefined && this.routing.undeclaredText.has(code)) {
          field = this.routing.undeclaredAttributes;
        }
        if (field === undefined) continue;
      }
      appendAttributeTexts(entity.attributes[code], this.texts[field]!);
    }
  }

  /**
   * Indexes the words of one text from `place` on, and for each run of glued words
   * (`dv7-1211ea`) their concatenation at the run's first place; returns the words counted.
   */
  private indexText(text: string, doc: number, field: number, place: number, namespace: string): number {
    const remembered = namespace === '' ? this.rememberedWords : this.rememberedExact;
    const terms = this.textTerms;
    if (!remembered.recall(text, terms)) {
      this.analyze(text, namespace, terms);
      remembered.remember(text, terms);
    }
    const modifiers = this.routing.modifiers;
    if (
      modifiers !== undefined &&
      field === modifiers.of &&
      this.markAccessories(terms, modifiers.accessories)
    ) {
      const accessoryAt = this.accessoryAt;
      for (let i = 0; i < terms.count; i++) {
        const term = terms.terms[i]!;
        const at = terms.places[i]!;
        let modifier = false;
        if (this.termClass[term] !== ACCESSORY) {
          for (let next = at + 1; next <= at + MODIFIER_REACH && next < terms.words; next++) {
            if (accessoryAt[next] === 1) modifier = true;
          }
        }
        // A modifier counts in the modifiers' field, at its place in this one (phrases and proximity read it).
        this.postings.add(term, doc, modifier ? modifiers.into : field, positionOf(field, place + at));
      }
      return terms.words;
    }
    for (let i = 0; i < terms.count; i++) {
      this.postings.add(terms.terms[i]!, doc, field, positionOf(field, place + terms.places[i]!));
    }
    return terms.words;
  }

  /**
   * Marks in accessoryAt the places of one text's accessory nouns (and clears the others); whether
   * it has any. A term is looked up in `accessories` once, the first time the field meets it.
   */
  private markAccessories(terms: TextTerms, accessories: ReadonlySet<string>): boolean {
    if (this.termClass.length < this.terms.size) this.termClass = grown(this.termClass, this.terms.size);
    if (this.accessoryAt.length < terms.words) this.accessoryAt = grown(this.accessoryAt, terms.words);
    this.accessoryAt.fill(0, 0, terms.words);
    let any = false;
    for (let i = 0; i < terms.count; i++) {
      const term = terms.terms[i]!;
      if (this.termClass[term] === 0)
        this.termClass[term] = accessories.has(this.terms.text(term)) ? ACCESSORY : ORDINARY;
      if (this.termClass[term] === ACCESSORY) {
        this.accessoryAt[terms.places[i]!] = 1;
        any = true;
      }
    }
    return any;
  }

  /** The terms of one text, in `namespace`: its words and its runs of glued words joined. */
  private analyze(text: string, namespace: string, out: TextTerms): void {
    // Folding keeps ASCII text ASCII: the text is checked once, not again before the scan.
    const ascii = isAscii(text);
    const folded = fold(text, ascii);
    const prefix = namespace === '' ? 0 : namespace.charCodeAt(0);
    out.clear();
    let count = 0;
    let runStart = 0;
    const onWord = (start: number, end: number, glued: boolean): void => {
      if (!glued) {
        this.joinRun(folded, runStart, count, namespace, out);
        runStart = count;
      }
      if (count === this.spanStart.length) {
        this.spanStart = grown(this.spanStart, count + 1);
        this.spanEnd = grown(this.spanEnd, count + 1);
      }
      this.spanStart[count] = start;
      this.spanEnd[count] = end;
      out.push(this.terms.idOf(folded, start, end, prefix), count);
      count++;
    };
    scanGluedWords(folded, onWord, ascii || isAscii(folded));
    this.joinRun(folded, runStart, count, namespace, out);
    out.words = count;
  }

  /** Adds words [first, end) joined, when they are 2 to MAX_JOINED_WORDS glued words. */
  private joinRun(folded: string, first: number, end: number, namespace: string, out: TextTerms): void {
    const count = end - first;
    if (count < 2 || count > MAX_JOINED_WORDS) return;
    let joined = namespace;
    for (let w = first; w < end; w++) joined += folded.slice(this.spanStart[w], this.spanEnd[w]);
    if (joined.length - namespace.length > MAX_JOINED_LENGTH) return;
    out.push(this.terms.idOfString(joined), first);
  }
}
