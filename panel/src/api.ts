import { type AisleClient, type AisleProblem, AisleProblemError, type components } from 'aisle/client';
import { createContext, useContext } from 'react';

export type Schemas = components['schemas'];
export type Violation = Schemas['Violation'];

export const ClientContext = createContext<AisleClient | undefined>(undefined);

/** The signed-in client; screens render only inside the signed-in shell. */
export function useClient(): AisleClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient is used outside the signed-in panel.');
  return client;
}

/** The problem an error carries: aisle's own, or one made of a network failure's message. */
export function problemOf(error: unknown): AisleProblem {
  if (error instanceof AisleProblemError) return error.problem;
  const detail = error instanceof Error ? error.message : String(error);
  return { type: 'about:blank', title: 'The management API did not answer', status: 0, detail };
}

export function isProblem(error: unknown, status: number): boolean {
  return error instanceof AisleProblemError && error.status === status;
}

/** Violations of a problem that point into one release file, by pointer. */
export function violationsOf(error: unknown, file?: string): Violation[] {
  const violations = error instanceof AisleProblemError ? (error.problem.violations ?? []) : [];
  return file ? violations.filter((violation) => violation.file === file) : violations;
}
