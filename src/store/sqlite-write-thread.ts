import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** One statement of a transaction: a prepared statement by name and its named parameters. */
export type WriteStep = [statement: string, parameters: Record<string, unknown>];

/**
 * The thread's whole program: open the file, prepare the statements, and run each batch of steps as
 * one IMMEDIATE transaction, answering its id (with the error's message when it failed). It is
 * JavaScript text run by the worker as it stands, so it works the same from the sources under test
 * and from the built package.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.driver);
const db = new Sqlite(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('busy_timeout = 5000');
const statements = {};
for (const [name, text] of Object.entries(workerData.statements)) statements[name] = db.prepare(text);
const run = db.transaction((steps) => {
  for (const [name, parameters] of steps) statements[name].run(parameters);
});
parentPort.on('message', ({ id, steps }) => {
  try {
    run.immediate(steps);
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

/**
 * Writes to a SQLite file from a thread of its own, through its own connection. better-sqlite3 runs
 * every statement synchronously, a commit waits for the disk, and the log's batches come all day:
 * on the thread that answers searches, each would stop every answer for its duration.
 */
export class SqliteWriteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  #next = 0;
  #failure: Error | undefined;

  constructor(file: string, statements: Record<string, string>) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(PROGRAM, { eval: true, workerData: { driver, file, statements } });
    this.#worker.on('message', ({ id, error }: { id: number; error?: string }) => {
      const waiting = this.#waiting.get(id);
      this.#waiting.delete(id);
      if (error === undefined) waiting?.resolve();
      else waiting?.reject(new Error(error));
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', () => this.#fail(new Error('The SQLite write thread stopped.')));
    // The thread never keeps the process alive on its own; close() ends it.
    this.#worker.unref();
  }

  /** Runs the steps as one transaction on the thread. */
  write(steps: WriteStep[]): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ id, steps });
    });
  }

  /** Ends the thread once the writes handed to it are done. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.#waiting.keys()].map((id) => this.#settled(id)));
    this.#failure ??= new Error('The SQLite write thread is closed.');
    await this.#worker.terminate();
  }

  #settled(id: number): Promise<void> {
    return new Promise((resolve) => {
      const waiting = this.#waiting.get(id);
      if (!waiting) return resolve();
      this.#waiting.set(id, {
        resolve: () => {
          waiting.resolve();
          resolve();
        },
        reject: (error) => {
          waiting.reject(error);
          resolve();
        },
      });
    });
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }
}
