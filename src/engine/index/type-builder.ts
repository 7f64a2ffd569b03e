import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { MAX_JOINED_LENGTH, MAX_JOINED_WORDS, scanGluedWords } from '../analysis/analyze.js';
import { isAscii } from '../analysis/ascii.js';
import { COMPOUND_PART_LETTERS, type CompoundWords, NO_COMPOUNDS } from '../analysis/compounds.js';
import { fold } from '../analysis/fold.js';
import { EXACT_NAMESPACE, identifierTerm } from '../analysis/identifiers.js';
import { type KindEvidence, MODIFIER_REACH, madeForWords } from '../analysis/kinds.js';
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
/** Bits of a term's class in termClass (analysis/kinds.ts), and of places in kindAt: */
const CLASSED = 1;
/** the noun of an add-on: a product others are made for just before it is a modifier; */
const ADD_ON = 2;
/** the word of "made for": the words just after it are modifiers; */
const FOR = 4;
/** a product others are made for. */
const TARGET = 8;
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
  /** Per term id met in the heaviest field: 0 not yet looked at, then CLASSED with its other bits. */
  private termClass = new Uint8Array(1 << 12);
  /** Per term id met in the heaviest field, its stems when the entity's categories name modifiers. */
  private readonly termStems: Array<string[] | undefined> = [];
  /** Scratch: per word place of one text, the class of what is there when it marks modifiers. */
  private kindAt = new Uint8Array(256);
  /** The stems its categories' names give as modifiers (see CategoryKinds), and where the heads appended to the heaviest field start. */
  private categoryModifiers: ReadonlySet<string>[] = [];
  /** The words of the entity's attribute values that name what it is made for (KindEvidence.namesMadeFor). */
  private madeFor: readonly string[] = [];
  private headsFrom = Number.POSITIVE_INFINITY;

  constructor(
    readonly type: string,
    private readonly schema: TypeSchema,
    private readonly routing: FieldRouting,
    structured: StructuredSettings = {},
    /** Words the catalog writes as one, also indexed where a text writes them as two. */
    private readonly compounds: CompoundWords = NO_COMPOUNDS,
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
      const texts = this.texts[field]!;
      for (let t = 0; t < texts.length; t++) {
        const text = texts[t]!;
        if (kind === 'identifier') {
          const term = identifierTerm(text);
          if (term === undefined) continue;
          this.postings.add(this.terms.idOfString(term), doc, field, positionOf(field, place));
          length++;
          place++;
        } else {
          const heads = field === this.routing.modifiers?.of && t >= this.headsFrom;
          const words = this.indexText(
            text,
            doc,
            field,
            place,
            kind === 'exact' ? EXACT_NAMESPACE : '',
            heads,
          );
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
    this.gatherKinds(entity);
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
   * The heads of the entity's categories' names (analysis/kinds.ts), appended to the heaviest
   * field: a category says what its products are as surely as their titles, so "monitor" finds a
   * monitor whose title names only its model. Remembers the modifiers its categories name and the
   * words its attributes give as what it is made for.
   */
  private gatherKinds(entity: CatalogEntity): void {
    this.categoryModifiers.length = 0;
    this.headsFrom = Number.POSITIVE_INFINITY;
    const modifiers = this.routing.modifiers;
    if (modifiers === undefined) return;
    this.madeFor = madeForWords(entity, modifiers.kinds.namesMadeFor);
    if (entity.categories === undefined) return;
    const texts = this.texts[modifiers.of]!;
    this.headsFrom = texts.length;
    for (const link of entity.categories) {
      const category = modifiers.kinds.categories.get(typeof link === 'string' ? link : link.id);
      if (category === undefined) continue;
      if (category.heads !== '') texts.push(category.heads);
      if (category.modifiers.size > 0) this.categoryModifiers.push(category.modifiers);
    }
  }

  /**
   * Indexes the words of one text from `place` on, and for each run of glued words
   * (`dv7-1211ea`) their concatenation at the run's first place; returns the words counted. In
   * the heaviest field, a word that names what the product goes with (analysis/kinds.ts) goes to
   * the field's modifiers, unless the text is the heads of the product's categories.
   */
  private indexText(
    text: string,
    doc: number,
    field: number,
    place: number,
    namespace: string,
    heads = false,
  ): number {
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
      !heads &&
      this.markKinds(terms, modifiers.kinds)
    ) {
      for (let i = 0; i < terms.count; i++) {
        const term = terms.terms[i]!;
        const modifier = this.isModifier(term, terms.places[i]!, terms.words, modifiers.kinds);
        // A modifier counts in the modifiers' field, at its place in this one (phrases and proximity read it).
        this.postings.add(
          term,
          doc,
          modifier ? modifiers.into : field,
          positionOf(field, place + terms.places[i]!),
        );
      }
      return terms.words;
    }
    for (let i = 0; i < terms.count; i++) {
      this.postings.add(terms.terms[i]!, doc, field, positionOf(field, place + terms.places[i]!));
    }
    return terms.words;
  }

  /**
   * Whether the term at `at` names what the product goes with: a product others are made for,
   * closely followed by the noun of an add-on ("mouse" in "mouse pad", "keyboard" in "keyboard
   * cover"), a word just after "made for" ("printer" in "drum for laser printer"), a word its own
   * attributes name as what it is made for ("monitor" of an arm `suitable_for` "Monitor"), or a
   * word the product's categories name as a modifier ("laptop" of a product in "Laptop Bags").
   */
  private isModifier(term: number, at: number, words: number, kinds: KindEvidence): boolean {
    const termClass = this.termClass[term]!;
    if ((termClass & FOR) !== 0) return false;
    const kindAt = this.kindAt;
    if ((termClass & TARGET) !== 0) {
      for (let next = at + 1; next <= at + MODIFIER_REACH && next < words; next++) {
        if ((kindAt[next]! & ADD_ON) !== 0) return true;
      }
    }
    for (let before = Math.max(0, at - MODIFIER_REACH); before < at; before++) {
      if ((kindAt[before]! & FOR) !== 0) return true;
    }
    if (this.madeFor.length > 0 && this.madeFor.includes(this.terms.text(term))) return true;
    if (this.categoryModifiers.length === 0) return false;
    let stems = this.termStems[term];
    if (stems === undefined) {
      stems = kinds.stemsOf(this.terms.text(term));
      this.termStems[term] = stems;
    }
    for (const modifiers of this.categoryModifiers)
      for (const stem of stems) if (modifiers.has(stem)) return true;
    return false;
  }

  /**
   * Marks in kindAt the places of one text's nouns of add-ons and words of "made for" (and clears
   * the others); whether the text can hold a modifier. A term is classed once, the first time the
   * field meets it.
   */
  private markKinds(terms: TextTerms, kinds: KindEvidence): boolean {
    if (this.termClass.length < this.terms.size) this.termClass = grown(this.termClass, this.terms.size);
    if (this.kindAt.length < terms.words) this.kindAt = grown(this.kindAt, terms.words);
    this.kindAt.fill(0, 0, terms.words);
    let any = this.categoryModifiers.length > 0 || this.madeFor.length > 0;
    for (let i = 0; i < terms.count; i++) {
      const term = terms.terms[i]!;
      if (this.termClass[term] === 0) {
        const text = this.terms.text(term);
        this.termClass[term] = kinds.forWords.has(text)
          ? CLASSED | FOR
          : CLASSED | (kinds.isAddOn(text) ? ADD_ON : 0) | (kinds.isTarget(text) ? TARGET : 0);
      }
      const marks = this.termClass[term]! & (ADD_ON | FOR);
      if (marks === 0) continue;
      const place = terms.places[i]!;
      this.kindAt[place] = this.kindAt[place]! | marks;
      any = true;
    }
    return any;
  }

  /**
   * The terms of one text, in `namespace`: its words, its runs of glued words joined, and two
   * words in a row that the catalog writes as one elsewhere, joined (analysis/compounds.ts).
   */
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
      if (!glued && count > 0 && prefix === 0) this.joinCompound(folded, count - 1, out);
      count++;
    };
    scanGluedWords(folded, onWord, ascii || isAscii(folded));
    this.joinRun(folded, runStart, count, namespace, out);
    out.words = count;
  }

  /** Adds word `first` and the next joined, at the first's place, when the catalog writes them as one. */
  private joinCompound(folded: string, first: number, out: TextTerms): void {
    const start = this.spanStart[first]!;
    const middle = this.spanStart[first + 1]!;
    if (this.spanEnd[first]! - start < COMPOUND_PART_LETTERS) return;
    if (this.spanEnd[first + 1]! - middle < COMPOUND_PART_LETTERS) return;
    const one = folded.slice(start, this.spanEnd[first]);
    const two = folded.slice(middle, this.spanEnd[first + 1]);
    if (this.compounds.joins(one, two)) out.push(this.terms.idOfString(one + two), first);
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
