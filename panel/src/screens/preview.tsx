import { useMutation, useQuery } from '@tanstack/react-query';
import { unwrap } from 'aisle/client';
import { type FormEvent, useState } from 'react';
import {
  Button,
  Checkbox,
  Form,
  Input,
  Label,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextArea,
  TextField,
} from 'react-aria-components';
import { type Schemas, useClient } from '../api.ts';
import { useDraft } from '../draft.tsx';
import { fromLocalInput } from '../format.ts';
import { Photo } from '../parts/photo.tsx';
import { Empty, ErrorView, Loading } from '../parts/states.tsx';
import { TraceView } from '../parts/trace.tsx';

type SearchAnswer = Schemas['PreviewSearchAnswer'];
type Trace = SearchAnswer['trace'];
type Hit = SearchAnswer['sections'][number]['hits'][number];

/** Where and when a preview is seen: channel, locale, context, time, and a draft's files. */
interface Setting {
  channel?: string;
  locale?: string;
  context?: Record<string, string>;
  time?: string;
  files?: Record<string, unknown>;
}

/**
 * Preview: a search or a shop page as a shopper would see it, at any time, in any channel, locale and
 * context, with a draft's files; the trace readable, "why is A above B" and "where is this product".
 */
export default function Preview() {
  const setting = useSetting();
  return (
    <>
      <h1>Preview</h1>
      {setting.form}
      <Tabs>
        <TabList aria-label="What to preview">
          <Tab id="page">Shop page</Tab>
          <Tab id="search">Search</Tab>
        </TabList>
        <TabPanel id="page">
          <PagePreview setting={setting.value} />
        </TabPanel>
        <TabPanel id="search">
          <SearchPreview setting={setting.value} />
        </TabPanel>
      </Tabs>
    </>
  );
}

function useSetting() {
  const client = useClient();
  const { draft } = useDraft();
  const [channel, setChannel] = useState('');
  const [locale, setLocale] = useState('');
  const [context, setContext] = useState('');
  const [at, setAt] = useState('');
  const [withDraft, setWithDraft] = useState(true);
  const draftFiles = useQuery({
    queryKey: ['imports', draft],
    enabled: draft !== undefined,
    queryFn: () =>
      unwrap(client.GET('/api/v1/imports/{import}', { params: { path: { import: Number(draft) } } })),
  });
  const value: Setting = {};
  if (channel.trim()) value.channel = channel.trim();
  if (locale.trim()) value.locale = locale.trim();
  const pairs = context
    .split('\n')
    .map((line) => line.split('='))
    .filter((pair) => pair.length === 2 && pair[0]?.trim());
  if (pairs.length)
    value.context = Object.fromEntries(pairs.map(([name, text]) => [name!.trim(), text!.trim()]));
  const time = fromLocalInput(at);
  if (time) value.time = time;
  if (draft !== undefined && withDraft && draftFiles.data) value.files = draftFiles.data.files;
  const form = (
    <fieldset>
      <legend>As a shopper would see it</legend>
      <div className="field-row">
        <TextField value={channel} onChange={setChannel} className="field">
          <Label>Channel</Label>
          <Input placeholder="the first" />
        </TextField>
        <TextField value={locale} onChange={setLocale} className="field">
          <Label>Locale</Label>
          <Input placeholder="the channel's first" />
        </TextField>
        <div className="field">
          <label htmlFor="preview-time">At (empty: now)</label>
          <input
            id="preview-time"
            type="datetime-local"
            value={at}
            onChange={(event) => setAt(event.target.value)}
          />
        </div>
        <TextField value={context} onChange={setContext} className="field">
          <Label>Context (one key=value a line)</Label>
          <TextArea rows={2} />
        </TextField>
      </div>
      {draft !== undefined && (
        <Checkbox isSelected={withDraft} onChange={setWithDraft}>
          <span className="box" aria-hidden="true" />
          With draft {draft}'s files{' '}
          {draftFiles.data ? `(${Object.keys(draftFiles.data.files).join(', ') || 'none'})` : ''}
        </Checkbox>
      )}
    </fieldset>
  );
  return { value, form };
}

function PagePreview({ setting }: { setting: Setting }) {
  const client = useClient();
  const [url, setUrl] = useState('');
  const categories = useQuery({
    queryKey: ['categories'],
    queryFn: () => unwrap(client.GET('/api/v1/categories')),
  });
  const page = useMutation({
    mutationFn: (address: string) =>
      unwrap(client.POST('/api/v1/preview/page', { body: { url: address, per_page: 24, ...setting } })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim()) page.mutate(url.trim());
  };
  const locale = setting.locale ?? 'en';
  const options = (categories.data?.categories ?? []).map((node) => ({
    id: node.category,
    path: node.paths?.[locale] ?? Object.values(node.paths ?? {})[0],
    title: node.titles?.[locale] ?? Object.values(node.titles ?? {})[0] ?? node.category,
  }));
  const results = page.data?.listing?.results;
  return (
    <>
      <Form onSubmit={submit}>
        <div className="field-row">
          <div className="field">
            <label htmlFor="preview-category">Category page</label>
            <select
              id="preview-category"
              value={options.some((option) => option.path === url) ? url : ''}
              onChange={(event) => {
                setUrl(event.target.value);
                if (event.target.value) page.mutate(event.target.value);
              }}
            >
              <option value="">Choose a category …</option>
              {options
                .filter((option) => option.path)
                .map((option) => (
                  <option key={option.id} value={option.path}>
                    {option.title} ({option.id})
                  </option>
                ))}
            </select>
          </div>
          <TextField value={url} onChange={setUrl} className="field wide">
            <Label>Shop address</Label>
            <Input placeholder="/c/electronics/audio/headphones?sort=price_asc" />
          </TextField>
          <Button type="submit" className="primary">
            Open the page
          </Button>
        </div>
      </Form>
      {categories.isError && <ErrorView error={categories.error} />}
      {page.isPending && <Loading what="the page" />}
      {page.isError && <ErrorView error={page.error} />}
      {page.data && (
        <section aria-label="The page">
          <h2>
            {page.data.title ?? page.data.url} <span className="badge">{page.data.status}</span>{' '}
            {page.data.draft && <span className="badge status-draft">with the draft</span>}
          </h2>
          <p className="hint">
            {page.data.kind.replaceAll('_', ' ')} in {page.data.channel}/{page.data.locale}; robots{' '}
            {page.data.robots}
            {page.data.redirect && `; redirects to ${page.data.redirect.url}: ${page.data.redirect.reason}`}
          </p>
          {page.data.trace && <TraceView trace={page.data.trace as never} label="How the address was read" />}
          {results && page.data.listing && (
            <Results answer={results as SearchAnswer} request={page.data.listing.request} setting={setting} />
          )}
        </section>
      )}
    </>
  );
}

function SearchPreview({ setting }: { setting: Setting }) {
  const client = useClient();
  const [query, setQuery] = useState('');
  const search = useMutation({
    mutationFn: (text: string) =>
      unwrap(client.POST('/api/v1/preview/search', { body: { query: text, per_page: 24, ...setting } })),
  });
  return (
    <>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          search.mutate(query);
        }}
      >
        <div className="field-row">
          <TextField value={query} onChange={setQuery} className="field wide">
            <Label>Search for</Label>
            <Input type="search" />
          </TextField>
          <Button type="submit" className="primary">
            Search
          </Button>
        </div>
      </Form>
      {search.isPending && <Loading what="the search" />}
      {search.isError && <ErrorView error={search.error} />}
      {search.data && (
        <Results
          answer={search.data}
          request={{
            query,
            ...(setting.channel ? { channel: setting.channel } : {}),
            ...(setting.locale ? { locale: setting.locale } : {}),
          }}
          setting={setting}
        />
      )}
    </>
  );
}

function Results({
  answer,
  request,
  setting,
}: {
  answer: SearchAnswer;
  request: Schemas['SearchRequest'];
  setting: Setting;
}) {
  const client = useClient();
  const [chosen, setChosen] = useState<number[]>([]);
  const [entity, setEntity] = useState('');
  const listed = answer.sections.find((section) => section.type === answer.listed) ?? answer.sections[0];
  const compare = useMutation({
    mutationFn: (places: number[]) =>
      unwrap(client.POST('/api/v1/preview/compare', { body: { trace: answer.trace as Trace, places } })),
  });
  const find = useMutation({
    mutationFn: (wanted: string) =>
      unwrap(client.POST('/api/v1/preview/find', { body: findRequest(request, setting, wanted) })),
  });
  const choose = (position: number) => {
    const next = chosen.includes(position)
      ? chosen.filter((place) => place !== position)
      : [...chosen, position].slice(-2);
    setChosen(next);
    if (next.length === 2) compare.mutate([...next].sort((a, b) => a - b));
  };
  if (!listed) return <Empty>The answer has no section.</Empty>;
  return (
    <>
      <p>
        {listed.total} found in the {listed.type} section{answer.draft ? ', with the draft' : ''}. Compare two
        hits to read why one sits above the other; Find says where a product stands and why.
      </p>
      {listed.hits.length === 0 ? (
        <Empty>Nothing is listed.</Empty>
      ) : (
        <ol className="hits" aria-label="Hits">
          {listed.hits.map((hit, index) => (
            <HitRow
              key={hit.entity}
              hit={hit}
              position={index + 1}
              chosen={chosen.includes(index + 1)}
              onChoose={() => choose(index + 1)}
              onFind={() => {
                setEntity(hit.entity);
                find.mutate(hit.entity);
              }}
            />
          ))}
        </ol>
      )}
      {compare.isPending && <Loading what="the comparison" />}
      {compare.isError && <ErrorView error={compare.error} />}
      {compare.data && (
        <section className="card" aria-label="Why one is above the other">
          <h3>
            Why {compare.data.higher.entity} (at {compare.data.higher.position}) is above{' '}
            {compare.data.lower.entity} (at {compare.data.lower.position})
          </h3>
          <p>{compare.data.summary}</p>
          <ol>
            {compare.data.reasons.map((reason) => (
              <li key={`${reason.part}${reason.word ?? ''}${reason.rule ?? ''}`}>
                <strong>{reason.part}</strong>: {reason.says}{' '}
                <span className="hint">(favours the {reason.favours})</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (entity.trim()) find.mutate(entity.trim());
        }}
      >
        <div className="field-row">
          <TextField value={entity} onChange={setEntity} className="field">
            <Label>Where is this product?</Label>
            <Input placeholder="product:P100137" />
          </TextField>
          <Button type="submit">Find it</Button>
        </div>
      </Form>
      {find.isPending && <Loading what="where it is" />}
      {find.isError && <ErrorView error={find.error} />}
      {find.data && (
        <p className="card" role="status">
          <strong>{find.data.entity}</strong>: {find.data.detail}
          {find.data.position !== undefined &&
            ` (position ${find.data.position}, page ${find.data.page ?? 1})`}
        </p>
      )}
      <TraceView trace={answer.trace} label="How the search was answered" />
    </>
  );
}

/**
 * The request the hits answered, asking where `entity` is: a page's listing request names `debug`,
 * which a preview does not take (it always traces).
 */
function findRequest(
  request: Schemas['SearchRequest'],
  setting: Setting,
  entity: string,
): Schemas['PreviewFindRequest'] {
  const asked: Record<string, unknown> = { ...request, ...setting, entity };
  delete asked.debug;
  return asked as Schemas['PreviewFindRequest'];
}

function HitRow({
  hit,
  position,
  chosen,
  onChoose,
  onFind,
}: {
  hit: Hit;
  position: number;
  chosen: boolean;
  onChoose: () => void;
  onFind: () => void;
}) {
  const title = typeof hit.fields.title === 'string' ? hit.fields.title : hit.entity;
  const image = typeof hit.fields.image === 'string' ? hit.fields.image : undefined;
  return (
    <li data-entity={hit.entity}>
      <span className="position">{position}</span>
      {image ? <Photo className="thumb" src={image} alt="" /> : <span />}
      <span>
        <strong>{title}</strong> <code>{hit.entity}</code>
        {hit.sponsored && <span className="badge">sponsored: {hit.sponsored.campaign}</span>}
        <span className="actions">
          <Button onPress={onChoose} aria-pressed={chosen} aria-label={`Compare ${hit.entity}`}>
            Compare
          </Button>
          <Button onPress={onFind} aria-label={`Find ${hit.entity}`}>
            Find
          </Button>
        </span>
      </span>
    </li>
  );
}
