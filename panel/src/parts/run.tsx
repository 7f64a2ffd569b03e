import { useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from 'aisle/client';
import { useEffect } from 'react';
import { ProgressBar } from 'react-aria-components';
import { type Schemas, useClient } from '../api.ts';
import { count, shortId, time } from '../format.ts';

type IndexRun = Schemas['IndexRun'];

export function isUnderWay(run: IndexRun | undefined): boolean {
  return run?.status === 'queued' || run?.status === 'running';
}

const TRIGGERS: Record<IndexRun['trigger']['kind'], string> = {
  catalog: 'a catalog upload',
  release: 'a release published',
  import: 'an import published',
  rebuild: 'a rebuild',
  indexer: 'the indexer',
  fetch: 'a catalog source fetch',
};

export function triggerText(run: IndexRun): string {
  const what = TRIGGERS[run.trigger.kind];
  const which = run.trigger.import ? ` (import ${run.trigger.import})` : '';
  return `${what}${which}${run.trigger.detail ? `: ${run.trigger.detail}` : ''}`;
}

export function RunStatus({ run }: { run: IndexRun }) {
  const label = run.live ? 'live' : run.status;
  return <span className={`badge status-${label}`}>{label}</span>;
}

/** A run as it goes: its step and counts while it builds, its failure, or how it went live. */
export function RunCard({ run, heading = 'h3' }: { run: IndexRun; heading?: 'h2' | 'h3' }) {
  const Heading = heading;
  return (
    <section className="card run" aria-label={`Index run ${run.id}`}>
      <Heading>
        Index run {run.id} <RunStatus run={run} />
      </Heading>
      <p>
        Queued by {triggerText(run)} at {time(run.queued_at)}.{' '}
        {run.finished_at && `Finished at ${time(run.finished_at)}.`}
      </p>
      {isUnderWay(run) && <RunProgress run={run} />}
      {run.status === 'failed' && (
        <p className="problem" role="alert">
          Failed{run.failed_step ? ` while ${run.failed_step}` : ''}: {run.error ?? 'no reason was kept.'}{' '}
          What was live stays live.
        </p>
      )}
      {run.status === 'superseded' && (
        <p>
          Superseded{run.superseded_by ? ` by run ${run.superseded_by}` : ''}: a newer run made it pointless.
        </p>
      )}
      {run.report && (
        <>
          <p>
            Went by a <strong>{run.report.course.way}</strong>: {run.report.course.cause}
          </p>
          <p>
            {count(run.report.entities)} entities
            {run.report.types.map((type) => ` · ${type.type}: ${count(type.documents)}`).join('')}
            {run.report.rejected > 0 && ` · ${count(run.report.rejected)} lines rejected`} · built in{' '}
            {(run.report.duration_ms / 1000).toFixed(1)} s
          </p>
          {run.report.warnings && run.report.warnings.length > 0 && (
            <details className="warnings">
              <summary>
                {run.report.warnings.length} name{run.report.warnings.length === 1 ? '' : 's'} the release
                gives that the catalog lacks
              </summary>
              <ul>
                {run.report.warnings.map((warning) => (
                  <li key={`${warning.file}${warning.pointer}`}>
                    <code>{warning.file}</code> <code>{warning.pointer}</code>: {warning.message}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      <p className="ids">
        Catalog <code title={run.snapshot}>{shortId(run.snapshot)}</code> · release{' '}
        <code title={run.release}>{shortId(run.release)}</code>
        {run.attempts > 1 && ` · attempt ${run.attempts} of 3`}
      </p>
    </section>
  );
}

function RunProgress({ run }: { run: IndexRun }) {
  if (run.status === 'queued') return <p role="status">Waiting for an indexer …</p>;
  const step = run.progress?.step ?? 'starting';
  const total = run.progress?.total;
  const done = run.progress?.entities ?? 0;
  return (
    <ProgressBar
      className="progress"
      aria-label={`Index run ${run.id}: ${step}`}
      value={total ? done : undefined}
      maxValue={total ?? 100}
      isIndeterminate={!total}
      valueLabel={total ? `${step}: ${count(done)} of ${count(total)}` : `${step}: ${count(done)} read`}
    >
      {({ percentage, valueText }) => (
        <>
          <span className="progress-label">{valueText}</span>
          <span className="bar">
            <span className="fill" style={{ width: total ? `${percentage ?? 0}%` : '30%' }} />
          </span>
        </>
      )}
    </ProgressBar>
  );
}

/** One run, followed every second while it is queued or running; the live state is read again when it ends. */
export function useRun(id: number | undefined) {
  const client = useClient();
  const queries = useQueryClient();
  const query = useQuery({
    queryKey: ['index-runs', id],
    enabled: id !== undefined,
    queryFn: () =>
      unwrap(client.GET('/api/v1/index-runs/{index_run}', { params: { path: { index_run: id ?? 0 } } })),
    refetchInterval: (current) => (isUnderWay(current.state.data) ? 1000 : false),
  });
  const ended = query.data !== undefined && !isUnderWay(query.data);
  useEffect(() => {
    if (ended) void queries.invalidateQueries({ queryKey: ['live'] });
  }, [ended, queries]);
  return query;
}
