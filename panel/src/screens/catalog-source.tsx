import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from 'aisle/client';
import { type FormEvent, useState } from 'react';
import { Button, Form, Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import { isProblem, type Schemas, useClient, violationsOf } from '../api.ts';
import { time } from '../format.ts';
import { DataTable } from '../parts/data-table.tsx';
import { ErrorView, Loading } from '../parts/states.tsx';

type Source = Schemas['CatalogSource'];

/** The feed the catalog is fetched from: its address, schedule, credentials (never shown back), fetches. */
export default function CatalogSource() {
  const client = useClient();
  const source = useQuery({
    queryKey: ['catalog-source'],
    queryFn: async () => {
      try {
        return await unwrap(client.GET('/api/v1/catalog-source'));
      } catch (error) {
        if (isProblem(error, 404)) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data?.fetch_requested_at ? 2000 : false),
  });
  return (
    <>
      <h1>Catalog source</h1>
      <p>
        A feed aisle fetches on a schedule; a changed feed becomes an import, published at once or kept as a
        draft.
      </p>
      {source.isPending ? (
        <Loading what="the catalog source" />
      ) : source.isError ? (
        <ErrorView error={source.error} />
      ) : (
        <>
          {source.data ? (
            <SourceFacts source={source.data} />
          ) : (
            <p className="empty">No feed is set: the catalog comes from uploads.</p>
          )}
          <SourceForm source={source.data ?? undefined} />
        </>
      )}
    </>
  );
}

function SourceFacts({ source }: { source: Source }) {
  const client = useClient();
  const queries = useQueryClient();
  const refresh = () => queries.invalidateQueries({ queryKey: ['catalog-source'] });
  const fetchNow = useMutation({
    mutationFn: () => unwrap(client.POST('/api/v1/catalog-source/fetch')),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => unwrap(client.DELETE('/api/v1/catalog-source')),
    onSuccess: refresh,
  });
  return (
    <section className="card" aria-labelledby="source-heading">
      <h2 id="source-heading">
        Fetched from {source.url}{' '}
        {source.needs_attention && <span className="badge status-failed">needs attention</span>}
      </h2>
      <dl className="facts">
        <dt>Every</dt>
        <dd>{source.interval_minutes} minutes</dd>
        <dt>A changed feed</dt>
        <dd>
          {source.on_change === 'publish'
            ? 'goes live (unless it removes half the products)'
            : 'waits as a draft'}
        </dd>
        <dt>Signs in</dt>
        <dd>
          {source.authentication
            ? source.authentication.kind === 'basic'
              ? `as ${source.authentication.username} (password kept encrypted)`
              : `with header ${source.authentication.name} (value kept encrypted)`
            : 'no'}
        </dd>
        <dt>Next fetch</dt>
        <dd>{source.fetch_requested_at ? 'asked for, within seconds' : time(source.next_fetch_at)}</dd>
      </dl>
      <div className="actions">
        <Button className="primary" onPress={() => fetchNow.mutate()} isDisabled={fetchNow.isPending}>
          Fetch now
        </Button>
        <Button onPress={() => remove.mutate()} isDisabled={remove.isPending}>
          Stop fetching (remove the source)
        </Button>
      </div>
      {(fetchNow.error || remove.error) && <ErrorView error={fetchNow.error ?? remove.error} />}
      <DataTable
        caption="Last fetches, newest first"
        data={source.fetches}
        columns={[
          {
            header: 'Started',
            accessorKey: 'started_at',
            cell: (cell) => time(cell.row.original.started_at),
          },
          { header: 'Outcome', accessorKey: 'outcome' },
          { header: 'Why', accessorKey: 'reason' },
          { header: 'Import', id: 'import', accessorFn: (fetch) => fetch.import ?? '' },
        ]}
      />
    </section>
  );
}

function SourceForm({ source }: { source: Source | undefined }) {
  const client = useClient();
  const queries = useQueryClient();
  const [url, setUrl] = useState(source?.url ?? '');
  const [interval, setInterval] = useState(String(source?.interval_minutes ?? 60));
  const [onChange, setOnChange] = useState<string>(source?.on_change ?? 'publish');
  const [kind, setKind] = useState<string>('keep');
  const [user, setUser] = useState('');
  const [secret, setSecret] = useState('');
  const save = useMutation({
    mutationFn: (body: Schemas['PutCatalogSourceBody']) =>
      unwrap(client.PUT('/api/v1/catalog-source', { body })),
    onSuccess: () => {
      setSecret('');
      void queries.invalidateQueries({ queryKey: ['catalog-source'] });
    },
  });
  const at = (name: string) =>
    violationsOf(save.error).find((violation) => violation.pointer.includes(name))?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Schemas['PutCatalogSourceBody'] = {
      url: url.trim(),
      interval_minutes: Number(interval),
      on_change: onChange as 'publish' | 'draft',
    };
    if (kind === 'none') body.authentication = null;
    if (kind === 'basic') body.authentication = { kind: 'basic', username: user, password: secret };
    if (kind === 'header') body.authentication = { kind: 'header', name: user, value: secret };
    save.mutate(body);
  };
  return (
    // The API's violations mark fields invalid; with the browser's own validation an invalid field
    // would block the very submit that sends the correction, so validity is only announced (aria).
    <Form onSubmit={submit} validationBehavior="aria" className="card" aria-label="Set the feed">
      <h2>{source ? 'Change the feed' : 'Fetch the catalog from a feed'}</h2>
      <TextField
        value={url}
        onChange={setUrl}
        isRequired
        isInvalid={at('url') !== undefined}
        className="field wide"
      >
        <Label>Feed address</Label>
        <Input type="url" placeholder="https://shop.example.com/export/products.csv" />
        {at('url') && <p className="field-error">{at('url')}</p>}
      </TextField>
      <TextField
        value={interval}
        onChange={setInterval}
        type="number"
        isInvalid={at('interval') !== undefined}
        className="field"
      >
        <Label>Every (minutes, 5 to 1440)</Label>
        <Input />
        {at('interval') && <p className="field-error">{at('interval')}</p>}
      </TextField>
      <RadioGroup value={onChange} onChange={setOnChange} orientation="horizontal" className="field">
        <Label>A changed feed</Label>
        <Radio value="publish">goes live</Radio>
        <Radio value="draft">waits as a draft</Radio>
      </RadioGroup>
      <RadioGroup value={kind} onChange={setKind} orientation="horizontal" className="field">
        <Label>Signing in</Label>
        <Radio value="keep">{source?.authentication ? 'keep what is kept' : 'none'}</Radio>
        {source?.authentication && <Radio value="none">none any more</Radio>}
        <Radio value="basic">user and password</Radio>
        <Radio value="header">a header</Radio>
      </RadioGroup>
      {(kind === 'basic' || kind === 'header') && (
        <div className="field-row">
          <TextField value={user} onChange={setUser} isRequired className="field">
            <Label>{kind === 'basic' ? 'User' : 'Header name'}</Label>
            <Input autoComplete="off" />
          </TextField>
          <TextField value={secret} onChange={setSecret} isRequired type="password" className="field">
            <Label>{kind === 'basic' ? 'Password' : 'Header value'}</Label>
            <Input autoComplete="new-password" />
          </TextField>
        </div>
      )}
      <Button type="submit" className="primary" isDisabled={save.isPending}>
        Save the feed
      </Button>
      {save.isError && <ErrorView error={save.error} />}
    </Form>
  );
}
