import type { FieldAccess } from '../listing/structured-index.js';
import type { CodeMap } from './count.js';
import { codeMapFor, type FacetInput, type PresentContext } from './present.js';

/**
 * Whether a facet is counted in the listing's pass over rows: a row-level field of one code per
 * row, into at most 31 targets (values, option groups or buckets).
 */
export function jointEligible(input: FacetInput, context: PresentContext): boolean {
  const access = input.access;
  if (
    access === undefined ||
    access.level !== 'row' ||
    access.form !== 'codes' ||
    access.codes === undefined
  ) {
    return false;
  }
  return targetCount(input, context) <= 31;
}

/** How many targets a codes facet counts into: its values, or its map's targets. */
export function targetCount(input: FacetInput, context: PresentContext): number {
  const map = codeMapFor(input, context);
  return map ? map.targets : input.access!.dict.length;
}

/** Per code, its targets as bits (bit t for target t). */
export function targetBitsOf(access: FieldAccess, map: CodeMap | undefined): Uint32Array {
  const bits = new Uint32Array(access.dict.length + 1);
  for (let code = 1; code <= access.dict.length; code++) {
    if (map === undefined) bits[code] = 1 << code;
    else for (let k = map.offsets[code]!; k < map.offsets[code + 1]!; k++) bits[code]! |= 1 << map.values[k]!;
  }
  return bits;
}
