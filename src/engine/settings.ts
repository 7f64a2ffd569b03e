import type { KindEvidence } from './analysis/kinds.js';
import { languageOf } from './analysis/locale.js';
import { stemmerFor } from './analysis/stem.js';
import type { StructuredSettings } from './index/columns-settings.js';
import { BUILT_IN_FIELDS, type BuiltInField, type IndexField } from './index/fields.js';
import { heaviestField } from './ranking/bm25.js';

/** How an attribute's values are found by words: as text, or exactly as one identifier. */
export type AttributeSearchKind = 'text' | 'identifier';

export interface SearchFieldSetting {
  /** `title`, `brand`, `keywords`, `description`, `body`, `attributes.<code>`, or `attributes.*` for every searchable attribute not listed by its code. */
  field: string;
  weight: number;
}

export interface TypoSettings {
  /** Default true. */
  enabled?: boolean;
  /** Words this long allow one typo; default 5. */
  oneTypoMinLetters?: number;
  /** Words this long allow two typos; default 9. */
  twoTyposMinLetters?: number;
  /** Attribute codes matched exactly: never by typo, stem or prefix. */
  exempt?: string[];
}

/** How one entity type is searched (types.json `search`). */
export interface TypeSearchSettings {
  /** The fields searched, with their weights; a type that lists them searches those alone. */
  fields?: SearchFieldSetting[];
  typos?: TypoSettings;
  /** Whether the last word may match as the start of a word when a query asks for it; default true. */
  prefix?: boolean;
}

/** Text settings here; channels, declared attributes, signals and listing per type in StructuredSettings. */
export interface EngineSettings extends StructuredSettings {
  /** Field weights per entity type for types without `search` fields; defaults: title 5, brand 3, keywords 2, description 2, body 1. */
  fieldWeights?: Record<string, Partial<Record<BuiltInField, number>>>;
  /** The source locale: the key taken from a localized text for result fields, else its first value. */
  locale?: string;
  /** Languages (or locales) whose stems are compiled, the first being the default of queries; default none. */
  languages?: string[];
  /** Searchable attributes by code; an attribute not named here is not searched. Identifiers are always searched, exactly. */
  searchAttributes?: Record<string, AttributeSearchKind>;
  /**
   * Attributes the release does not declare, by what their values look like: a type without
   * `search` fields searches the text ones at UNDECLARED_ATTRIBUTE_WEIGHT, and every type finds the
   * identifiers exactly. A code also in searchAttributes goes by that.
   */
  undeclaredAttributes?: Record<string, AttributeSearchKind>;
  /** Per entity type. */
  search?: Record<string, TypeSearchSettings>;
}

export const DEFAULT_FIELD_WEIGHTS: Readonly<Record<BuiltInField, number>> = {
  title: 5,
  brand: 3,
  keywords: 2,
  description: 2,
  body: 1,
};

/** Weight of searchable attributes for a type that lists no search fields. */
const DEFAULT_ATTRIBUTE_WEIGHT = 1;

/**
 * Weight of the text attributes a release does not declare, for a type that lists no search
 * fields: their words find a product, but a word in its title or description counts for more.
 */
export const UNDECLARED_ATTRIBUTE_WEIGHT = 0.5;

/**
 * Weight of the heaviest field's modifiers, relative to that field: "mouse" in "Gel Mouse Pad"
 * still finds the pad, but a title whose mouse is a mouse ranks first (see analysis/kinds.ts).
 */
export const MODIFIER_WEIGHT_SHARE = 0.1;

export interface TypoSchema {
  enabled: boolean;
  oneTypoMinLetters: number;
  twoTyposMinLetters: number;
}

/** How a type is indexed and searched, fixed at compile time and kept in the artifact. */
export interface TypeSchema {
  /** The type's index fields in posting order. */
  fields: IndexField[];
  typos: TypoSchema;
  prefix: boolean;
  /** Languages with a stem table, the first being the default of queries without a locale. */
  languages: string[];
}

/** Where each source of text goes: built-in fields and attributes to their field's position. */
export interface FieldRouting {
  builtIn: Partial<Record<BuiltInField, number>>;
  /** Attribute code to field position. */
  attributes: Map<string, number>;
  /** Field position of attributes not named (`attributes.*`), text and exempt. */
  otherAttributes?: number;
  otherExemptAttributes?: number;
  identifiers?: number;
  /** Field position of the text attributes the release does not declare, and their codes. */
  undeclaredAttributes?: number;
  undeclaredText: ReadonlySet<string>;
  /** Codes exempt from typos, for attributes routed to the unnamed ones. */
  exempt: ReadonlySet<string>;
  /** The heaviest field, where its modifiers go, and the catalog's kinds that make a word one. */
  modifiers?: { of: number; into: number; kinds: KindEvidence };
  /** Searchable attributes by code; undefined: every attribute is text. */
  kinds: Readonly<Record<string, AttributeSearchKind>> | undefined;
}

/**
 * The schema of `type` and where its texts go, with the catalog's kinds (see analysis/kinds.ts)
 * when it was read for them; throws RangeError for a weight out of range.
 */
export function typeSchema(
  settings: EngineSettings,
  type: string,
  evidence?: KindEvidence,
): { schema: TypeSchema; routing: FieldRouting } {
  const own = settings.search?.[type];
  const listed = own?.fields ?? defaultFields(settings, type);
  const exempt = new Set(own?.typos?.exempt ?? []);
  const kinds = settings.searchAttributes ?? {};
  const fields: IndexField[] = [];
  const routing: FieldRouting = {
    builtIn: {},
    attributes: new Map(),
    undeclaredText: new Set(),
    exempt,
    kinds: settings.searchAttributes,
  };
  const add = (field: IndexField): number => fields.push(field) - 1;

  let maxWeight = 0;
  for (const { field, weight } of listed) {
    if (!(weight >= 0) || !Number.isFinite(weight)) {
      throw new RangeError(`field weight ${type}.${field} must be a finite number >= 0, got ${weight}`);
    }
    maxWeight = Math.max(maxWeight, weight);
  }
  for (const { field, weight } of listed) {
    if (weight === 0) continue;
    if ((BUILT_IN_FIELDS as readonly string[]).includes(field)) {
      routing.builtIn[field as BuiltInField] ??= add({ name: field, weight, kind: 'text' });
    } else if (field === 'attributes.*') {
      routing.otherAttributes ??= add({ name: 'attributes', weight, kind: 'text' });
      if (exempt.size > 0)
        routing.otherExemptAttributes ??= add({ name: 'attributes', weight, kind: 'exact' });
    } else if (field.startsWith('attributes.')) {
      const code = field.slice('attributes.'.length);
      if (routing.attributes.has(code)) continue;
      if (kinds[code] === 'identifier') {
        routing.identifiers ??= add({ name: 'identifiers', weight: maxWeight, kind: 'identifier' });
        routing.attributes.set(code, routing.identifiers);
      } else {
        routing.attributes.set(code, add({ name: field, weight, kind: exempt.has(code) ? 'exact' : 'text' }));
      }
    }
  }
  const undeclared = Object.entries(settings.undeclaredAttributes ?? {}).filter(([code]) => !(code in kinds));
  const undeclaredText = undeclared.filter(([, kind]) => kind === 'text').map(([code]) => code);
  if (own?.fields === undefined && undeclaredText.length > 0) {
    routing.undeclaredAttributes = add({
      name: 'undeclared attributes',
      weight: UNDECLARED_ATTRIBUTE_WEIGHT,
      kind: 'text',
    });
    routing.undeclaredText = new Set(undeclaredText);
  }
  // Identifiers are found whatever the listed fields: a shopper typing a GTIN means that product.
  for (const [code, kind] of [...Object.entries(kinds), ...undeclared]) {
    if (kind !== 'identifier' || routing.attributes.has(code)) continue;
    routing.identifiers ??= add({ name: 'identifiers', weight: maxWeight || 1, kind: 'identifier' });
    routing.attributes.set(code, routing.identifiers);
  }
  // So is an entity's own code: a product id or a variant's SKU typed as a query (see ownCodes).
  routing.identifiers ??= add({ name: 'identifiers', weight: maxWeight || 1, kind: 'identifier' });
  const languages = stemmedLanguages(settings);
  const heaviest = heaviestField(Float64Array.from(fields, (field) => field.weight));
  if (evidence !== undefined && fields.length > 0 && fields[heaviest]!.kind === 'text') {
    const { name, weight } = fields[heaviest]!;
    const into = add({
      name: `${name} modifiers`,
      weight: weight * MODIFIER_WEIGHT_SHARE,
      kind: 'text',
      modifies: heaviest,
    });
    routing.modifiers = { of: heaviest, into, kinds: evidence };
  }
  if (fields.length > 255) throw new RangeError(`type ${type} has more than 255 search fields`);

  const typos = own?.typos ?? {};
  const schema: TypeSchema = {
    fields,
    typos: {
      enabled: typos.enabled ?? true,
      oneTypoMinLetters: typos.oneTypoMinLetters ?? 5,
      twoTyposMinLetters: typos.twoTyposMinLetters ?? 9,
    },
    prefix: own?.prefix ?? true,
    languages,
  };
  return { schema, routing };
}

function defaultFields(settings: EngineSettings, type: string): SearchFieldSetting[] {
  const own = settings.fieldWeights?.[type] ?? {};
  const fields = BUILT_IN_FIELDS.map((field) => ({
    field,
    weight: own[field] ?? DEFAULT_FIELD_WEIGHTS[field],
  }));
  const hasText = Object.values(settings.searchAttributes ?? {}).some((kind) => kind === 'text');
  return hasText ? [...fields, { field: 'attributes.*', weight: DEFAULT_ATTRIBUTE_WEIGHT }] : fields;
}

/** The languages to stem: those asked for that have a stemmer, without repeats, in order. */
export function stemmedLanguages(settings: EngineSettings): string[] {
  const asked = settings.languages ?? [];
  const languages: string[] = [];
  for (const locale of asked) {
    const language = languageOf(locale);
    if (stemmerFor(language) && !languages.includes(language)) languages.push(language);
  }
  return languages;
}
