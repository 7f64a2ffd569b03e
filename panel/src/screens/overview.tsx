import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { unwrap } from 'aisle/client';
import { Link } from 'wouter';
import { isProblem, type Schemas, useClient } from '../api.ts';
import { ago, bytes, count, shortId, time } from '../format.ts';
import { DataTable } from '../parts/data-table.tsx';
import { isUnderWay, RunCard, RunStatus, triggerText } from '../parts/run.tsx';
import { Empty, ErrorView, Loaded, Loading } from '../parts/states.tsx';

/** What is live, the runs under way or failed, the last run's warnings, and what storage keeps. */
export default function Overview() {
  const client = useClient();
  const live = useQuery({
    queryKey: ['live'],
    queryFn: async () => {
      try {
        return await unwrap(client.GET('/api/v1/live'));
      } catch (error) {
        // Nothing live yet is a state of the shop, not a failure of the screen.
        if (isProblem(error, 404)) return null;
        throw error;
      }
    },
  });
  const runs = useQuery({
    queryKey: ['index-runs', 'list', 1],
    queryFn: () => unwrap(client.GET('/api/v1/index-runs', { params: { query: { per_page: 10 } } })),
    refetchInterval: (query) => (query.state.data?.data.some(isUnderWay) ? 1000 : 10_000),
  });
  const storage = useQuery({
    queryKey: ['storage'],
    queryFn: () => unwrap(client.GET('/api/v1/storage')),
  });
  const underWay = runs.data?.data.filter(isUnderWay) ?? [];
  const failed = runs.data?.data.filter((run) => run.status === 'failed').slice(0, 3) ?? [];
  const lastFinished = runs.data?.data.find((run) => run.status === 'succeeded');

  return (
    <>
      <h1>Overview</h1>
      <section aria-labelledby="live-heading" className="card">
        <h2 id="live-heading">Live</h2>
        {live.isPending ? (
          <Loading what="what is live" />
        ) : live.isError ? (
          <ErrorView error={live.error} />
        ) : live.data === null ? (
          <Empty>
            Nothing is live yet. Send a catalog on <Link href="/imports">Imports</Link> and publish it;
            searches answer once its first index run succeeds.
          </Empty>
        ) : (
          <dl className="facts" data-testid="live">
            <dt>Release</dt>
            <dd>
              <Link href="/releases" title={live.data.release}>
                {shortId(live.data.release)}
              </Link>
            </dd>
            <dt>Catalog</dt>
            <dd>
              <code title={live.data.snapshot}>{shortId(live.data.snapshot)}</code>
            </dd>
            <dt>Index run</dt>
            <dd>{live.data.run}</dd>
            <dt>Since</dt>
            <dd>
              {time(live.data.since)} ({ago(live.data.since)})
            </dd>
          </dl>
        )}
      </section>

      <section aria-labelledby="runs-heading">
        <h2 id="runs-heading">Index runs</h2>
        <Loaded
          query={runs}
          what="index runs"
          isEmpty={(list) => list.data.length === 0}
          empty="No index run yet."
        >
          {(list) => (
            <>
              {underWay.map((run) => (
                <RunCard key={run.id} run={run} />
              ))}
              {failed.map((run) => (
                <RunCard key={run.id} run={run} />
              ))}
              {lastFinished && !underWay.length && <RunCard run={lastFinished} />}
              <RunTable runs={list.data} />
            </>
          )}
        </Loaded>
      </section>

      <section aria-labelledby="storage-heading" className="card">
        <h2 id="storage-heading">Storage</h2>
        <Loaded query={storage} what="storage">
          {(kept) => <StorageFacts storage={kept} />}
        </Loaded>
      </section>
    </>
  );
}

const runColumns: ColumnDef<Schemas['IndexRun']>[] = [
  { header: 'Run', accessorKey: 'id' },
  {
    header: 'State',
    id: 'state',
    accessorFn: (run) => (run.live ? 'live' : run.status),
    cell: (cell) => <RunStatus run={cell.row.original} />,
  },
  { header: 'Queued by', id: 'trigger', accessorFn: triggerText, enableSorting: false },
  { header: 'Queued', accessorKey: 'queued_at', cell: (cell) => time(cell.row.original.queued_at) },
  {
    header: 'Way',
    id: 'way',
    accessorFn: (run) => run.report?.course.way ?? (run.error ? `failed ${run.failed_step ?? ''}` : '–'),
  },
];

function RunTable({ runs }: { runs: Schemas['IndexRun'][] }) {
  return (
    <DataTable
      caption="Latest index runs"
      columns={runColumns}
      data={runs}
      rowKey={(run) => String(run.id)}
    />
  );
}

function StorageFacts({ storage }: { storage: Schemas['Storage'] }) {
  return (
    <dl className="facts">
      <dt>All of it</dt>
      <dd>{bytes(storage.bytes)}</dd>
      <dt>Catalogs</dt>
      <dd>
        {count(storage.catalogs.count)} ({bytes(storage.catalogs.bytes)}); earlier catalogs kept:{' '}
        {storage.kept_catalogs}
      </dd>
      <dt>Exports</dt>
      <dd>
        {count(storage.exports.count)} ({bytes(storage.exports.bytes)})
      </dd>
      <dt>Indexes</dt>
      <dd>
        {count(storage.artifacts.count)} ({bytes(storage.artifacts.bytes)})
      </dd>
      <dt>Offers</dt>
      <dd>
        {count(storage.offers.count)} ({bytes(storage.offers.bytes)})
      </dd>
      {storage.search_log && (
        <>
          <dt>Search log</dt>
          <dd>{bytes(storage.search_log.bytes)}</dd>
        </>
      )}
    </dl>
  );
}
