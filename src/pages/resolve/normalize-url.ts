/**
 * A URL as resolve reads it: the path and its parameters, without the scheme, host and fragment,
 * and without the parameters that only say where a visitor came from.
 */
export interface NormalizedUrl {
  /** Decoded, `//` collapsed, `.` and `..` resolved, without a trailing slash (but `/`). */
  path: string;
  /** The parameters kept, decoded, in the order written. */
  params: ReadonlyArray<readonly [string, string]>;
  /** Names of the parameters dropped: tracking ones and those without a value. */
  removed: readonly string[];
  /** The path and the kept parameters, as a URL writes them. */
  text: string;
}

/** Parameters that say where a visitor came from (campaigns, click ids): never part of a page. */
const TRACKING = new Set([
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'srsltid',
]);

export function isTracking(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING.has(lower);
}

/** The host resolve parses paths against; only the path and query of what it gives are read. */
const BASE = 'http://shop.invalid';

export function normalizeUrl(input: string): NormalizedUrl {
  const trimmed = input.trim();
  let parsed: URL;
  try {
    parsed = new URL(trimmed.startsWith('//') ? `http:${trimmed}` : trimmed, BASE);
  } catch {
    // Not even a path with a query: read it as a path.
    parsed = new URL(`/${encodeURIComponent(trimmed)}`, BASE);
  }
  const path = decodePath(parsed.pathname);
  const params: Array<readonly [string, string]> = [];
  const removed: string[] = [];
  for (const [name, value] of parsed.searchParams) {
    if (name === '' || value === '' || isTracking(name)) removed.push(name);
    else params.push([name, value]);
  }
  return { path, params, removed, text: writeUrl(path, params) };
}

/** Each segment decoded (a malformed escape is kept as written), `//` collapsed, no trailing slash. */
function decodePath(pathname: string): string {
  const segments = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  return `/${segments.join('/')}`;
}

/** A path with parameters as a URL writes them: values encoded, the path as the catalog writes it. */
export function writeUrl(path: string, params: ReadonlyArray<readonly [string, string]>): string {
  if (params.length === 0) return path;
  const query = params
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${path}?${query}`;
}
