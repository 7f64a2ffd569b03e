import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from 'aisle/client';
import { useState } from 'react';
import { Checkbox } from 'react-aria-components';
import { type Schemas, useClient } from '../api.ts';
import { useDraft } from '../draft.tsx';
import { DataTable } from '../parts/data-table.tsx';
import { ErrorView, Loaded } from '../parts/states.tsx';

type Origin = Schemas['SettingOrigin'];
type TypeSettings = Schemas['TypeSearchSettings'];

/** Search settings per type (a draft's can be changed), and each category page's settings with their origin. */
export default function Settings() {
  return (
    <>
      <h1>Search &amp; page settings</h1>
      <SearchSettings />
      <PageSettings />
    </>
  );
}

function SearchSettings() {
  const client = useClient();
  const { draft } = useDraft();
  const settings = useQuery({
    queryKey: draft === undefined ? ['search-settings', 'live'] : ['imports', draft, 'search-settings'],
    queryFn: async () =>
      draft === undefined
        ? { version: undefined, ...(await unwrap(client.GET('/api/v1/search-settings'))) }
        : unwrap(
            client.GET('/api/v1/imports/{import}/search-settings', {
              params: { path: { import: Number(draft) } },
            }),
          ),
  });
  return (
    <section aria-labelledby="search-settings-heading">
      <h2 id="search-settings-heading">
        How each type is searched{draft !== undefined ? ` in draft ${draft}` : ''}
      </h2>
      <Loaded query={settings} what="search settings">
        {(answer) =>
          answer.types.map((type) => (
            <TypeCard
              key={type.type}
              type={type}
              draft={draft}
              version={answer.version}
              locale={answer.locale}
            />
          ))
        }
      </Loaded>
    </section>
  );
}

function TypeCard({
  type,
  draft,
  version,
  locale,
}: {
  type: TypeSettings;
  draft: number | undefined;
  version: string | undefined;
  locale: string;
}) {
  const client = useClient();
  const queries = useQueryClient();
  const change = useMutation({
    mutationFn: (body: Omit<Schemas['ChangeSearchSettingsBody'], 'version'>) =>
      unwrap(
        client.PATCH('/api/v1/imports/{import}/search-settings/{type}', {
          params: { path: { import: Number(draft), type: type.type } },
          body: { version: version ?? '', ...body },
        }),
      ),
    onSuccess: (answer) => queries.setQueryData(['imports', draft, 'search-settings'], answer),
  });
  const editable = draft !== undefined;
  return (
    <div className="card">
      <h3>
        {type.label} <code>{type.type}</code>{' '}
        {type.defaults && <span className="badge">built-in defaults</span>}
      </h3>
      <DataTable
        caption={`Fields of ${type.label} searched (${locale})`}
        data={type.fields}
        rowKey={(field) => field.field}
        columns={[
          { header: 'Field', accessorKey: 'field' },
          { header: 'Weight', accessorKey: 'weight' },
          { header: 'Match', accessorKey: 'match' },
        ]}
      />
      <div className="field-row">
        <Checkbox
          isSelected={type.typos.enabled}
          isDisabled={!editable || change.isPending}
          onChange={(enabled) => change.mutate({ typos: { ...type.typos, enabled } })}
        >
          <span className="box" aria-hidden="true" />
          Typos allowed (one from {type.typos.one_typo_min_letters} letters, two from{' '}
          {type.typos.two_typos_min_letters})
        </Checkbox>
        <Checkbox
          isSelected={type.prefix}
          isDisabled={!editable || change.isPending}
          onChange={(prefix) => change.mutate({ prefix })}
        >
          <span className="box" aria-hidden="true" />
          The last word matches as a word's start
        </Checkbox>
      </div>
      <p className="hint">
        Stemmed: {type.stemmed ? 'yes' : 'no'}. Matched exactly: {type.typos.exempt.join(', ') || 'nothing'}.
        Identifiers: {type.identifiers.join(', ') || 'none'}.{!editable && ' Choose a draft to change them.'}
      </p>
      {change.isError && <ErrorView error={change.error} />}
    </div>
  );
}

function originText(origin: Origin): string {
  const where =
    origin.from === 'page'
      ? "this page's own setting"
      : origin.from === 'category'
        ? `inherited from ${origin.title ?? origin.category}`
        : origin.from === 'default'
          ? "categories.json's default"
          : 'built in';
  return origin.derived ? `${where}, derived${origin.reason ? `: ${origin.reason}` : ''}` : where;
}

function PageSettings() {
  const client = useClient();
  const { draft } = useDraft();
  const [category, setCategory] = useState('');
  const categories = useQuery({
    queryKey: ['categories'],
    queryFn: () => unwrap(client.GET('/api/v1/categories')),
  });
  const draftImport = useQuery({
    queryKey: ['imports', draft],
    enabled: draft !== undefined,
    queryFn: () =>
      unwrap(client.GET('/api/v1/imports/{import}', { params: { path: { import: Number(draft) } } })),
  });
  const files = draft !== undefined ? draftImport.data?.files : undefined;
  const settings = useQuery({
    queryKey: ['page-settings', category, files],
    enabled: draft === undefined || files !== undefined,
    queryFn: () =>
      unwrap(
        client.POST('/api/v1/pages/settings', {
          body: { ...(category ? { category } : {}), ...(files ? { files } : {}) },
        }),
      ),
  });
  return (
    <section aria-labelledby="page-settings-heading">
      <h2 id="page-settings-heading">What a page shows</h2>
      <div className="field">
        <label htmlFor="page-category">Page</label>
        <select id="page-category" value={category} onChange={(event) => setCategory(event.target.value)}>
          <option value="">The search page</option>
          {(categories.data?.categories ?? []).map((node) => (
            <option key={node.category} value={node.category}>
              {Object.values(node.titles ?? {})[0] ?? node.category} ({node.category})
            </option>
          ))}
        </select>
      </div>
      <Loaded query={settings} what="the page settings">
        {(page) => (
          <>
            <p>
              {page.title ?? 'Search page'} lists {page.lists}; it starts sorted by{' '}
              <strong>{page.sort.label}</strong> ({originText(page.sort.from)}).
            </p>
            <DataTable
              caption="Facets in display order"
              data={page.facets}
              rowKey={(facet) => facet.field}
              columns={[
                { header: 'Facet', accessorKey: 'label' },
                { header: 'Field', accessorKey: 'field' },
                { header: 'Kind', accessorKey: 'kind' },
                { header: 'Group', id: 'group', accessorFn: (facet) => facet.group ?? '' },
                { header: 'Comes from', id: 'from', accessorFn: (facet) => originText(facet.from) },
              ]}
            />
            <DataTable
              caption="Orders offered"
              data={page.sorts}
              rowKey={(sort) => sort.code}
              columns={[
                { header: 'Order', accessorKey: 'label' },
                { header: 'Code', accessorKey: 'code' },
                { header: 'Comes from', id: 'from', accessorFn: (sort) => originText(sort.from) },
              ]}
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
