import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from 'aisle/client';
import { useEffect, useState } from 'react';
import {
  Button,
  Form,
  Input,
  Label,
  Radio,
  RadioGroup,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextField,
} from 'react-aria-components';
import { Link } from 'wouter';
import { type Schemas, useClient } from '../api.ts';
import { useDraft } from '../draft.tsx';
import { count } from '../format.ts';
import { Empty, ErrorView, Loaded } from '../parts/states.tsx';

type SynonymList = Schemas['SynonymList'];
type Entry = Schemas['SynonymEntry'];
type Listed = Schemas['ListedSynonym'];

/** Synonyms per locale: the live dictionaries, or a draft's, with entries checked while they are typed. */
export default function Synonyms() {
  const client = useClient();
  const { draft } = useDraft();
  const synonyms = useQuery({
    queryKey: draft === undefined ? ['synonyms', 'live'] : ['imports', draft, 'synonyms'],
    queryFn: async () =>
      draft === undefined
        ? { version: undefined, synonyms: await unwrap(client.GET('/api/v1/synonyms')) }
        : unwrap(
            client.GET('/api/v1/imports/{import}/synonyms', { params: { path: { import: Number(draft) } } }),
          ),
  });
  return (
    <>
      <h1>Synonyms</h1>
      {draft === undefined && (
        <p>
          The live synonyms. To add or change entries, choose a draft in <q>Working on</q> (a draft is an
          import: <Link href="/imports">send an export</Link>). Synonyms go live without rebuilding the
          indexes.
        </p>
      )}
      <Loaded query={synonyms} what="the synonyms">
        {({ version, synonyms: list }) => <Dictionaries list={list} draft={draft} version={version} />}
      </Loaded>
    </>
  );
}

function Dictionaries({
  list,
  draft,
  version,
}: {
  list: SynonymList;
  draft: number | undefined;
  version: string | undefined;
}) {
  const locales = list.dictionaries.map((dictionary) => dictionary.locale);
  if (locales.length === 0) return <Empty>No channel serves a language yet.</Empty>;
  return (
    <Tabs>
      <TabList aria-label="Languages">
        {list.dictionaries.map((dictionary) => (
          <Tab key={dictionary.locale} id={dictionary.locale}>
            {dictionary.locale} ({dictionary.entries.length}){dictionary.waiting ? ', waiting' : ''}
          </Tab>
        ))}
      </TabList>
      {list.dictionaries.map((dictionary) => (
        <TabPanel key={dictionary.locale} id={dictionary.locale}>
          {dictionary.waiting && (
            <p className="notice">No channel reads this dictionary yet: it waits until one does.</p>
          )}
          {draft !== undefined && version !== undefined && (
            <NewEntry draft={draft} version={version} locale={dictionary.locale} />
          )}
          {dictionary.entries.length === 0 ? (
            <Empty>No entries in {dictionary.locale}.</Empty>
          ) : (
            <ul className="plain-list">
              {dictionary.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} draft={draft} version={version} />
              ))}
            </ul>
          )}
        </TabPanel>
      ))}
    </Tabs>
  );
}

function EntryRow({
  entry,
  draft,
  version,
}: {
  entry: Listed;
  draft: number | undefined;
  version: string | undefined;
}) {
  const client = useClient();
  const queries = useQueryClient();
  const remove = useMutation({
    mutationFn: () => {
      const [locale, kind, index] = entry.id.split('/');
      return unwrap(
        client.DELETE('/api/v1/imports/{import}/synonyms/{locale}/{kind}/{index}', {
          params: {
            path: { import: Number(draft), locale: locale ?? '', kind: kind ?? '', index: index ?? '' },
            query: { version: version ?? '' },
          },
        }),
      );
    },
    onSuccess: (answer) => queries.setQueryData(['imports', draft, 'synonyms'], answer),
  });
  return (
    <li className="card">
      <span className="badge">{entry.kind.replace('_', '-')}</span> {entry.summary}{' '}
      <code className="hint">{entry.id}</code>
      {entry.clashes.map((clash) => (
        <p key={clash.message} className="conflict">
          {clash.message}
        </p>
      ))}
      {draft !== undefined && (
        <Button
          onPress={() => remove.mutate()}
          isDisabled={remove.isPending}
          aria-label={`Delete ${entry.id}`}
        >
          Delete
        </Button>
      )}
      {remove.isError && <ErrorView error={remove.error} />}
    </li>
  );
}

const words = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

function entryOf(kind: string, text: string, from: string): Entry | undefined {
  if (kind === 'one_way')
    return from.trim() && words(text).length
      ? { kind: 'one_way', from: from.trim(), to: words(text) }
      : undefined;
  if (words(text).length === 0) return undefined;
  return { kind: kind === 'never' ? 'never' : 'group', words: words(text) };
}

/** Waits until typing pauses, so a check is asked once per pause, not per key. */
function useSettled<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function NewEntry({ draft, version, locale }: { draft: number; version: string; locale: string }) {
  const client = useClient();
  const queries = useQueryClient();
  const [kind, setKind] = useState('group');
  const [from, setFrom] = useState('');
  const [text, setText] = useState('');
  const entry = entryOf(kind, text, from);
  const typed = useSettled(entry);
  const check = useQuery({
    queryKey: ['imports', draft, 'synonyms', 'check', locale, typed],
    enabled: typed !== undefined,
    placeholderData: keepPreviousData,
    queryFn: () =>
      unwrap(
        client.POST('/api/v1/imports/{import}/synonyms/check', {
          params: { path: { import: Number(draft) } },
          body: { locale, entry: typed as Entry },
        }),
      ),
  });
  const add = useMutation({
    mutationFn: (written: Entry) =>
      unwrap(
        client.POST('/api/v1/imports/{import}/synonyms', {
          params: { path: { import: Number(draft) } },
          body: { version, locale, entries: [written] },
        }),
      ),
    onSuccess: (answer) => {
      queries.setQueryData(['imports', draft, 'synonyms'], answer);
      void queries.invalidateQueries({ queryKey: ['imports', draft], exact: true });
      if (!answer.refused?.length) {
        setText('');
        setFrom('');
      }
    },
  });
  return (
    <Form
      className="card"
      aria-label={`New ${locale} entry`}
      onSubmit={(event) => {
        event.preventDefault();
        if (entry) add.mutate(entry);
      }}
    >
      <h2>New entry in {locale}</h2>
      <RadioGroup value={kind} onChange={setKind} orientation="horizontal" className="field">
        <Label>Kind</Label>
        <Radio value="group">Same meaning (group)</Radio>
        <Radio value="one_way">One way</Radio>
        <Radio value="never">Never merge</Radio>
      </RadioGroup>
      <div className="field-row">
        {kind === 'one_way' && (
          <TextField value={from} onChange={setFrom} className="field">
            <Label>A search for</Label>
            <Input />
          </TextField>
        )}
        <TextField value={text} onChange={setText} className="field wide">
          <Label>{kind === 'one_way' ? 'also finds (comma between)' : 'Words (comma between)'}</Label>
          <Input />
        </TextField>
      </div>
      <div aria-live="polite" data-testid="synonym-check">
        {entry && check.data && (
          <>
            <p>
              Shoppers find now:{' '}
              {check.data.words.map((word) => `“${word.word}” ${count(word.total)}`).join(' · ')} (channel{' '}
              {check.data.channel})
            </p>
            {check.data.conflicts?.length ? (
              <ul className="conflict">
                {check.data.conflicts.map((conflict) => (
                  <li key={conflict.message}>{conflict.message}</li>
                ))}
              </ul>
            ) : (
              <p>It can be written.</p>
            )}
          </>
        )}
        {entry && check.isError && <ErrorView error={check.error} />}
      </div>
      <Button type="submit" className="primary" isDisabled={!entry || add.isPending}>
        Add to the draft
      </Button>
      {add.data?.refused?.map((refused) => (
        <p key={refused.index} className="field-error" role="alert">
          Not written: {refused.clashes.map((clash) => clash.message).join(' ')}
        </p>
      ))}
      {add.isError && <ErrorView error={add.error} />}
    </Form>
  );
}
