import type { HowRead, SettingReason } from '../../contracts/inspection.js';
import type { FeedFile } from '../../contracts/release-files/feed.js';
import type { MappingPlan } from './plan.js';
import type { ReadDefaults } from './read-defaults.js';

type FeedColumn = NonNullable<FeedFile['columns']>[number];

/** Patterns are written for groups of at least this many columns. */
const PATTERN_COLUMNS = 3;

/**
 * The mapping as feed.json holds it: how the file was read, then the columns feed.json gave, or,
 * for a mapping of the export's own, one entry per column in file order, except that columns sharing a prefix and a destination by pattern ("attr_t_*" to
 * `attributes.*`, "Google Shopping / *" to `ignore`) are written once, after the named columns,
 * so that the first entry naming a column still decides it.
 */
export function writeFeed(
  plan: MappingPlan,
  how: HowRead,
  given: FeedFile | undefined,
  defaults: ReadDefaults = {},
): { feed: FeedFile; reasons: SettingReason[] } {
  const feed: FeedFile = {};
  const reasons: SettingReason[] = [];
  const setting = <K extends keyof FeedFile>(key: K, value: FeedFile[K] | undefined, sentence: string) => {
    if (value === undefined) return;
    feed[key] = value;
    reasons.push({
      pointer: `/${key}`,
      sentence: given?.[key] !== undefined ? 'feed.json gives it.' : sentence,
    });
  };
  setting('encoding', how.encoding, `The bytes read as ${how.encoding}.`);
  setting('delimiter', how.delimiter, 'It splits the first lines into the same number of cells.');
  setting(
    'decimal',
    how.decimal,
    how.decimal === ','
      ? 'Numbers write a comma before their decimals.'
      : 'Numbers write a dot before their decimals.',
  );
  setting('sheet', how.sheet, 'The first sheet with a header and rows below it.');
  setting('header_row', how.header_row, 'The first row whose cells read as column names.');
  // What the shop's channel says is written down, so the release reads the export the same way
  // whichever channels it later has; what nothing says is left unsaid.
  setting('locale', defaults.locale?.value, "The language of the shop's default channel (channels.json).");
  setting('currency', defaults.currency?.value, currencySentence(defaults.currency));

  if (given?.columns && given.columns.length > 0) {
    given.columns.forEach((entry, index) => {
      const matched = plan.columns.filter(
        (column) => column.reason === 'named_by_feed' && entryMatches(entry.column, column.column),
      );
      reasons.push({
        pointer: `/columns/${index}`,
        sentence:
          matched.length === 0
            ? 'No column of this export matches it.'
            : `It decides ${matched.length === 1 ? `"${matched[0]!.column}"` : `${matched.length.toLocaleString('en')} columns`}.`,
      });
    });
    feed.columns = given.columns;
    return { feed, reasons };
  }
  const patterns = patternsOf(plan);
  const columns: FeedColumn[] = [];
  const written = new Set<string>();
  for (const column of plan.columns) {
    if (patterns.covered.has(column.column)) continue;
    const entry: FeedColumn = { column: column.column, to: column.target };
    const unit =
      column.unit ??
      (column.attribute?.type === 'quantity' && !column.attribute.declared
        ? column.attribute.unit
        : undefined);
    const separator =
      column.separator ?? (column.attribute?.declared ? undefined : column.attribute?.separator);
    if (unit) entry.unit = unit;
    if (separator) entry.separator = separator;
    if (column.locale) entry.locale = column.locale;
    if (column.cents) entry.cents = true;
    if (column.prefix) entry.prefix = column.prefix;
    reasons.push({ pointer: `/columns/${columns.length}`, sentence: column.sentence });
    columns.push(entry);
    written.add(column.column);
  }
  for (const [pattern, { to, count }] of patterns.entries) {
    reasons.push({
      pointer: `/columns/${columns.length}`,
      sentence:
        to === 'attributes.*'
          ? `${count.toLocaleString('en')} columns start with "${pattern.slice(0, -1)}": each becomes an attribute named after the rest of its name.`
          : `${count.toLocaleString('en')} columns start with "${pattern.slice(0, -1)}" and are left out alike.`,
    });
    columns.push({ column: pattern, to });
  }
  for (const note of plan.notes) reasons.push(note);
  feed.columns = columns;
  return { feed, reasons };
}

/**
 * Which columns a pattern covers: made attributes in a namespace (they carry their pattern), and
 * left-out columns that share a prefix ending in "/" or ".". Columns the prefix also starts but
 * that go elsewhere are named explicitly before the patterns, so they keep their destination.
 */
function patternsOf(plan: MappingPlan): {
  covered: Set<string>;
  entries: Map<string, { to: string; count: number }>;
} {
  const groups = new Map<string, { to: string; columns: string[] }>();
  for (const column of plan.columns) {
    const pattern = column.pattern ?? (column.target === 'ignore' ? ignorePrefix(column.column) : undefined);
    if (!pattern) continue;
    const to = column.target.startsWith('attributes.') ? 'attributes.*' : column.target;
    const group = groups.get(pattern) ?? { to, columns: [] };
    if (group.to !== to) continue;
    group.columns.push(column.column);
    groups.set(pattern, group);
  }
  const covered = new Set<string>();
  const entries = new Map<string, { to: string; count: number }>();
  for (const [pattern, group] of groups) {
    if (group.columns.length < PATTERN_COLUMNS) continue;
    for (const name of group.columns) covered.add(name);
    entries.set(pattern, { to: group.to, count: group.columns.length });
  }
  return { covered, entries };
}

function entryMatches(entry: string, column: string): boolean {
  return entry.endsWith('*') ? column.startsWith(entry.slice(0, -1)) : entry === column;
}

/** "Google Shopping / Gender" shares "Google Shopping / " with its siblings. */
function ignorePrefix(column: string): string | undefined {
  const match = /^(.+?[/.]\s*)\S/.exec(column);
  return match ? `${match[1]}*` : undefined;
}

function currencySentence(currency: ReadDefaults['currency']): string {
  if (currency?.from === 'locale') return 'The currency of the country of feed.json’s locale.';
  return "The currency of the shop's default channel (channels.json).";
}
