import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from 'aisle/client';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { type Schemas, useClient } from '../api.ts';
import { shortId, time } from '../format.ts';
import { RunCard, useRun } from '../parts/run.tsx';
import { ErrorView, Loaded, Loading } from '../parts/states.tsx';

/** Releases: the list, each one's files, how publishing it would go live, publish or roll back; rebuild. */
export default function Releases() {
  const client = useClient();
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | undefined>();
  const [runId, setRunId] = useState<number | undefined>();
  const list = useQuery({
    queryKey: ['releases', page],
    queryFn: () => unwrap(client.GET('/api/v1/releases', { params: { query: { page, per_page: 15 } } })),
  });
  const rebuild = useMutation({
    mutationFn: () => unwrap(client.POST('/api/v1/index-runs')),
    onSuccess: (accepted) => {
      setRunId(accepted.run.id);
      void queries.invalidateQueries({ queryKey: ['index-runs'] });
    },
  });
  return (
    <>
      <h1>Releases</h1>
      <div className="actions">
        <Button onPress={() => rebuild.mutate()} isDisabled={rebuild.isPending}>
          Rebuild the live catalog with the published release
        </Button>
      </div>
      {rebuild.isError && <ErrorView error={rebuild.error} />}
      {runId !== undefined && <FollowedRun id={runId} />}
      <Loaded
        query={list}
        what="releases"
        isEmpty={(answer) => answer.data.length === 0}
        empty="No release was stored yet."
      >
        {(answer) => (
          <>
            <ul className="plain-list">
              {answer.data.map((release) => (
                <li key={release.id} className="card">
                  <h2>
                    <code title={release.id}>{shortId(release.id)}</code>{' '}
                    {release.published && <span className="badge status-live">published</span>}
                  </h2>
                  <p>
                    Stored {time(release.created_at)}; files: {release.file_names.join(', ')}
                  </p>
                  <Button
                    onPress={() => setOpen(open === release.id ? undefined : release.id)}
                    aria-expanded={open === release.id}
                    aria-label={`${open === release.id ? 'Close' : 'Open'} release ${release.id}`}
                  >
                    {open === release.id ? 'Close' : 'Open'}
                  </Button>
                  {open === release.id && (
                    <ReleaseDetail id={release.id} published={release.published === true} onRun={setRunId} />
                  )}
                </li>
              ))}
            </ul>
            {answer.meta.last_page > 1 && (
              <div className="actions">
                <Button isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
                  Newer
                </Button>
                <span>
                  Page {answer.meta.current_page} of {answer.meta.last_page}
                </span>
                <Button isDisabled={page >= answer.meta.last_page} onPress={() => setPage(page + 1)}>
                  Older
                </Button>
              </div>
            )}
          </>
        )}
      </Loaded>
    </>
  );
}

function FollowedRun({ id }: { id: number }) {
  const run = useRun(id);
  return run.data ? <RunCard run={run.data} heading="h2" /> : <Loading what={`index run ${id}`} />;
}

function ReleaseDetail({
  id,
  published,
  onRun,
}: {
  id: string;
  published: boolean;
  onRun: (run: number) => void;
}) {
  const client = useClient();
  const queries = useQueryClient();
  const release = useQuery({
    queryKey: ['releases', 'one', id],
    queryFn: () => unwrap(client.GET('/api/v1/releases/{release}', { params: { path: { release: id } } })),
  });
  const publication = useQuery({
    queryKey: ['releases', 'publication', id],
    queryFn: () =>
      unwrap(client.GET('/api/v1/releases/{release}/publication', { params: { path: { release: id } } })),
  });
  const publish = useMutation({
    mutationFn: () =>
      unwrap(client.POST('/api/v1/releases/{release}/publish', { params: { path: { release: id } } })),
    onSuccess: (accepted: Schemas['PublishAccepted']) => {
      if (accepted.run) onRun(accepted.run.id);
      void queries.invalidateQueries({ queryKey: ['releases'] });
    },
  });
  return (
    <div>
      {publication.isPending ? (
        <Loading what="how it would go live" />
      ) : publication.isError ? (
        <ErrorView error={publication.error} />
      ) : (
        <p>
          Publishing it would go live by a <strong>{publication.data.way}</strong>: {publication.data.cause}
          {publication.data.changed_files.length > 0 &&
            ` Changed files: ${publication.data.changed_files.join(', ')}.`}
          {publication.data.estimate && ` About ${Math.ceil(publication.data.estimate.seconds)} s.`}
        </p>
      )}
      <div className="actions">
        <Button className="primary" onPress={() => publish.mutate()} isDisabled={publish.isPending}>
          {published ? 'Publish again' : 'Publish (roll back to it)'}
        </Button>
      </div>
      {publish.isError && <ErrorView error={publish.error} />}
      {publish.data && <p role="status">{publish.data.next}</p>}
      <Loaded query={release} what="its files">
        {(answer) =>
          Object.entries(answer.files).map(([name, content]) => (
            <details key={name}>
              <summary>
                <code>{name}</code>
              </summary>
              <pre>{JSON.stringify(content, null, 2)}</pre>
            </details>
          ))
        }
      </Loaded>
    </div>
  );
}
