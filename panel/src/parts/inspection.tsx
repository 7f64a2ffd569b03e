import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { unwrap } from 'aisle/client';
import { useMemo, useState } from 'react';
import { Button, ComboBox, FieldError, Input, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { FEED_TARGETS } from '../../../src/contracts/release-files/feed-targets.ts';
import { type Schemas, useClient, violationsOf } from '../api.ts';
import { columnAt, withDestinations } from '../feed-mapping.ts';
import { count } from '../format.ts';
import { DataTable } from './data-table.tsx';
import { ErrorView } from './states.tsx';
import { Tiles } from './tiles.tsx';

type Inspection = Schemas['Inspection'];
type ColumnRead = Inspection['columns'][number];

/**
 * An inspection as a merchandiser reads it: how the file was read, every column with where it goes
 * and why (a draft's destinations can be changed here), rows left out by cause, the products as
 * indexed and as tiles, the details shoppers meet and the files derived from the export.
 */
export function InspectionView({
  importId,
  version,
  inspection,
  editable,
}: {
  importId: number;
  version: string;
  inspection: Inspection;
  editable: boolean;
}) {
  return (
    <>
      <p>
        {inspection.how.summary} {count(inspection.rows)} rows
        {inspection.mapped_rows !== undefined && ` (the first ${count(inspection.mapped_rows)} mapped)`}:{' '}
        {count(inspection.counts.products)} products, {count(inspection.counts.variants)} variants,{' '}
        {count(inspection.counts.categories)} categories, {count(inspection.counts.brands)} brands.
      </p>
      <ColumnsEditor importId={importId} version={version} inspection={inspection} editable={editable} />
      <h3>Rows left out</h3>
      {inspection.rejected.length === 0 ? (
        <p>Every row was read.</p>
      ) : (
        <DataTable
          caption="Rows left out, by cause"
          columns={rejectedColumns}
          data={inspection.rejected}
          rowKey={(group) => group.cause}
        />
      )}
      <h3>Products as shoppers will see them</h3>
      <Tiles tiles={inspection.products.map((product) => product.tile)} />
      <details>
        <summary>The same products as the index receives them</summary>
        <pre>
          {JSON.stringify(
            inspection.products.map((product) => product.indexed),
            null,
            2,
          )}
        </pre>
      </details>
      <h3>Details shoppers meet</h3>
      {inspection.details.length === 0 ? (
        <p>No product details.</p>
      ) : (
        <DataTable
          caption="Product details, most common first"
          columns={detailColumns}
          data={inspection.details}
          rowKey={(detail) => detail.code}
        />
      )}
      <h3>Files derived from the export</h3>
      {inspection.files.map((file) => (
        <details key={file.name}>
          <summary>
            <code>{file.name}</code>: {file.reasons.length} derived setting
            {file.reasons.length === 1 ? '' : 's'}
          </summary>
          <ul>
            {file.reasons.map((reason) => (
              <li key={reason.pointer}>
                <code>{reason.pointer}</code>: {reason.sentence}
              </li>
            ))}
          </ul>
          <pre>{JSON.stringify(file.content, null, 2)}</pre>
        </details>
      ))}
    </>
  );
}

const rejectedColumns: ColumnDef<Inspection['rejected'][number]>[] = [
  { header: 'Cause', accessorKey: 'cause' },
  { header: 'Rows', accessorKey: 'rows', cell: (cell) => count(cell.row.original.rows) },
  {
    header: 'First rows',
    id: 'first',
    enableSorting: false,
    accessorFn: (group) =>
      group.row_numbers.slice(0, 12).join(', ') + (group.row_numbers.length > 12 ? ' …' : ''),
  },
  {
    header: `Row's cells`,
    id: 'sample',
    enableSorting: false,
    accessorFn: (group) =>
      `Row ${group.sample.row}: ${Object.entries(group.sample.cells)
        .slice(0, 6)
        .map(([name, value]) => `${name} = ${value.slice(0, 40)}`)
        .join('; ')}`,
  },
];

const detailColumns: ColumnDef<Inspection['details'][number]>[] = [
  { header: 'Detail', accessorKey: 'label' },
  { header: 'Code', accessorKey: 'code' },
  {
    header: 'Type',
    id: 'type',
    accessorFn: (detail) => detail.type + (detail.unit ? ` (${detail.unit})` : ''),
  },
  { header: 'Of', accessorKey: 'level' },
  { header: 'Products', accessorKey: 'products' },
  {
    header: 'Values',
    id: 'samples',
    enableSorting: false,
    accessorFn: (detail) => detail.samples.join(', '),
  },
];

function ColumnsEditor({
  importId,
  version,
  inspection,
  editable,
}: {
  importId: number;
  version: string;
  inspection: Inspection;
  editable: boolean;
}) {
  const client = useClient();
  const queries = useQueryClient();
  const [changes, setChanges] = useState(new Map<string, string>());
  const destinations = useMemo(() => destinationChoices(inspection), [inspection]);
  const save = useMutation({
    mutationFn: async () => {
      const { file } = withDestinations(inspection.mapping, changes);
      await unwrap(
        client.PATCH('/api/v1/imports/{import}', {
          params: { path: { import: Number(importId) } },
          body: { version, files: { 'feed.json': file } },
        }),
      );
    },
    onSuccess: async () => {
      setChanges(new Map());
      await queries.invalidateQueries({ queryKey: ['imports', importId] });
    },
  });
  // A violation of the file sent points at a column's entry: shown at that column's field.
  const sent = withDestinations(inspection.mapping, changes).file;
  const errors = new Map<string, string>();
  for (const violation of violationsOf(save.error, 'feed.json')) {
    const column = columnAt(sent, violation.pointer);
    if (column) errors.set(column, violation.message);
  }
  const setDestination = (column: ColumnRead, value: string) => {
    const next = new Map(changes);
    if (value === column.destination || value.trim() === '') next.delete(column.name);
    else next.set(column.name, value.trim());
    setChanges(next);
  };
  const columns: ColumnDef<ColumnRead>[] = [
    { header: 'Column', accessorKey: 'name', cell: (cell) => <strong>{cell.row.original.name}</strong> },
    {
      header: 'Goes to',
      accessorKey: 'destination',
      cell: (cell) => {
        const column = cell.row.original;
        if (!editable) return <code>{column.destination}</code>;
        return (
          <DestinationField
            column={column}
            value={changes.get(column.name) ?? column.destination}
            choices={destinations}
            error={errors.get(column.name)}
            onChange={(value) => setDestination(column, value)}
          />
        );
      },
    },
    { header: 'Why', id: 'reason', accessorFn: (column) => column.reason.sentence },
    {
      header: 'Filled',
      accessorKey: 'filled',
      cell: (cell) =>
        `${count(cell.row.original.filled)}${cell.row.original.unreadable ? ` (${count(cell.row.original.unreadable)} unreadable)` : ''}`,
    },
    {
      header: 'Values',
      id: 'samples',
      enableSorting: false,
      accessorFn: (column) => column.samples.join(' · '),
    },
  ];
  return (
    <section aria-labelledby="columns-heading">
      <h3 id="columns-heading">Columns</h3>
      <DataTable
        caption="Every column, where it goes and why"
        columns={columns}
        data={inspection.columns}
        rowKey={(column) => column.name}
      />
      {editable && (
        <div className="actions">
          <Button
            className="primary"
            isDisabled={changes.size === 0 || save.isPending}
            onPress={() => save.mutate()}
          >
            {save.isPending
              ? 'Saving …'
              : `Save ${changes.size || ''} destination${changes.size === 1 ? '' : 's'} to the draft`}
          </Button>
          {changes.size > 0 && <Button onPress={() => setChanges(new Map())}>Undo changes</Button>}
          {changes.size > 0 && <span className="hint">Changed: {[...changes.keys()].join(', ')}</span>}
        </div>
      )}
      {save.isError && errors.size === 0 && <ErrorView error={save.error} />}
    </section>
  );
}

function DestinationField({
  column,
  value,
  choices,
  error,
  onChange,
}: {
  column: ColumnRead;
  value: string;
  choices: string[];
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const items = choices.map((choice) => ({ id: choice }));
  return (
    <ComboBox
      aria-label={`Destination of ${column.name}`}
      allowsCustomValue
      menuTrigger="focus"
      inputValue={value}
      onInputChange={onChange}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      isInvalid={error !== undefined}
      defaultItems={items}
    >
      <Input className="destination" />
      <FieldError>{error}</FieldError>
      <Popover>
        <ListBox>{(item: { id: string }) => <ListBoxItem id={item.id}>{item.id}</ListBoxItem>}</ListBox>
      </Popover>
    </ComboBox>
  );
}

/** What a column can go to: feed.json's fields, then the attributes and signals this export and its mapping name. */
function destinationChoices(inspection: Inspection): string[] {
  const named = new Set<string>();
  for (const detail of inspection.details) named.add(`attributes.${detail.code}`);
  for (const entry of inspection.mapping.columns ?? []) {
    if (entry.to.startsWith('attributes.') || entry.to.startsWith('signals.')) named.add(entry.to);
  }
  return [...FEED_TARGETS, ...[...named].sort()];
}
