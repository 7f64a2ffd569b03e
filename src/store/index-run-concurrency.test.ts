import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.js';
import { createScratchSchema, type ScratchSchema } from './testing.js';

const postgresUrl = process.env.AISLE_TEST_POSTGRES_URL;
const T0 = Date.parse('2025-03-01T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const RUNS = 40;

/**
 * Leaves `RUNS` runs claimable at once. A newer enqueue supersedes a queued run, so each run is taken
 * with a lease that runs out at once: at(1) they all wait for an indexer again.
 */
async function prepareClaimableRuns(db: Database): Promise<number[]> {
  await db.snapshots.put({
    id: 'sn_1',
    blob: 'a'.repeat(64),
    format: 'jsonl',
    bytes: 1,
    entities: 1,
    receivedAt: at(0),
  });
  await db.releases.create({ id: 'rl_1', files: {}, createdAt: at(0) });
  const ids: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await db.indexRuns.enqueue({
      trigger: { kind: 'rebuild' },
      snapshotId: 'sn_1',
      releaseId: 'rl_1',
      at: at(0),
    });
    await db.indexRuns.claim({ owner: 'setup', at: at(0), leaseMs: 0 });
    ids.push(run.id);
  }
  return ids;
}

/** Claims until nothing is left; answers the ids taken. */
async function claimAll(db: Database, owner: string): Promise<number[]> {
  const taken: number[] = [];
  for (;;) {
    const run = await db.indexRuns.claim({ owner, at: at(1), leaseMs: 60_000 });
    if (!run) return taken;
    taken.push(run.id);
  }
}

function expectEachTakenOnce(taken: number[][], ids: number[]) {
  const all = taken.flat().sort((a, b) => a - b);
  expect(all).toEqual(ids);
}

describe('two indexers claiming at once on one SQLite file', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'aisle-claim-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('never take the same run: two Database instances in one process', async () => {
    const a = await openDatabase({ dataDir });
    const b = await openDatabase({ dataDir });
    const ids = await prepareClaimableRuns(a);
    const taken = await Promise.all([claimAll(a, 'a'), claimAll(b, 'b')]);
    await Promise.all([a.close(), b.close()]);
    expectEachTakenOnce(taken, ids);
  });

  it('never take the same run: three processes', async () => {
    const setup = await openDatabase({ dataDir });
    const ids = await prepareClaimableRuns(setup);
    await setup.close();

    const workers = ['p1', 'p2', 'p3'].map((owner) => startClaimer(owner, join(dataDir, 'aisle.sqlite')));
    await Promise.all(workers.map((worker) => worker.ready));
    for (const worker of workers) worker.child.stdin?.end('go\n');
    const taken = await Promise.all(workers.map((worker) => worker.result));
    expectEachTakenOnce(taken, ids);
  });
});

/** A process that opens the file, says it is ready, and on "go" claims all it can. */
function startClaimer(owner: string, file: string) {
  const module = pathToFileURL(join(import.meta.dirname, 'database.ts')).href;
  const script = `
    const { openDatabase } = await import(${JSON.stringify(module)});
    const db = await openDatabase({ url: ${JSON.stringify(`sqlite:${file}`)}, dataDir: '.' });
    process.stdout.write('ready\\n');
    await new Promise((resolve) => process.stdin.once('data', resolve));
    const taken = [];
    for (;;) {
      const run = await db.indexRuns.claim({ owner: ${JSON.stringify(owner)}, at: ${JSON.stringify(at(1))}, leaseMs: 60000 });
      if (!run) break;
      taken.push(run.id);
    }
    await db.close();
    process.stdout.write(JSON.stringify(taken) + '\\n');
  `;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let output = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.startsWith('ready\n')) markReady();
  });
  const result = new Promise<number[]>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`claimer ${owner} exited with ${code}`));
      resolve(JSON.parse(output.slice('ready\n'.length)) as number[]);
    });
  });
  return { child, ready, result };
}

describe.skipIf(!postgresUrl)('two indexers at once on PostgreSQL', () => {
  let schema: ScratchSchema;
  let a: Database;
  let b: Database;
  beforeEach(async () => {
    schema = await createScratchSchema(postgresUrl as string);
    a = await openDatabase({ url: schema.url, dataDir: tmpdir() });
    b = await openDatabase({ url: schema.url, dataDir: tmpdir() });
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
    await schema.drop();
  });

  it('never take the same run', async () => {
    const ids = await prepareClaimableRuns(a);
    const taken = await Promise.all([
      claimAll(a, 'a'),
      claimAll(a, 'a2'),
      claimAll(b, 'b'),
      claimAll(b, 'b2'),
    ]);
    expectEachTakenOnce(taken, ids);
  });

  it('move the live pointer only forward when two runs succeed at once', async () => {
    await prepareClaimableRuns(a);
    const older = await a.indexRuns.claim({ owner: 'a', at: at(1), leaseMs: 60_000 });
    const newer = await b.indexRuns.claim({ owner: 'b', at: at(1), leaseMs: 60_000 });
    if (!older || !newer) throw new Error('two runs were to be claimed');
    const artifact = 'f'.repeat(64);
    const outcomes = await Promise.all([
      a.indexRuns.succeed(older.id, 'a', { at: at(2), artifact, report: {} }),
      b.indexRuns.succeed(newer.id, 'b', { at: at(2), artifact, report: {} }),
    ]);
    expect(outcomes[1]).toBe('live');
    expect((await a.live.get())?.runId).toBe(newer.id);
  });
});
