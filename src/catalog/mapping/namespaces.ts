/** Columns a prefix must start before it is taken for a namespace. */
const MIN_COLUMNS = 10;
/** Share of different words after the prefix: a namespace holds varied names, a word few. */
const MIN_VARIETY = 0.25;

/**
 * Prefixes that put columns in a namespace, such as Icecat's `attr_t_` (text), `attr_n_`
 * (numbers) and `attr_b_` (yes or no) before thousands of attribute names. An attribute made from
 * such a column is named after the rest (`attr_t_product_colour` is `product_colour`), and the
 * mapping writes one pattern (`attr_t_*`) for all of them. A prefix counts when many columns
 * start with it and the words after it vary; of several, the shortest wins, so `attr_t_` beats
 * `attr_t_processor_`, while `attr_` (followed by only t, n and b) is no namespace.
 */
export function namespaces(columns: string[]): Map<string, string> {
  const following = new Map<string, { columns: number; words: Set<string> }>();
  const prefixesOf = (name: string): string[] => {
    const prefixes: string[] = [];
    for (const match of name.matchAll(/[_ ./:-]+/g)) {
      const end = match.index + match[0].length;
      if (end < name.length) prefixes.push(name.slice(0, end));
    }
    return prefixes;
  };
  for (const name of columns) {
    for (const prefix of prefixesOf(name)) {
      const entry = following.get(prefix) ?? { columns: 0, words: new Set<string>() };
      entry.columns++;
      entry.words.add(name.slice(prefix.length).split(/[_ ./:-]+/)[0] ?? '');
      following.set(prefix, entry);
    }
  }
  const result = new Map<string, string>();
  for (const name of columns) {
    const prefix = prefixesOf(name).find((candidate) => {
      const entry = following.get(candidate)!;
      return entry.columns >= MIN_COLUMNS && entry.words.size >= entry.columns * MIN_VARIETY;
    });
    if (prefix) result.set(name, prefix);
  }
  return result;
}
