import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { unwrap } from 'aisle/client';
import { useState } from 'react';
import { Button, FileTrigger, ProgressBar } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import { type Schemas, useClient } from '../api.ts';
import { bytes, time } from '../format.ts';
import { DataTable } from '../parts/data-table.tsx';
import { ErrorView, Loaded } from '../parts/states.tsx';
import { exportContentType, fetchWithUploadProgress } from '../upload.ts';

type ImportSummary = Schemas['ImportSummary'];

/** Imports: send an export (dropped or chosen) with its upload's progress, and the history of all. */
export default function Imports() {
  const client = useClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['imports', 'list', page],
    queryFn: () => unwrap(client.GET('/api/v1/imports', { params: { query: { page, per_page: 15 } } })),
    refetchInterval: (query) =>
      query.state.data?.data.some((item) => item.status === 'publishing') ? 2000 : false,
  });
  return (
    <>
      <h1>Imports</h1>
      <p>
        An export is kept as a draft: read how aisle understands it, correct where its columns go, see what it
        changes, then publish it.
      </p>
      <Upload />
      <h2>History</h2>
      <Loaded
        query={list}
        what="imports"
        isEmpty={(answer) => answer.data.length === 0}
        empty="No export was sent yet. Drop one above."
      >
        {(answer) => (
          <>
            <DataTable
              caption="Imports, newest first"
              columns={columns}
              data={answer.data}
              rowKey={(row) => String(row.id)}
            />
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

const columns: ColumnDef<ImportSummary>[] = [
  {
    header: 'Import',
    accessorKey: 'id',
    cell: (cell) => <Link href={`/imports/${cell.row.original.id}`}>Import {cell.row.original.id}</Link>,
  },
  { header: 'File', id: 'file', accessorFn: (row) => row.export.name ?? '(no name)' },
  {
    header: 'State',
    accessorKey: 'status',
    cell: (cell) => (
      <span className={`badge status-${cell.row.original.status}`}>{cell.row.original.status}</span>
    ),
  },
  {
    header: 'Size',
    id: 'bytes',
    accessorFn: (row) => row.export.bytes,
    cell: (cell) => bytes(cell.row.original.export.bytes),
  },
  { header: 'Received', accessorKey: 'created_at', cell: (cell) => time(cell.row.original.created_at) },
  {
    header: 'Published',
    accessorKey: 'published_at',
    cell: (cell) => time(cell.row.original.published_at),
  },
  {
    header: 'Changes',
    id: 'files',
    enableSorting: false,
    accessorFn: (row) => (row.file_names.length ? row.file_names.join(', ') : 'none'),
  },
];

function Upload() {
  const client = useClient();
  const queries = useQueryClient();
  const [, navigate] = useLocation();
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<{ name: string; sent: number; total: number } | undefined>();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      setProgress({ name: file.name, sent: 0, total: file.size });
      return unwrap(
        client.POST('/api/v1/imports', {
          params: { query: { name: file.name } },
          body: file as never,
          bodySerializer: (body: unknown) => body as BodyInit,
          headers: { 'content-type': exportContentType(file) },
          fetch: fetchWithUploadProgress((sent, total) => setProgress({ name: file.name, sent, total })),
        }),
      );
    },
    onSuccess: async (accepted) => {
      await queries.invalidateQueries({ queryKey: ['imports'] });
      navigate(`/imports/${accepted.import.id}`);
    },
  });
  const send = (file: File | undefined) => {
    if (file && !upload.isPending) upload.mutate(file);
  };
  return (
    <section aria-labelledby="upload-heading" className="card">
      <h2 id="upload-heading">Send an export</h2>
      {/*
        A plain drop target reading the dropped File list: React Aria's DropZone reads files through
        directory entries, which a drop a test (or an extension) synthesizes does not have. The
        button is the way for the keyboard and screen readers.
      */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer's shortcut for the button inside */}
      <div
        className="drop-zone"
        data-drop-target={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          send(event.dataTransfer.files[0]);
        }}
      >
        <p>
          Drop an export here: CSV or TSV, an Excel workbook, JSON Lines, JSON, a product feed (XML), or any
          of them gzip-compressed.
        </p>
        <div className="actions">
          <FileTrigger onSelect={(files) => send(files ? [...files][0] : undefined)}>
            <Button className="primary">Choose a file</Button>
          </FileTrigger>
        </div>
      </div>
      {upload.isPending && progress && (
        <ProgressBar
          className="progress"
          value={progress.sent}
          maxValue={progress.total || 1}
          aria-label={`Sending ${progress.name}`}
          valueLabel={`${bytes(progress.sent)} of ${bytes(progress.total)}`}
        >
          {({ percentage, valueText }) => (
            <>
              <span className="progress-label">
                Sending {progress.name}: {valueText}
                {progress.sent >= progress.total ? ' (reading it …)' : ''}
              </span>
              <span className="bar">
                <span className="fill" style={{ width: `${percentage ?? 0}%` }} />
              </span>
            </>
          )}
        </ProgressBar>
      )}
      {upload.isError && <ErrorView error={upload.error} />}
    </section>
  );
}
