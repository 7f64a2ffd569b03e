/**
 * How deep any JSON document aisle reads may nest. JSON.parse itself nests without limit, but the
 * code that walks a parsed value (validation, selectors, flattening records) recurses, so a value
 * thousands of levels deep would overflow the stack. Nothing aisle reads needs more than a few
 * levels; 64 leaves room for any real release file, request or catalog record.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, judged before it is parsed: one
 * pass over the text that skips strings. Text that is not JSON is judged the same way; parsing it
 * afterwards says what is wrong with it.
 */
export function nestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) depth--;
  }
  return false;
}

/** Whether a parsed value nests objects and arrays deeper than `limit`; walked without recursion. */
export function valueNestsDeeperThan(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
    }
  }
  return false;
}
