import { FormatRegistry } from '@sinclair/typebox';

/**
 * The string formats the contracts use, for TypeBox's own checker (Ajv brings its own). RFC 3339
 * time with an offset: the shape, and a date that exists.
 */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set('date-time', (value) => RFC3339.test(value) && !Number.isNaN(Date.parse(value)));
}
