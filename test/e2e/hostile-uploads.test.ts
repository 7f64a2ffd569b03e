import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_FORMATS } from '../../src/catalog/refusal.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { parseBanner, type RunningCli, runCli } from '../support/cli.js';
import {
  endlessFieldCsv,
  workbookThatUnderstates,
  workbookWithLongCell,
  zipOfManyEntries,
} from '../support/hostile-exports.js';
import { call, type TestResponse } from '../support/http.js';
import { waitFor } from '../support/wait.js';

/**
 * The uploads that used to take `aisle start` down, sent to it as a shop would: every role runs in
 * the one process, so a crash while reading an upload would take the Query API with it.
 */

const KEY = 'e2e-management-key-for-hostile-uploads';
let dataDir: string;
let cli: RunningCli;
let management: string;
let publicUrl: string;
/** A 600 KB gzip of a CSV whose one field is 600 MiB long: past the longest string V8 makes. */
let endlessField: Buffer;
/** A 1.1 MB workbook whose one shared string inflates to 1.1 GB. */
let longCell: Buffer;
/** The process's resident memory once the shop was searchable, before any hostile upload. */
let residentAtStart: number;

function manage(
  method: string,
  path: string,
  body?: string | Uint8Array,
  type = 'application/json',
): Promise<TestResponse> {
  return call(`${management}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': type }) },
    ...(body === undefined ? {} : { body }),
  });
}

async function search(): Promise<TestResponse> {
  return call(`${publicUrl}/v1/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'kettle' }),
  });
}

/** What the stack keeps: catalogs and exports in storage, imports, index runs, what is live. */
async function kept(): Promise<unknown> {
  const storage = await (await manage('GET', '/storage')).json();
  const imports = await (await manage('GET', '/imports')).json();
  const runs = await (await manage('GET', '/index-runs')).json();
  const live = await (await manage('GET', '/live')).json();
  return {
    // The upload is staged here while it is read, and removed once it is refused.
    staged: await readdir(join(dataDir, 'blobs', 'incoming')),
    catalogs: storage.catalogs,
    exports: storage.exports,
    imports: imports.meta.total,
    runs: runs.meta.total,
    live,
  };
}

/** The most memory the aisle process has held resident so far (its threads included). */
async function peakResidentBytes(): Promise<number> {
  return statusBytes('VmHWM');
}

/** The memory the aisle process holds resident now (its threads included). */
async function residentBytes(): Promise<number> {
  return statusBytes('VmRSS');
}

async function statusBytes(field: string): Promise<number> {
  const status = await readFile(`/proc/${cli.child.pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1]) * 1024;
}

beforeAll(async () => {
  [endlessField, longCell] = await Promise.all([endlessFieldCsv(600), workbookWithLongCell(1100)]);
  dataDir = await mkdtemp(join(tmpdir(), 'aisle-e2e-hostile-'));
  cli = runCli(['start'], {
    AISLE_PUBLIC_PORT: '0',
    AISLE_INTERNAL_PORT: '0',
    AISLE_MANAGEMENT_PORT: '0',
    AISLE_DATA_DIR: dataDir,
    SEARCH_MANAGEMENT_KEY: KEY,
  });
  const urls = parseBanner(await cli.waitForOutput(/aisle is ready\./));
  management = urls.management!;
  publicUrl = urls.public!;
  expect((await manage('PUT', '/catalog', toJsonLines(smallShop), 'application/x-ndjson')).status).toBe(202);
  const release = await (await manage('POST', '/releases', JSON.stringify({ files: minimalRelease }))).json();
  expect((await manage('POST', `/releases/${release.id}/publish`)).status).toBe(202);
  await waitFor('the shop to be searchable', async () =>
    (await search()).status === 200 ? true : undefined,
  );
  residentAtStart = await residentBytes();
});

afterAll(async () => {
  if (cli) expect(await cli.stop()).toBe(0);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The upload was refused with a problem, and the process, its searches and its data are as before. */
async function expectRefusedAndUnharmed(
  send: () => Promise<TestResponse>,
  status: number,
  detail: string,
): Promise<void> {
  const before = await kept();
  const response = await send();
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((await response.json()).detail).toBe(detail);
  expect(cli.child.exitCode).toBeNull();
  const answer = await search();
  expect(answer.status).toBe(200);
  expect((await answer.json()).sections[0].hits[0].entity).toBe('product:p3');
  expect(await kept()).toEqual(before);
}

const ENDLESS_ROW =
  'The export has a row longer than 16 MB (AISLE_EXPORT_MAX_LINE_KB): no catalog needs one that long; check that it is the export itself.';
const WORKBOOK_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TOO_LARGE =
  'The export holds more than 1024 MB once decompressed, more than this server reads (AISLE_EXPORT_MAX_MB): split it, or raise the limit.';
const MB = 1024 * 1024;

describe('aisle start, sent uploads that unfold past what it reads', () => {
  it('refuses a gzipped CSV with a 600 MiB field on PUT /catalog and answers searches all along', async () => {
    await expectRefusedAndUnharmed(
      () => manage('PUT', '/catalog', endlessField, 'application/gzip'),
      422,
      ENDLESS_ROW,
    );
  });

  it('refuses the same CSV on POST /imports, keeping no draft', async () => {
    await expectRefusedAndUnharmed(
      () => manage('POST', '/imports?name=export.csv.gz', endlessField, 'application/gzip'),
      422,
      ENDLESS_ROW,
    );
  });

  it('refuses a workbook whose one cell inflates to 1.1 GB on both from its directory, within little memory', async () => {
    const peakBefore = await peakResidentBytes();
    await expectRefusedAndUnharmed(() => manage('PUT', '/catalog', longCell, WORKBOOK_TYPE), 422, TOO_LARGE);
    await expectRefusedAndUnharmed(
      () => manage('POST', '/imports?name=export.xlsx', longCell, WORKBOOK_TYPE),
      422,
      TOO_LARGE,
    );
    // Before the zip was checked ahead of the workbook reader, building the cell raised the
    // process's peak by about 575 MB before failing; now its directory refuses it uninflated.
    expect((await peakResidentBytes()) - peakBefore).toBeLessThan(200 * MB);
  });

  it('refuses the same workbook whose directory understates the cell, at the first byte past it', async () => {
    await expectRefusedAndUnharmed(
      () => manage('PUT', '/catalog', workbookThatUnderstates(1100), WORKBOOK_TYPE),
      422,
      `The body holds no catalog entity (it starts like a zip archive but is no readable workbook: its part xl/sharedStrings.xml inflates past the size its central directory declares): send ${READ_FORMATS}.`,
    );
  });

  it('refuses a zip of 200,000 entries from its directory', async () => {
    await expectRefusedAndUnharmed(
      () => manage('POST', '/imports?name=export.xlsx', zipOfManyEntries(200_000), WORKBOOK_TYPE),
      422,
      'The export is an archive of 200000 entries, more than the 10000 a workbook may have: check that it is the export itself.',
    );
  });

  it('gives back the memory the hostile uploads took: resident within 200 MB of the start', async () => {
    // Each upload is read on a worker thread that ends once it is read; the memory it grew to
    // goes back to the system as the thread is torn down, which takes a moment.
    const settled = await waitFor('resident memory to settle near its start', async () => {
      const resident = await residentBytes();
      return resident - residentAtStart < 200 * MB ? resident : undefined;
    });
    expect(settled - residentAtStart).toBeLessThan(200 * MB);
  });
});
