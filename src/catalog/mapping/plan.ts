import type { ColumnReasonCode } from '../../contracts/inspection.js';
import type { Attribute, AttributesFile } from '../../contracts/release-files/attributes.js';
import { type AttributeType, guessType } from './detect-type.js';
import { CodeBook, codeOf, labelOf, normalizeName } from './names.js';
import type { ColumnProfile, FileProfile, ValueProfile } from './profile.js';
import { labelIn } from './read-defaults.js';

/** An attribute the read makes: its type and unit, and the columns its values come from. */
export interface AttributePlan {
  code: string;
  label: string;
  type: AttributeType;
  unit?: string;
  /** Splits one text cell into several values. */
  separator?: string;
  multiple?: boolean;
  /** A text that stands for "no value" among typed values. */
  placeholder?: string;
  sources: string[];
  /** Why it has its type, one sentence. */
  sentence: string;
  /** attributes.json declares it: its settings stand as written there. */
  declared?: Attribute;
}

/** Where one column goes and why. */
export interface ColumnPlan {
  column: string;
  /** A feed.json target. */
  target: string;
  reason: ColumnReasonCode;
  sentence: string;
  unit?: string;
  separator?: string;
  locale?: string;
  cents?: boolean;
  /** Written before values that are paths rather than whole addresses. */
  prefix?: string;
  /** The top category every path of the column starts at: the shop's root, left out. */
  categoryRoot?: string;
  /** Availability columns that ask whether a product is sold out: yes means out of stock. */
  soldOut?: boolean;
  /** A text that stands for "no value" among the numbers of a price, signal or stock column. */
  placeholder?: string;
  attribute?: AttributePlan;
  /** For a column of values named in a sibling column: that column. */
  names?: string;
  /** The feed.json pattern the column is matched by ("attr_t_*"). */
  pattern?: string;
}

/** How a file's columns become catalog fields. */
export interface MappingPlan {
  columns: ColumnPlan[];
  byColumn: Map<string, ColumnPlan>;
  /**
   * Rows are variants grouped into products: by a group id column, or by a row kind column whose
   * variant rows belong to the product row above them.
   */
  grouped: boolean;
  /** Product rows list their variants by id (Magento's configurable_variations). */
  variantLists: boolean;
  /** Columns that are the levels of one category path, top level first. */
  categoryLevels: string[];
  /** No column holds ids: products take ids made from their titles. */
  idsFromTitles: boolean;
  /** Sentences about the mapping as a whole, for feed.json's reasons. */
  notes: { pointer: string; sentence: string }[];
  attributes: AttributeBook;
}

/**
 * The attributes of one read: declared ones from attributes.json found by code, label or source
 * column, and ones made from column names and from the names that pairs and sibling columns give.
 * Codes are unique within the read.
 */
export class AttributeBook {
  readonly byCode = new Map<string, AttributePlan>();
  private readonly codes = new CodeBook();
  private readonly declared: Attribute[];
  private readonly byName = new Map<string, AttributePlan>();

  private readonly bySource = new Map<string, Attribute>();
  private readonly byDeclaredCode = new Map<string, Attribute>();
  private readonly byLabel = new Map<string, Attribute>();

  /** `locale`: the language the export is written in, when the shop says it (see readDefaults). */
  constructor(
    attributes: AttributesFile | undefined,
    private readonly profile: FileProfile,
    private readonly locale?: string,
  ) {
    this.declared = attributes?.attributes ?? [];
    for (const attribute of this.declared) {
      this.codes.claim(attribute.code);
      this.byDeclaredCode.set(attribute.code, attribute);
      for (const source of attribute.sources ?? [])
        if (!this.bySource.has(source)) this.bySource.set(source, attribute);
      for (const label of labelsOf(attribute)) {
        const key = normalizeName(label);
        if (!this.byLabel.has(key)) this.byLabel.set(key, attribute);
      }
    }
  }

  /** The declared attribute a column or a name stands for: by source column, code, or label. */
  findDeclared(name: string): Attribute | undefined {
    if (this.declared.length === 0) return undefined;
    const normalized = normalizeName(name);
    return this.bySource.get(name) ?? this.byDeclaredCode.get(normalized) ?? this.byLabel.get(normalized);
  }

  /** The plan of a declared attribute, made once. */
  fromDeclared(attribute: Attribute, source: string): AttributePlan {
    const existing = this.byCode.get(attribute.code);
    if (existing) {
      if (!existing.sources.includes(source)) existing.sources.push(source);
      return existing;
    }
    const plan: AttributePlan = {
      code: attribute.code,
      // The label in the export's language, never a fixed one: a German label on an English feed
      // would name the attribute in a language its shoppers do not read.
      label: labelIn(attribute.label, this.locale, source) ?? labelOf(attribute.code),
      type: attribute.type,
      sources: [source],
      sentence: `attributes.json declares it a${/^[aeiou]/.test(attribute.type) ? 'n' : ''} ${attribute.type}.`,
      declared: attribute,
    };
    if (attribute.unit) plan.unit = attribute.unit;
    this.byCode.set(plan.code, plan);
    return plan;
  }

  /** An attribute made from a column: named after it (after `prefix`), typed by its values. */
  fromColumn(column: ColumnProfile, prefix = '', code?: string): AttributePlan {
    const name = column.name.slice(prefix.length);
    const declared = this.findDeclared(column.name) ?? (code ? this.byDeclaredCode.get(code) : undefined);
    if (declared) {
      const plan = this.fromDeclared(declared, column.name);
      // attributes.json types an attribute but cannot say that cells list several values: the
      // values still show it, as they did when the attribute was first derived.
      if (plan.separator === undefined && (plan.type === 'option' || plan.type === 'identifier')) {
        const guess = guessType(column, normalizeName(name));
        if (guess.type === plan.type && guess.separator) {
          plan.separator = guess.separator;
          plan.multiple = true;
        }
      }
      return plan;
    }
    const claimed = this.codes.claim(code ?? codeOf(name));
    return this.make(claimed, labelOf(name), column, normalizeName(name), column.name);
  }

  /**
   * The attribute a name from the data stands for (a pair's name, an option's name). The same
   * name always gives the same attribute; its type is judged on every value seen under it.
   */
  fromName(
    name: string,
    profile: ValueProfile | undefined,
    source: string,
    forceOption = false,
  ): AttributePlan {
    const key = normalizeName(name);
    const known = this.byName.get(key);
    if (known) {
      if (!known.sources.includes(source)) known.sources.push(source);
      return known;
    }
    const declared = this.findDeclared(name);
    let plan: AttributePlan;
    if (declared) plan = this.fromDeclared(declared, source);
    else {
      const code = codeOf(name);
      const existing = this.byCode.get(code);
      if (existing && !existing.declared) {
        if (!existing.sources.includes(source)) existing.sources.push(source);
        plan = existing;
      } else {
        const claimed = this.codes.claim(code);
        if (forceOption || !profile) {
          plan = {
            code: claimed,
            label: name,
            type: 'option',
            sources: [source],
            sentence: forceOption
              ? 'The choices a product offers its variants in.'
              : 'Named in the data: kept as an option.',
          };
          this.byCode.set(claimed, plan);
        } else plan = this.make(claimed, name, profile, key, source);
      }
    }
    this.byName.set(key, plan);
    return plan;
  }

  private make(
    code: string,
    label: string,
    profile: ValueProfile,
    normalized: string,
    source: string,
  ): AttributePlan {
    const guess = guessType(profile, normalized);
    const plan: AttributePlan = {
      code,
      label,
      type: guess.type,
      sources: [source],
      sentence: guess.sentence,
    };
    if (guess.unit) plan.unit = guess.unit;
    if (guess.separator) plan.separator = guess.separator;
    if (guess.multiple) plan.multiple = true;
    if (guess.placeholder) plan.placeholder = guess.placeholder;
    this.byCode.set(code, plan);
    return plan;
  }

  /** The profile behind a name of a column's pairs or sibling names. */
  namedProfile(column: string, name: string): ValueProfile | undefined {
    return this.profile.columns.get(column)?.named.get(name);
  }
}

function labelsOf(attribute: Attribute): string[] {
  return typeof attribute.label === 'string' ? [attribute.label] : Object.values(attribute.label);
}

/** A column name in quotes, for sentences. */
export function quoted(name: string): string {
  return `"${name}"`;
}
