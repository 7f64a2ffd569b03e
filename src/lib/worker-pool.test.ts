import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { TaskError } from './tasks.js';
import { WorkerPool, workerEntry } from './worker-pool.js';

const options = {
  entry: workerEntry(import.meta.url, './worker-pool.test-support'),
  size: 1,
  name: 'aisle-test-pool',
};
const pool = new WorkerPool(options);
afterAll(() => pool.close());

describe('WorkerPool', () => {
  it('runs a task on a worker thread, with its progress reports', async () => {
    const reports: unknown[] = [];
    expect(await pool.run('double', { value: 21 }, { onProgress: (report) => reports.push(report) })).toBe(
      42,
    );
    expect(reports).toEqual([{ halfway: 21 }]);
  });

  it('moves buffers both ways without copying them', async () => {
    const bytes = new Uint8Array([0, 1, 255]);
    const answer = await pool.run<{ bytes: Uint8Array }>('invert', { bytes }, { transfer: [bytes.buffer] });
    expect(bytes.byteLength).toBe(0);
    expect([...answer.bytes]).toEqual([255, 254, 0]);
  });

  it('throws the AppError a task threw, and other errors with their name and fields', async () => {
    const refused = await pool.run('refuse', {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'export_unreadable',
      violations: [{ pointer: '/x', message: 'bad' }],
    });
    const failed = await pool.run('failStep', {}).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(TaskError);
    expect(failed).toMatchObject({ name: 'StepFailure', fields: { step: 'compiling' } });
  });

  it('ends the worker of an aborted task and runs the next task on a new one', async () => {
    const abort = new AbortController();
    const hanging = pool.run('hang', {}, { signal: abort.signal });
    const waiting = pool.run('double', { value: 2 });
    expect(pool.busy).toBe(1);
    expect(pool.queued).toBe(1);
    abort.abort(new Error('not wanted any more'));
    await expect(hanging).rejects.toThrow('not wanted any more');
    expect(await waiting).toBe(4);
  });

  it('fails the task of a worker that exits, and runs the next task on a new one', async () => {
    await expect(pool.run('exit', {})).rejects.toThrow(/exited \(3\)/);
    expect(await pool.run('double', { value: 5 })).toBe(10);
  });

  it.runIf(existsSync('/proc/thread-self/stat'))(
    'runs its threads the niceness it is given below the process, the process itself unchanged',
    async () => {
      const niced = new WorkerPool({ ...options, name: 'aisle-test-niced', niceness: 10 });
      const process = getPriority();
      try {
        const main = await pool.run<number>('niceness', {});
        expect(await niced.run<number>('niceness', {})).toBe(Math.min(19, main + 10));
        expect(getPriority()).toBe(process);
      } finally {
        await niced.close();
      }
    },
  );

  it('ends the worker of a task run to retire it, the next task running on a new one', async () => {
    const first = await pool.run<number>('thread', {});
    expect(await pool.run<number>('thread', {})).toBe(first);
    expect(await pool.run<number>('thread', {}, { retire: true })).toBe(first);
    expect(await pool.run<number>('thread', {})).not.toBe(first);
  });

  it('keeping a warm worker, answers on a new one after retiring it', async () => {
    const warm = new WorkerPool({ ...options, name: 'aisle-test-warm', warm: 1 });
    try {
      const retired = await warm.run<number>('thread', {}, { retire: true });
      expect(warm.busy).toBe(0);
      expect(await warm.run<number>('thread', {})).not.toBe(retired);
    } finally {
      await warm.close();
    }
  });

  it('names a task it does not know', async () => {
    await expect(pool.run('nothing', {})).rejects.toThrow('No task is named nothing.');
  });
});
