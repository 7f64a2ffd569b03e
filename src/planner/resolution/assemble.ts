import type { SpanTrace } from '../../contracts/trace.js';
import type { CompiledRule } from '../rules/compile.js';
import { type Scalar, scalarEquals } from '../selector.js';
import type { ResolutionContext } from './context.js';
import { canonicalWord, type Meaning } from './phrases.js';
import { isTaken } from './spans.js';
import type { Claim, Detected, Resolved, ResolvedField } from './types.js';

/**
 * Words that join what a query names and name nothing themselves: a query whose other words
 * were all detected is complete though they remain ("black and white", "shoes for running" is not).
 */
const FILLERS = new Set([
  'and',
  'or',
  'for',
  'with',
  'in',
  'the',
  'a',
  'an',
  'of',
  'und',
  'oder',
  'fur',
  'mit',
  'der',
  'die',
  'das',
  'ein',
  'eine',
  'von',
]);

/** What the claims come to: the category, the filters, the text left. */
export function assemble(
  words: readonly string[],
  claims: Claim[],
  named: Meaning | undefined,
  context: ResolutionContext,
): Resolved {
  const fields = new Map<string, ResolvedField>();
  const covered = new Uint8Array(words.length);
  const decided = new Map<string, CompiledRule>();
  let category: Detected | undefined;
  for (const claim of claims) {
    if (claim.rule !== undefined && claim.term !== undefined) decided.set(claim.term, claim.rule);
    if (claim.chosen === undefined) continue;
    const detections = claim.chosen.map((meaning) => detection(meaning, claim.words));
    const filters = detections.filter((one) => one.field !== 'category');
    if (!filters.every((one) => fits(fields, one))) {
      claim.outcome = 'conflict';
      continue;
    }
    for (const one of filters) combine(fields, one);
    const naming = named === undefined ? -1 : claim.chosen.indexOf(named);
    if (naming >= 0) category = detections[naming];
    claim.outcome = 'detected';
    covered.fill(1, claim.start, claim.start + claim.count);
  }
  coverFieldNames(words, covered, category !== undefined, fields, context);
  let textWords = words.filter((_word, index) => !covered[index]);
  const somethingNamed = category !== undefined || fields.size > 0;
  if (somethingNamed && textWords.every((word) => FILLERS.has(word))) textWords = [];
  const resolvedFields = [...fields.values()];
  return {
    ...(category !== undefined ? { category } : {}),
    fields: resolvedFields,
    filters: Object.fromEntries(resolvedFields.map((field) => [field.field, field.value])),
    textWords,
    text: textWords.join(' '),
    complete: somethingNamed && textWords.length === 0,
    decided,
    spans: context.tracing ? claims.map(spanTrace) : [],
  };
}

/**
 * The name of a field the query gave a value for is no word to search: "size 42", "color black",
 * "screen size 55 inch", "price under 50".
 */
function coverFieldNames(
  words: readonly string[],
  covered: Uint8Array,
  hasCategory: boolean,
  fields: ReadonlyMap<string, ResolvedField>,
  context: ResolutionContext,
): void {
  const names = context.index.fieldNames;
  for (let length = Math.min(3, words.length); length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      if (isTaken(covered, start, length)) continue;
      const field = names.get(
        words
          .slice(start, start + length)
          .map(canonicalWord)
          .join(' '),
      );
      if (field !== undefined && (fields.has(field) || (field === 'category' && hasCategory))) {
        covered.fill(1, start, start + length);
      }
    }
  }
}

function detection(meaning: Meaning, words: string): Detected {
  return {
    field: meaning.field,
    value: meaning.value,
    label: meaning.label,
    words,
    dismiss:
      meaning.dismissValue !== undefined
        ? { field: meaning.field, value: meaning.dismissValue }
        : { field: meaning.field },
  };
}

const isComparison = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Whether a detection can join its field: values of one field are alternatives, comparisons of
 * one field narrow together ("over 100 under 300"); a value beside a comparison, or a bound named
 * twice, cannot be combined, and its span stays text.
 */
function fits(fields: ReadonlyMap<string, ResolvedField>, detected: Detected): boolean {
  const existing = fields.get(detected.field);
  if (existing === undefined) return true;
  if (isComparison(detected.value) !== isComparison(existing.value)) return false;
  if (!isComparison(detected.value)) return true;
  const bounds = existing.value as Record<string, unknown>;
  return (
    !('between' in bounds) &&
    Object.keys(detected.value).every((operator) => operator !== 'between' && !(operator in bounds))
  );
}

function combine(fields: Map<string, ResolvedField>, detected: Detected): void {
  const existing = fields.get(detected.field);
  if (existing === undefined) {
    fields.set(detected.field, { field: detected.field, value: detected.value, detections: [detected] });
    return;
  }
  if (isComparison(detected.value)) {
    existing.value = { ...(existing.value as Record<string, unknown>), ...detected.value };
  } else {
    const values = Array.isArray(existing.value) ? (existing.value as Scalar[]) : [existing.value as Scalar];
    if (!values.some((value) => scalarEquals(value, detected.value))) values.push(detected.value as Scalar);
    existing.value = values.length === 1 ? values[0] : values;
  }
  existing.detections.push(detected);
}

function spanTrace(claim: Claim): SpanTrace {
  const trace = (meaning: Meaning) => ({
    field: meaning.field,
    value: meaning.value,
    label: meaning.label,
    via: meaning.via,
    match: claim.tier === 'rule' ? ('exact' as const) : claim.tier,
  });
  const candidates = [...claim.meanings, ...claim.dismissed];
  return {
    words: claim.words,
    start: claim.start,
    outcome: claim.outcome ?? 'ambiguous',
    ...(claim.rule !== undefined ? { rule: claim.rule.id } : {}),
    ...(claim.chosen !== undefined && claim.outcome === 'detected'
      ? { detections: claim.chosen.map(trace) }
      : {}),
    ...(candidates.length > 0 && claim.outcome !== 'detected' ? { candidates: candidates.map(trace) } : {}),
  };
}
