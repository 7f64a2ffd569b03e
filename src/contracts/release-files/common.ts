import { type TSchema, Type } from '@sinclair/typebox';
import { Selector } from '../search.js';

/** Every release file may name its JSON Schema; the value is kept as written. */
export const SchemaRef = Type.Optional(
  Type.String({ description: "URL of this file's JSON Schema, for editors; kept as written." }),
);

/** A text shoppers read: one string, or one per locale. */
export const Text = Type.Union([Type.String(), Type.Record(Type.String({ minLength: 2 }), Type.String())], {
  description: 'A string, or a map of locale (BCP 47) to string.',
});

export const Code = (description: string) =>
  Type.String({ pattern: '^[a-z][a-z0-9_]*$', maxLength: 64, description });

export const EntityReference = Type.String({
  pattern: '^[a-z][a-z0-9_]*:.+$',
  description: 'An entity as `type:id`.',
});

export const Time = Type.String({ format: 'date-time', description: 'RFC 3339 time with an offset.' });

/** The units a quantity, range or facet may carry. */
export const UNITS = [
  'mm',
  'cm',
  'm',
  'in',
  'ft',
  'g',
  'kg',
  'lb',
  'oz',
  'ml',
  'l',
  'w',
  'kw',
  'wh',
  'kwh',
  'mah',
  'v',
  'lm',
  'kelvin',
  'celsius',
  'hz',
  'mb',
  'gb',
  'tb',
  'day',
  'month',
  'year',
] as const;

export const Unit = Type.String({
  description: `One of: ${UNITS.join(', ')}.`,
});

/** Fields every page knows without an attribute. */
export const BUILT_IN_FIELDS = [
  'category',
  'brand',
  'price',
  'on_sale',
  'availability',
  'delivery_days',
  'rating',
] as const;

/** Words that cannot be attribute codes: the built-in fields and the selector's combinators. */
export const RESERVED_WORDS = ['any', 'all', 'not', ...BUILT_IN_FIELDS] as const;

export const SelectorRef = Type.Ref(Selector);

export const Surface = Type.Union([
  Type.Literal('search'),
  Type.Literal('category_page'),
  Type.Literal('autocomplete'),
]);

export const OneOrMany = <T extends TSchema>(item: T) =>
  Type.Union([item, Type.Array(item, { minItems: 1 })]);

export const ReleaseFile = <T extends Parameters<typeof Type.Object>[0]>(
  id: string,
  title: string,
  properties: T,
) => Type.Object({ $schema: SchemaRef, ...properties }, { $id: id, title, additionalProperties: false });

/** Where a redirect sends the shopper: an entity's page (with filters), or a fixed URL. */
export const RedirectTarget = Type.Union([
  Type.Object({ to: EntityReference, filters: Type.Optional(SelectorRef) }, { additionalProperties: false }),
  Type.Object({ url: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
]);
