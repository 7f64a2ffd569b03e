import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AisleProblemError, unwrap } from 'aisle/client';
import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import { isProblem, type Schemas, useClient } from '../api.ts';
import { useDraft } from '../draft.tsx';
import { bytes, count, percent, shortId, time } from '../format.ts';
import { DraftFiles } from '../parts/draft-files.tsx';
import { InspectionView } from '../parts/inspection.tsx';
import { RunCard, useRun } from '../parts/run.tsx';
import { Empty, ErrorView, Loaded, Loading } from '../parts/states.tsx';

type Import = Schemas['Import'];

/** One import: its inspection, corrections, AI suggestions, changes against live, publishing, its run. */
export default function ImportDetail({ id }: { id: number }) {
  const client = useClient();
  const found = useQuery({
    queryKey: ['imports', id],
    queryFn: () =>
      unwrap(client.GET('/api/v1/imports/{import}', { params: { path: { import: Number(id) } } })),
    refetchInterval: (query) => (query.state.data?.status === 'publishing' ? 1000 : false),
  });
  useReadAgainWhenPublished(found.data?.status);
  return (
    <>
      <p>
        <Link href="/imports">← Imports</Link>
      </p>
      <Loaded query={found} what={`import ${id}`}>
        {(item) => <ImportPage item={item} reading={found.isFetching} />}
      </Loaded>
    </>
  );
}

/**
 * Once a publish ends (live or failed), what the other screens read of the live release changed:
 * they read it again instead of showing what they kept from before.
 */
function useReadAgainWhenPublished(status: Import['status'] | undefined) {
  const queries = useQueryClient();
  const before = useRef(status);
  useEffect(() => {
    if (before.current === 'publishing' && status !== 'publishing')
      void queries.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'imports' });
    before.current = status;
  }, [status, queries]);
}

/** `reading`: the import is being read again, so its version may be about to change. */
function ImportPage({ item, reading }: { item: Import; reading: boolean }) {
  const isDraft = item.status === 'draft';
  const readable = !item.export.removed_at;
  const { draft, choose } = useDraft();
  return (
    <>
      <h1>
        Import {item.id}: {item.export.name ?? 'export'}{' '}
        <span className={`badge status-${item.status}`}>{item.status}</span>
      </h1>
      <dl className="facts">
        <dt>Received</dt>
        <dd>
          {time(item.created_at)}, {bytes(item.export.bytes)} of {item.export.format}
        </dd>
        <dt>Builds on</dt>
        <dd>
          {item.builds_on ? (
            <code title={item.builds_on}>{shortId(item.builds_on)}</code>
          ) : (
            'nothing published yet'
          )}
        </dd>
        <dt>Changes files</dt>
        <dd>{Object.keys(item.files).join(', ') || 'none: it is read with the published release'}</dd>
        {item.published_at && (
          <>
            <dt>Published</dt>
            <dd>{time(item.published_at)}</dd>
          </>
        )}
        {item.export.removed_at && (
          <>
            <dt>Export removed</dt>
            <dd>{time(item.export.removed_at)}: send the same file again to inspect or publish it.</dd>
          </>
        )}
      </dl>
      {isDraft && (
        <div className="actions">
          {draft === item.id ? (
            <span className="hint">Rules, synonyms, settings and previews work on this draft.</span>
          ) : (
            <Button onPress={() => choose(item.id)}>Work on this draft</Button>
          )}
        </div>
      )}
      {item.run && <RunOf runId={item.run.id} />}
      {isDraft && readable && <Publishing item={item} reading={reading} />}
      {readable ? <Inspection item={item} /> : <Empty>The export was removed, so it cannot be read.</Empty>}
      {isDraft && readable && <Suggestions item={item} />}
      {readable && <Changes item={item} />}
      <DraftFiles item={item} editable={isDraft} />
      {isDraft && <Discard item={item} />}
    </>
  );
}

function RunOf({ runId }: { runId: number }) {
  const run = useRun(runId);
  return run.data ? <RunCard run={run.data} heading="h2" /> : null;
}

function Inspection({ item }: { item: Import }) {
  const client = useClient();
  const inspection = useQuery({
    queryKey: ['imports', item.id, 'inspection', item.version],
    queryFn: () =>
      unwrap(
        client.GET('/api/v1/imports/{import}/inspection', { params: { path: { import: Number(item.id) } } }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <section aria-labelledby="inspection-heading">
      <h2 id="inspection-heading">Inspection</h2>
      <Loaded query={inspection} what="the inspection (the whole file is read)">
        {(answer) => (
          <InspectionView
            importId={item.id}
            version={item.version}
            inspection={answer}
            editable={item.status === 'draft'}
          />
        )}
      </Loaded>
    </section>
  );
}

function Suggestions({ item }: { item: Import }) {
  const client = useClient();
  const queries = useQueryClient();
  const [asked, setAsked] = useState(false);
  const suggestions = useQuery({
    queryKey: ['imports', item.id, 'suggestions', item.version],
    enabled: asked,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      unwrap(
        client.GET('/api/v1/imports/{import}/suggestions', { params: { path: { import: Number(item.id) } } }),
      ),
  });
  const take = useMutation({
    mutationFn: (answer: Schemas['ColumnSuggestions']) =>
      unwrap(
        client.PATCH('/api/v1/imports/{import}', {
          params: { path: { import: Number(item.id) } },
          body: {
            version: item.version,
            files: { 'feed.json': answer.mapping, 'attributes.json': answer.attributes },
          },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['imports', item.id] }),
  });
  return (
    <section aria-labelledby="suggestions-heading">
      <h2 id="suggestions-heading">AI suggestions</h2>
      {!asked ? (
        <div className="actions">
          <Button onPress={() => setAsked(true)}>Ask a model where the columns go</Button>
          <span className="hint">Column names and up to five values each are sent to the AI gateway.</span>
        </div>
      ) : suggestions.isPending ? (
        <Loading what="suggestions" />
      ) : suggestions.isError ? (
        isProblem(suggestions.error, 503) ? (
          <Empty>
            No AI gateway is configured for this stack (<code>AI_GATEWAY_API_KEY</code>):{' '}
            {problemDetail(suggestions.error)}
          </Empty>
        ) : (
          <ErrorView error={suggestions.error} />
        )
      ) : (
        <>
          <p>
            Model {suggestions.data.model}; suggestions at or above {percent(suggestions.data.threshold)} are
            taken.
          </p>
          <ul>
            {suggestions.data.columns
              .filter((column) => column.suggestion)
              .map((column) => (
                <li key={column.name}>
                  <strong>{column.name}</strong>: {column.read.destination} → {column.suggestion?.destination}{' '}
                  ({percent(column.probability)}){column.taken ? ', taken' : ''}
                </li>
              ))}
          </ul>
          <Button
            className="primary"
            isDisabled={take.isPending}
            onPress={() => take.mutate(suggestions.data)}
          >
            Take the suggested mapping into the draft
          </Button>
          {take.isError && <ErrorView error={take.error} />}
        </>
      )}
    </section>
  );
}

function problemDetail(error: unknown): string {
  return error instanceof AisleProblemError ? (error.problem.detail ?? '') : '';
}

function Changes({ item }: { item: Import }) {
  const client = useClient();
  const changes = useQuery({
    queryKey: ['imports', item.id, 'changes', item.version],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      unwrap(
        client.GET('/api/v1/imports/{import}/changes', { params: { path: { import: Number(item.id) } } }),
      ),
  });
  return (
    <section aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes against live</h2>
      <Loaded query={changes} what="the changes">
        {(answer) => (
          <dl className="facts" data-testid="changes">
            <dt>Products</dt>
            <dd>
              {count(answer.products.added.count)} added, {count(answer.products.removed.count)} removed,{' '}
              {count(answer.products.kept)} kept of {count(answer.products.live)} live
              {answer.products.removed.count > 0 &&
                ` (removed: ${answer.products.removed.first.slice(0, 10).join(', ')}${answer.products.removed.count > 10 ? ' …' : ''})`}
            </dd>
            <dt>Attributes</dt>
            <dd>
              new: {answer.attributes.new.join(', ') || 'none'}; gone:{' '}
              {answer.attributes.gone.join(', ') || 'none'}
            </dd>
            <dt>Filters</dt>
            <dd>
              new: {answer.filters.new.join(', ') || 'none'}; gone: {answer.filters.gone.join(', ') || 'none'}
            </dd>
          </dl>
        )}
      </Loaded>
    </section>
  );
}

interface Guard {
  removes: number;
  live: number;
}

function Publishing({ item, reading }: { item: Import; reading: boolean }) {
  const client = useClient();
  const queries = useQueryClient();
  const [guard, setGuard] = useState<Guard | undefined>();
  const publication = useQuery({
    queryKey: ['imports', item.id, 'publication', item.version],
    queryFn: () =>
      unwrap(
        client.GET('/api/v1/imports/{import}/publication', { params: { path: { import: Number(item.id) } } }),
      ),
  });
  const publish = useMutation({
    mutationFn: (removing: number | undefined) =>
      unwrap(
        client.POST('/api/v1/imports/{import}/publish', {
          params: { path: { import: Number(item.id) } },
          body: { version: item.version, ...(removing !== undefined ? { removing } : {}) },
        }),
      ),
    onSuccess: async () => {
      setGuard(undefined);
      await queries.invalidateQueries({ queryKey: ['imports'] });
    },
    onError: (error) => {
      // The removal guard: publishing would remove half the live products or more.
      const problem =
        error instanceof AisleProblemError
          ? (error.problem as { removes?: number; live_products?: number })
          : {};
      if (isProblem(error, 409) && problem.removes !== undefined)
        setGuard({ removes: problem.removes, live: problem.live_products ?? 0 });
      // Changed since it was read (a rule or synonym written in another tab): read it again.
      else if (isProblem(error, 409)) void queries.invalidateQueries({ queryKey: ['imports', item.id] });
    },
  });
  return (
    <section aria-labelledby="publish-heading" className="card">
      <h2 id="publish-heading">Publish</h2>
      {publication.isPending ? (
        <Loading what="how it would go live" />
      ) : publication.isError ? (
        <ErrorView error={publication.error} />
      ) : (
        <p>
          It would go live by a <strong>{publication.data.way}</strong>: {publication.data.cause}
          {publication.data.estimate && ` About ${Math.ceil(publication.data.estimate.seconds)} s.`}
        </p>
      )}
      <div className="actions">
        {/* Publishing names the version read: not while the draft is being read again. */}
        <Button
          className="primary"
          isDisabled={publish.isPending || reading}
          onPress={() => publish.mutate(undefined)}
        >
          {publish.isPending ? 'Publishing …' : 'Publish'}
        </Button>
      </div>
      {publish.isError && !guard && <ErrorView error={publish.error} />}
      <ModalOverlay
        isOpen={guard !== undefined}
        onOpenChange={(open) => !open && setGuard(undefined)}
        isDismissable
      >
        <Modal>
          <Dialog role="alertdialog">
            {({ close }) => (
              <>
                <Heading slot="title">Remove {count(guard?.removes ?? 0)} products?</Heading>
                <p>
                  Publishing import {item.id} removes {count(guard?.removes ?? 0)} of the{' '}
                  {count(guard?.live ?? 0)} products live now: shoppers will no longer find them.
                </p>
                <div className="actions">
                  <Button className="danger" onPress={() => publish.mutate(guard?.removes)}>
                    Publish and remove {count(guard?.removes ?? 0)}
                  </Button>
                  <Button onPress={close} autoFocus>
                    Keep what is live
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </section>
  );
}

function Discard({ item }: { item: Import }) {
  const client = useClient();
  const queries = useQueryClient();
  const [, navigate] = useLocation();
  const discard = useMutation({
    mutationFn: () =>
      unwrap(client.DELETE('/api/v1/imports/{import}', { params: { path: { import: Number(item.id) } } })),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: ['imports'] });
      navigate('/imports');
    },
  });
  return (
    <div className="actions">
      <Button onPress={() => discard.mutate()} isDisabled={discard.isPending}>
        Discard this draft
      </Button>
      {discard.isError && <ErrorView error={discard.error} />}
    </div>
  );
}
