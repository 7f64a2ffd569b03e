import type { Violation } from '../../contracts/problem.js';
import { UNITS } from '../../contracts/release-files/index.js';
import type { ReleaseView } from '../release-view.js';
import { violation, withArticle } from './check.js';

const FILE = 'feed.json';

/** A column entry's pattern: what a column name starts with, or undefined for an exact name. */
function prefixOf(column: string): string | undefined {
  return column.endsWith('*') ? column.slice(0, -1) : undefined;
}

/** Whether an earlier entry takes every column a later one would: the first entry that matches decides. */
function covers(earlier: string, later: string): boolean {
  const prefix = prefixOf(earlier);
  return prefix === undefined ? earlier === later : later.startsWith(prefix);
}

/** Column entries: patterns end in `*`, every entry can decide some column, units go to attributes. */
export function checkFeed(view: ReleaseView): Violation[] {
  const violations: Violation[] = [];
  const columns = view.feed.columns ?? [];
  columns.forEach((entry, index) => {
    const at = ['columns', index];
    const star = entry.column.indexOf('*');
    if (star !== -1 && star < entry.column.length - 1) {
      violations.push(
        violation(
          FILE,
          [...at, 'column'],
          `"${entry.column}" has a * before its end, and a pattern only ends in one: write it as "${entry.column.slice(0, star)}*".`,
        ),
      );
    }
    const earlier = columns.slice(0, index).find((other) => covers(other.column, entry.column));
    if (earlier !== undefined) {
      violations.push(
        violation(
          FILE,
          [...at, 'column'],
          earlier.column === entry.column
            ? `The column "${entry.column}" is named by an earlier entry, which decides: remove this one.`
            : `"${entry.column}" is matched by the earlier pattern "${earlier.column}", which decides: move this entry above it, or remove it.`,
        ),
      );
    }
    if (entry.unit === undefined) return;
    if (!(UNITS as readonly string[]).includes(entry.unit)) {
      violations.push(
        violation(
          FILE,
          [...at, 'unit'],
          `"${entry.unit}" is not a unit aisle knows: use one of ${UNITS.join(', ')}.`,
        ),
      );
      return;
    }
    if (!entry.to.startsWith('attributes.')) {
      violations.push(
        violation(
          FILE,
          [...at, 'unit'],
          `A unit belongs to an attribute, and "${entry.column}" goes to ${entry.to}: remove unit "${entry.unit}", or map the column to attributes.<code>.`,
        ),
      );
      return;
    }
    const attribute = view.attributes.get(entry.to.slice('attributes.'.length));
    if (attribute !== undefined && attribute.type !== 'quantity' && attribute.type !== 'range') {
      violations.push(
        violation(
          FILE,
          [...at, 'unit'],
          `"${attribute.code}" is ${withArticle(attribute.type)} attribute in attributes.json, which has no unit: remove unit "${entry.unit}", or make the attribute a quantity.`,
        ),
      );
    }
  });
  return violations;
}
