import { type TSchema, Type } from '@sinclair/typebox';

/** A text the catalog writes either in its source locale or per locale. */
export const LocalizedText = Type.Union([Type.String(), Type.Record(Type.String(), Type.String())]);

/** RFC 3339 time with an offset, as every time in the contract. */
export const Timestamp = Type.String({ format: 'date-time' });

/** Entity reference `type:id`. */
export const EntityRef = Type.String({ pattern: '^[^:]+:.+$', description: 'An entity named `type:id`.' });

/** Paged list as the management contract gives it. */
export const PagedList = <T extends TSchema>($id: string, item: T) =>
  Type.Object(
    {
      data: Type.Array(item),
      links: Type.Object({
        first: Type.String(),
        last: Type.String(),
        prev: Type.Optional(Type.String()),
        next: Type.Optional(Type.String()),
      }),
      meta: Type.Object({
        current_page: Type.Integer({ minimum: 1 }),
        last_page: Type.Integer({ minimum: 1 }),
        per_page: Type.Integer({ minimum: 1, maximum: 100 }),
        total: Type.Integer({ minimum: 0 }),
      }),
    },
    { $id, additionalProperties: false },
  );

export const PageQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 15 })),
  },
  { additionalProperties: false },
);

/**
 * A release file's schema as a request body sends a part of it: without its defaults, which
 * validation would otherwise write into the file as if they had been sent.
 */
export function asSent<T extends TSchema>(schema: T): T {
  return JSON.parse(JSON.stringify(schema, (key, value) => (key === 'default' ? undefined : value))) as T;
}
