/**
 * Canonical JSON: keys sorted (in UTF-16 code unit order) at every depth, no insignificant whitespace.
 * Two documents that mean the same thing have the same canonical text, so a hash of it names
 * the content.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    // No prototype: a key named "__proto__" (which JSON.parse makes an ordinary key) must stay a key.
    const sorted: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(value).sort()) {
      const inner = (value as Record<string, unknown>)[key];
      if (inner !== undefined) sorted[key] = sortKeys(inner);
    }
    return sorted;
  }
  return value;
}
