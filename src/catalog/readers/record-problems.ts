import { MAX_JSON_DEPTH } from '../../lib/json-depth.js';
import type { Row } from './rows.js';

/** Rows the JSON readers leave out before parsing them, with the cause a merchandiser reads. */

export function overLongLine(number: number): Row {
  return {
    number,
    cells: new Map(),
    problem: 'The line is longer than this server reads (AISLE_EXPORT_MAX_LINE_KB).',
  };
}

export function overLongRecord(number: number): Row {
  return {
    number,
    cells: new Map(),
    problem: 'The record is longer than this server reads (AISLE_EXPORT_MAX_LINE_KB).',
  };
}

export function tooDeepLine(number: number): Row {
  return {
    number,
    cells: new Map(),
    problem: `The record nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`,
  };
}
