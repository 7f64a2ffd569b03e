import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ProgressBar } from 'react-aria-components';
import { problemOf } from '../api.ts';

/** What a screen shows while its data is on the way. */
export function Loading({ what }: { what: string }) {
  return (
    <ProgressBar className="loading" isIndeterminate aria-label={`Loading ${what}`}>
      <span aria-hidden="true">Loading {what} …</span>
    </ProgressBar>
  );
}

/** A problem aisle answered (or a network failure), with its violations. */
export function ErrorView({ error, action }: { error: unknown; action?: ReactNode }) {
  const problem = problemOf(error);
  return (
    <div className="problem" role="alert">
      <p>
        <strong>{problem.title || 'Something went wrong'}</strong>
        {problem.status ? ` (${problem.status})` : ''}
        {problem.detail ? `: ${problem.detail}` : ''}
      </p>
      {problem.violations && problem.violations.length > 0 && (
        <ul>
          {problem.violations.map((violation) => (
            <li key={`${violation.file ?? ''}${violation.pointer}${violation.message}`}>
              {violation.file && <code>{violation.file}</code>} <code>{violation.pointer || '/'}</code>:{' '}
              {violation.message}
            </li>
          ))}
        </ul>
      )}
      {action}
    </div>
  );
}

/** What a screen says when there is nothing to show yet, and what to do about it. */
export function Empty({ children }: { children: ReactNode }) {
  return <div className="empty">{children}</div>;
}

/**
 * The three states of a query in one place: loading, error, and the data (handed to `children`),
 * or `empty` when `isEmpty` says there is nothing.
 */
export function Loaded<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError) return <ErrorView error={query.error} />;
  if (isEmpty?.(query.data)) return <Empty>{empty}</Empty>;
  return <>{children(query.data)}</>;
}
