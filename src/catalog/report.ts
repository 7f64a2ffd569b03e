/** Rows that could not be read, grouped by cause: the cause's sentence to its line numbers. */
export type RejectedRows = Map<string, number[]>;

export function countRejected(rejected: RejectedRows): number {
  let count = 0;
  for (const lines of rejected.values()) count += lines.length;
  return count;
}
