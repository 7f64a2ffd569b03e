/**
 * The price histogram's fixed ladder: 24 preferred numbers per decade, each 8 to 15 percent above
 * the one before (the E24 series with 1.45 for 1.5, which E24 puts 15.4 percent above 1.3 and 6.7
 * percent below 1.6). Bins are the same under every filter and for every shop, so a storefront can
 * draw them without asking; bin 0 holds prices below one cent.
 */
export const PREFERRED = [
  100, 110, 120, 130, 145, 160, 180, 200, 220, 240, 270, 300, 330, 360, 390, 430, 470, 510, 560, 620, 680,
  750, 820, 910,
] as const;

/** Decades from cents (10^-2) to 10^10. */
const LOWEST_DECADE = -2;
const DECADES = 13;

/** Bin edges ascending: 0, then the ladder through every decade; bin b covers edges[b] up to edges[b + 1]. */
export const EDGES: Float64Array = (() => {
  const edges = [0];
  for (let decade = LOWEST_DECADE; decade < LOWEST_DECADE + DECADES; decade++) {
    for (const step of PREFERRED) {
      // step is in hundredths of the decade's unit: divide last so the edge is the nearest double.
      const power = decade - 2;
      edges.push(power >= 0 ? step * 10 ** power : step / 10 ** -power);
    }
  }
  edges.push(Number.POSITIVE_INFINITY);
  return Float64Array.from(edges);
})();

export const NO_BIN = 0xffff;

/** The bin a price falls in, NO_BIN for none. */
export function binOf(price: number): number {
  if (!(price >= 0)) return NO_BIN;
  let low = 0;
  let high = EDGES.length - 1;
  // The last edge b with EDGES[b] <= price.
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (EDGES[middle]! <= price) low = middle;
    else high = middle - 1;
  }
  return low;
}
