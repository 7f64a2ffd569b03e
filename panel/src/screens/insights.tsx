import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { unwrap } from 'aisle/client';
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { type Schemas, useClient } from '../api.ts';
import { ago, count, percent } from '../format.ts';
import { DayChart } from '../parts/chart.tsx';
import { DataTable } from '../parts/data-table.tsx';
import { Empty, Loaded } from '../parts/states.tsx';

type Insights = Schemas['Insights'];
type QueryInsight = Schemas['QueryInsight'];

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Insights: searches per day, top queries, queries without results or clicks, click-through, campaigns. */
export default function InsightsScreen() {
  const client = useClient();
  const today = day(new Date());
  const [from, setFrom] = useState(day(new Date(Date.now() - 13 * 86_400_000)));
  const [to, setTo] = useState(today);
  const range = { from, to, limit: 20 };
  const insights = useQuery({
    queryKey: ['insights', range],
    queryFn: () => unwrap(client.GET('/api/v1/insights', { params: { query: range } })),
  });
  const campaigns = useQuery({
    queryKey: ['insights', 'campaigns', range],
    queryFn: () => unwrap(client.GET('/api/v1/insights/campaigns', { params: { query: { from, to } } })),
  });
  return (
    <>
      <h1>Insights</h1>
      <div className="field-row">
        <div className="field">
          <label htmlFor="insights-from">From</label>
          <input
            id="insights-from"
            type="date"
            value={from}
            max={to}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="insights-to">To</label>
          <input
            id="insights-to"
            type="date"
            value={to}
            max={today}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        <Button
          onPress={() => {
            void insights.refetch();
            void campaigns.refetch();
          }}
        >
          Read again
        </Button>
      </div>
      <Loaded query={insights} what="insights">
        {(report) => <Report report={report} />}
      </Loaded>
      <h2>Campaigns</h2>
      <Loaded
        query={campaigns}
        what="campaigns"
        isEmpty={(report) => report.campaigns.length === 0}
        empty="No sponsored hit was seen or clicked in these days."
      >
        {(report) => (
          <DataTable
            caption="Sponsored campaigns"
            data={report.campaigns}
            rowKey={(campaign) => campaign.campaign}
            columns={[
              { header: 'Campaign', accessorKey: 'campaign' },
              { header: 'Views', accessorKey: 'views' },
              { header: 'Clicks', accessorKey: 'clicks' },
              {
                header: 'Click-through',
                accessorKey: 'click_through',
                cell: (cell) => percent(cell.row.original.click_through),
              },
            ]}
          />
        )}
      </Loaded>
    </>
  );
}

function Report({ report }: { report: Insights }) {
  const days = useMemo(() => report.days.map((entry) => entry.day), [report]);
  const series = useMemo(
    () => [
      { label: 'Searches', values: report.days.map((entry) => entry.searches), color: '#0b5cad' },
      {
        label: 'Without results',
        values: report.days.map((entry) => entry.without_results),
        color: '#a4161a',
      },
      { label: 'Clicks', values: report.days.map((entry) => entry.clicks), color: '#146c2e' },
    ],
    [report],
  );
  return (
    <>
      <p className="hint">
        Shopper traffic only.{' '}
        {report.rolled_up_at
          ? `Counted ${ago(report.rolled_up_at)}; searches since then show after the next count (every minute).`
          : 'Nothing was counted yet: the log is counted every minute.'}
      </p>
      <dl className="facts" data-testid="insights-totals">
        <dt>Searches</dt>
        <dd>{count(report.totals.searches)}</dd>
        <dt>Without results</dt>
        <dd>{count(report.totals.without_results)}</dd>
        <dt>Clicks</dt>
        <dd>{count(report.totals.clicks)}</dd>
        <dt>Click-through</dt>
        <dd>{percent(report.totals.click_through)}</dd>
        <dt>Category browses</dt>
        <dd>{count(report.totals.browses)}</dd>
      </dl>
      <h2>Searches per day</h2>
      <DayChart
        days={days}
        series={series}
        label={`Searches, searches without results and clicks per day, ${report.from} to ${report.to}`}
      />
      <DataTable
        caption="Per day"
        data={report.days}
        rowKey={(entry) => entry.day}
        columns={[
          { header: 'Day', accessorKey: 'day' },
          { header: 'Searches', accessorKey: 'searches' },
          { header: 'Without results', accessorKey: 'without_results' },
          { header: 'Clicks', accessorKey: 'clicks' },
          { header: 'Views', accessorKey: 'views' },
          { header: 'Browses', accessorKey: 'browses' },
        ]}
      />
      <QueryTable caption="Top queries" rows={report.top_queries} />
      <QueryTable caption="Queries without results" rows={report.no_results} />
      <QueryTable caption="Queries with results but no clicks" rows={report.no_clicks} />
    </>
  );
}

const queryColumns: ColumnDef<QueryInsight>[] = [
  { header: 'Query', accessorKey: 'query' },
  { header: 'Searches', accessorKey: 'searches' },
  { header: 'Without results', accessorKey: 'without_results' },
  { header: 'Clicks', accessorKey: 'clicks' },
  {
    header: 'Click-through',
    accessorKey: 'click_through',
    cell: (cell) => percent(cell.row.original.click_through),
  },
  {
    header: 'Mean click position',
    accessorKey: 'average_click_position',
    cell: (cell) => cell.row.original.average_click_position ?? '–',
  },
];

function QueryTable({ caption, rows }: { caption: string; rows: QueryInsight[] }) {
  return (
    <>
      <h2>{caption}</h2>
      {rows.length === 0 ? (
        <Empty>None in these days.</Empty>
      ) : (
        <DataTable caption={caption} data={rows} rowKey={(row) => row.query} columns={queryColumns} />
      )}
    </>
  );
}
