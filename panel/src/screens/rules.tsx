import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from 'aisle/client';
import { type ReactNode, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import { type Schemas, useClient, violationsOf } from '../api.ts';
import { useDraft } from '../draft.tsx';
import { fromLocalInput, time } from '../format.ts';
import { NamedEntities } from '../parts/entities.tsx';
import { RuleEditor, type RuleFields } from '../parts/rule-editor.tsx';
import { Empty, ErrorView, Loaded } from '../parts/states.tsx';

type ListedRule = Schemas['ListedRule'];
type DraftRules = Schemas['DraftRules'];

/** Rules in precedence order: the live list read at any time, or a draft's, edited and reordered. */
export default function Rules() {
  const { draft } = useDraft();
  return (
    <>
      <h1>Rules</h1>
      {draft === undefined ? <LiveRules /> : <DraftRulesEditor draft={draft} />}
    </>
  );
}

function LiveRules() {
  const client = useClient();
  const [at, setAt] = useState('');
  const timeParam = fromLocalInput(at);
  const rules = useQuery({
    queryKey: ['rules', 'live', timeParam],
    queryFn: () =>
      unwrap(client.GET('/api/v1/rules', { params: { query: timeParam ? { time: timeParam } : {} } })),
  });
  return (
    <>
      <p>
        The live rules, highest first. To change them, choose a draft in <q>Working on</q> (a draft is an
        import: <Link href="/imports">send an export</Link>, the same file again if the catalog stays).
      </p>
      <div className="field">
        <label htmlFor="rules-time">States at (empty: now)</label>
        <input
          id="rules-time"
          type="datetime-local"
          value={at}
          onChange={(event) => setAt(event.target.value)}
        />
      </div>
      <Loaded
        query={rules}
        what="the rules"
        isEmpty={(list) => list.rules.length === 0}
        empty="The live release has no rules."
      >
        {(list) => (
          <>
            <p className="hint">
              Read for channel {list.channel}, locale {list.locale}, at {time(list.time)}.
            </p>
            <ol className="rules-list">
              {list.rules.map((rule) => (
                <li key={rule.id} className="rule">
                  <span className="position">{rule.position}</span>
                  <RuleSummary rule={rule} />
                </li>
              ))}
            </ol>
          </>
        )}
      </Loaded>
    </>
  );
}

function RuleSummary({ rule, children }: { rule: ListedRule; children?: ReactNode }) {
  return (
    <div>
      <h3>
        {rule.name} <span className={`badge status-${rule.state}`}>{rule.state}</span>
      </h3>
      <p>{rule.summary}</p>
      <p className="hint">
        <code>{rule.id}</code> · acts on {rule.surfaces.join(', ').replace('_', ' ')}
        {rule.starts_at && ` · from ${time(rule.starts_at)}`}
        {rule.ends_at && ` · until ${time(rule.ends_at)}`}
        {rule.grid_of && ` · lays out the grid of ${rule.grid_of}`}
      </p>
      <NamedEntities entities={rule.entities} />
      {rule.conflicts.length > 0 && (
        <ul className="conflict">
          {rule.conflicts.map((conflict) => (
            <li key={`${conflict.rule}${conflict.kind}${conflict.entity ?? ''}${conflict.position ?? ''}`}>
              Conflict: {conflict.message}
            </li>
          ))}
        </ul>
      )}
      {rule.warnings?.map((warning) => (
        <p key={warning.pointer} className="conflict">
          {warning.message}
        </p>
      ))}
      {children}
    </div>
  );
}

function DraftRulesEditor({ draft }: { draft: number }) {
  const client = useClient();
  const queries = useQueryClient();
  const key = ['imports', draft, 'rules'];
  const rules = useQuery({
    queryKey: key,
    queryFn: () =>
      unwrap(client.GET('/api/v1/imports/{import}/rules', { params: { path: { import: Number(draft) } } })),
  });
  const [editing, setEditing] = useState<string | undefined>();
  // Every write answers the draft's rules as they are now: the list and its version are taken from it.
  const written = (answer: DraftRules) => {
    queries.setQueryData(key, answer);
    void queries.invalidateQueries({ queryKey: ['imports', draft], exact: true });
  };
  const add = useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: RuleFields }) =>
      unwrap(
        client.POST('/api/v1/imports/{import}/rules', {
          params: { path: { import: Number(draft) } },
          body: { version: rules.data?.version ?? '', id, fields },
        }),
      ),
    onSuccess: (answer) => {
      written(answer);
      setEditing(undefined);
    },
  });
  const change = useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: RuleFields }) =>
      unwrap(
        client.PATCH('/api/v1/imports/{import}/rules/{rule}', {
          params: { path: { import: Number(draft), rule: id } },
          body: { version: rules.data?.version ?? '', fields: clearedFields(fields) },
        }),
      ),
    onSuccess: (answer) => {
      written(answer);
      setEditing(undefined);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      unwrap(
        client.DELETE('/api/v1/imports/{import}/rules/{rule}', {
          params: {
            path: { import: Number(draft), rule: id },
            query: { version: rules.data?.version ?? '' },
          },
        }),
      ),
    onSuccess: written,
  });
  const move = useMutation({
    mutationFn: ({ id, position }: { id: string; position: number }) =>
      unwrap(
        client.PUT('/api/v1/imports/{import}/rules/{rule}/position', {
          params: { path: { import: Number(draft), rule: id } },
          body: { version: rules.data?.version ?? '', position },
        }),
      ),
    onMutate: ({ id, position }) => {
      // Shown moved at once; the answer (or a refusal) puts the list right.
      const current = queries.getQueryData<DraftRules>(key);
      if (!current) return;
      const from = current.rules.findIndex((rule) => rule.id === id);
      queries.setQueryData(key, { ...current, rules: arrayMove(current.rules, from, position - 1) });
    },
    onSuccess: written,
    onError: () => queries.invalidateQueries({ queryKey: key }),
  });
  const failure = [add, change, remove, move].find((mutation) => mutation.isError);
  return (
    <>
      <p>
        Draft {draft}: the rules as publishing it would make them, highest first. Drag a rule by its handle
        (or focus the handle, press Space, move with the arrow keys and press Space again) to change its
        precedence. <Link href={`/imports/${draft}`}>Publish the draft</Link> to make them live.
      </p>
      <div className="actions">
        {/* A write names the draft version it read: none before the draft's rules are read. */}
        <Button
          className="primary"
          onPress={() => setEditing('')}
          isDisabled={editing !== undefined || !rules.isSuccess}
        >
          New rule
        </Button>
      </div>
      {editing === '' && (
        <RuleEditor
          initial={{ description: '', enabled: true }}
          isNew
          violations={violationsOf(add.error)}
          busy={add.isPending}
          onSave={(id, fields) => add.mutate({ id, fields })}
          onCancel={() => setEditing(undefined)}
        />
      )}
      {failure && !(failure === add && editing === '') && !(failure === change && editing) && (
        <ErrorView error={failure.error} />
      )}
      <Loaded
        query={rules}
        what="the draft's rules"
        isEmpty={(answer) => answer.rules.length === 0}
        empty="The draft has no rules yet."
      >
        {(answer) => (
          <SortableRules
            rules={answer.rules}
            onMove={(id, position) => move.mutate({ id, position })}
            render={(rule) =>
              editing === rule.id && rule.fields ? (
                <RuleEditor
                  initial={{ ...rule.fields, id: rule.id }}
                  isNew={false}
                  violations={violationsOf(change.error)}
                  busy={change.isPending}
                  onSave={(id, fields) => change.mutate({ id, fields })}
                  onCancel={() => setEditing(undefined)}
                />
              ) : (
                <RuleSummary rule={rule}>
                  <div className="actions">
                    {rule.fields ? (
                      <Button onPress={() => setEditing(rule.id)} aria-label={`Edit ${rule.id}`}>
                        Edit
                      </Button>
                    ) : (
                      <span className="hint">
                        Says more than the form can: change it in the draft's rules.json.
                      </span>
                    )}
                    <Button onPress={() => remove.mutate(rule.id)} aria-label={`Delete ${rule.id}`}>
                      Delete
                    </Button>
                  </div>
                </RuleSummary>
              )
            }
          />
        )}
      </Loaded>
      {rules.isSuccess && rules.data.rules.length === 0 && editing === undefined && (
        <Empty>Add a rule with the button above.</Empty>
      )}
    </>
  );
}

/** A change by fields names every field: those the form left empty are cleared (`null`). */
function clearedFields(fields: RuleFields): Schemas['RuleFieldChanges'] {
  const optional = [
    'starts_at',
    'ends_at',
    'surfaces',
    'query_match',
    'query_words',
    'category',
    'category_below',
    'channels',
    'locales',
    'redirect_url',
    'pins',
    'hide',
    'boost',
    'boost_strength',
    'bury',
    'bury_strength',
    'remove_words',
  ] as const;
  const changes: Record<string, unknown> = { ...fields };
  for (const name of optional) if (!(name in fields)) changes[name] = null;
  return changes as Schemas['RuleFieldChanges'];
}

function SortableRules({
  rules,
  onMove,
  render,
}: {
  rules: ListedRule[];
  onMove: (id: string, position: number) => void;
  render: (rule: ListedRule) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const names = new Map(rules.map((rule) => [rule.id, rule.id]));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const position = rules.findIndex((rule) => rule.id === over.id) + 1;
    onMove(String(active.id), position);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up rule ${names.get(String(active.id))}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `Rule ${active.id} is over place ${rules.findIndex((rule) => rule.id === over.id) + 1}.`
              : `Rule ${active.id} is over no place.`,
          onDragEnd: ({ active, over }) =>
            over
              ? `Rule ${active.id} moved to place ${rules.findIndex((rule) => rule.id === over.id) + 1}.`
              : `Rule ${active.id} stays.`,
          onDragCancel: ({ active }) => `Moving rule ${active.id} was cancelled; it stays.`,
        },
      }}
    >
      <SortableContext items={rules.map((rule) => rule.id)} strategy={verticalListSortingStrategy}>
        <ol className="rules-list" aria-label="The draft's rules, highest first">
          {rules.map((rule) => (
            <SortableRule key={rule.id} rule={rule}>
              {render(rule)}
            </SortableRule>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRule({ rule, children }: { rule: ListedRule; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: rule.id,
    });
  return (
    <li
      ref={setNodeRef}
      className="rule"
      data-dragging={isDragging}
      data-rule={rule.id}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="handle"
        {...attributes}
        {...listeners}
        aria-label={`Move ${rule.id}, place ${rule.position}`}
      >
        {rule.position}
      </button>
      {children}
    </li>
  );
}
