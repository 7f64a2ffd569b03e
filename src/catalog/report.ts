import type { RejectedGroup } from '../contracts/inspection.js';

/** Rows that could not be read, grouped by cause: the cause's sentence to its line numbers. */
export type RejectedRows = Map<string, number[]>;

export function countRejected(rejected: RejectedRows): number {
  let count = 0;
  for (const lines of rejected.values()) count += lines.length;
  return count;
}

/** Row numbers an inspection lists per cause; the count stays exact. */
const LISTED_ROWS = 100;
/** Characters of one cell a rejected row's sample shows. */
const SAMPLE_CELL_CHARS = 200;

/**
 * Collects the rows left out while reading, by cause, with the cells of the first row of each
 * cause so that a merchandiser sees what was wrong. Nothing is dropped without a cause.
 */
export class Rejections {
  private readonly groups = new Map<string, { rows: number[]; sample: RejectedGroup['sample'] }>();

  add(cause: string, row: number, cells: Iterable<[string, string]>): void {
    const group = this.groups.get(cause);
    if (group) {
      group.rows.push(row);
      return;
    }
    const sample: Record<string, string> = {};
    for (const [name, text] of cells) {
      if (text !== '')
        sample[name] = text.length > SAMPLE_CELL_CHARS ? `${text.slice(0, SAMPLE_CELL_CHARS)}…` : text;
    }
    this.groups.set(cause, { rows: [row], sample: { row, cells: sample } });
  }

  get size(): number {
    return this.groups.size;
  }

  /** Cause to every row number, as the index run's report counts them. */
  rows(): RejectedRows {
    return new Map([...this.groups].map(([cause, group]) => [cause, group.rows]));
  }

  /** The groups as an inspection lists them: most rows first. */
  groupsForInspection(): RejectedGroup[] {
    return [...this.groups]
      .map(([cause, group]) => ({
        cause,
        rows: group.rows.length,
        row_numbers: group.rows.slice(0, LISTED_ROWS),
        sample: group.sample,
      }))
      .sort((a, b) => b.rows - a.rows);
  }
}
