import type { ErrorObject } from 'ajv';
import type { FastifyRequest } from 'fastify';
import { violationsFromAjv } from '../lib/ajv-violations.js';
import { AppError } from '../lib/errors.js';

/**
 * For routes whose contract answers 422 (not 400) when a setting is missing or out of range: the
 * route validates with `attachValidation`, and its handler calls this first.
 */
export function refuseInvalidSettings(request: FastifyRequest, detail: string): void {
  const error = request.validationError as (Error & { validation?: unknown }) | undefined;
  if (!error) return;
  const violations = Array.isArray(error.validation)
    ? violationsFromAjv(error.validation as ErrorObject[])
    : [{ pointer: '', message: error.message }];
  throw new AppError('invalid_value', detail, violations);
}
