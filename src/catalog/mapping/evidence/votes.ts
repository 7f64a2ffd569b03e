import type { AliasField } from '../aliases.js';
import type { ColumnPlan } from '../plan.js';
import type { ColumnProfile } from '../profile.js';

/** What a column can be taken for: a field of the known names, or a field that decides listing. */
export type Field =
  | AliasField
  | 'status'
  | 'visibility'
  | 'item_kind'
  | 'variants'
  | 'attribute_pairs'
  | 'sale_discount'
  | 'sale_percent';

/** Which reader gave a vote. */
export type Reader = 'layout' | 'name' | 'values';

/**
 * One reader's say about a column: the field it takes the column for, how strongly, and why, in a
 * clause a merchandiser reads ("its name ends in \"preis\", a price").
 */
export interface Vote {
  column: ColumnProfile;
  field: Field;
  weight: number;
  reader: Reader;
  says: string;
  /** The vote of a name known as a whole for the field. */
  wholeName?: boolean;
  /** Settings the evidence implies (a list separator, a media prefix, a price net of tax). */
  settings?: Partial<ColumnPlan> & { net?: boolean };
}

/**
 * How much each reader's vote counts. A platform's documented layout is what the column holds;
 * a known name as a whole is near that (ranked within its field, so `title` beats `name`); a name
 * read by its parts, then what the values look like, count less, and break ties between names.
 */
export const WEIGHTS = { layout: 3, knownName: 1, nameParts: 0.6, values: 0.4 } as const;

/** A column standing for a field, with every vote for that field, strongest first. */
export interface Candidate {
  column: ColumnProfile;
  field: Field;
  weight: number;
  order: number;
  votes: Vote[];
  settings: Partial<ColumnPlan> & { net?: boolean };
}

/**
 * The one place votes are weighed: per field, each column's votes for it are added up, and the
 * columns stand in the order of their sums (the file's order breaking ties). A column may stand
 * for several fields; the decisions take each column once.
 */
export function weigh(votes: Vote[], order: Map<string, number>): Map<Field, Candidate[]> {
  const byField = new Map<Field, Map<ColumnProfile, Candidate>>();
  for (const vote of votes) {
    let columns = byField.get(vote.field);
    if (!columns) {
      columns = new Map();
      byField.set(vote.field, columns);
    }
    let candidate = columns.get(vote.column);
    if (!candidate) {
      candidate = {
        column: vote.column,
        field: vote.field,
        weight: 0,
        order: order.get(vote.column.name) ?? 0,
        votes: [],
        settings: {},
      };
      columns.set(vote.column, candidate);
    }
    candidate.weight += vote.weight;
    candidate.votes.push(vote);
    candidate.settings = { ...vote.settings, ...candidate.settings };
  }
  const weighed = new Map<Field, Candidate[]>();
  for (const [field, columns] of byField) {
    const list = [...columns.values()];
    for (const candidate of list) candidate.votes.sort((a, b) => b.weight - a.weight);
    list.sort((a, b) => b.weight - a.weight || a.order - b.order);
    weighed.set(field, list);
  }
  return weighed;
}

/** Every vote of a candidate, as the clauses of its column's reason. */
export function evidenceOf(candidate: Candidate): string {
  return candidate.votes.map((vote) => vote.says).join('; ');
}
