/** Whether any word of the span is marked. */
export function isTaken(marks: Uint8Array, start: number, length: number): boolean {
  for (let i = start; i < start + length; i++) if (marks[i]) return true;
  return false;
}
