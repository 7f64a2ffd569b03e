import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Gauge, type Registry } from './metrics.js';
import { errorFromMessage, type FailureMessage, type RunOptions, type TaskRunner } from './tasks.js';

/** What the pool sends a worker: one task. */
export interface TaskMessage {
  id: number;
  task: string;
  input: unknown;
}

/** What a worker thread is started with. */
export interface WorkerData {
  niceness: number;
}

/** What a worker sends back: progress of a task, its answer, or its failure. */
export type WorkerReply =
  | { id: number; progress: unknown }
  | { id: number; ok: true; output: unknown }
  | { id: number; ok: false; failure: FailureMessage };

export interface WorkerPoolOptions {
  /** The worker's entry module: see workerEntry. */
  entry: URL;
  /** Workers running at once; tasks beyond wait in line. */
  size: number;
  /** A name for the threads (shown in errors and profiles). */
  name: string;
  /** A worker idle this long ends, so an idle process holds no thread's memory. */
  idleMs?: number;
  /**
   * Workers started at once and kept however long they are idle: a task that must not wait for a
   * thread to start (loading a new index) finds one ready. Default 0.
   */
  warm?: number;
  /**
   * How many steps below the process's CPU priority the threads run (Linux; 0, the default,
   * leaves it): work that may take its time, such as an index build, then yields the cores to the
   * event loop answering searches whenever both want them.
   */
  niceness?: number;
}

interface Job {
  id: number;
  task: string;
  input: unknown;
  options: RunOptions;
  resolve(output: unknown): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  idleTimer?: NodeJS.Timeout;
}

/**
 * The module a worker thread starts from: the compiled `.js` beside the caller when it runs from
 * `dist`, the `.ts` source when it runs from sources (vitest, tsx). Call with the caller's
 * `import.meta.url` and the entry's name without extension, e.g. `workerEntry(import.meta.url, './worker')`.
 */
export function workerEntry(callerUrl: string, name: string): URL {
  const extension = callerUrl.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`${name}${extension}`, callerUrl);
}

/**
 * A worker thread of Node starts with Node's own module loader, which does not read TypeScript.
 * From sources the thread first registers tsx's loader (tsx is a development dependency, there
 * whenever sources run), then imports the entry; from `dist` it starts from the entry itself.
 */
function startWorker(entry: URL, name: string, workerData: WorkerData): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { name, workerData });
  const tsxEsm = createRequire(entry).resolve('tsx/esm');
  const api = pathToFileURL(join(dirname(tsxEsm), 'api', 'index.mjs')).href;
  const boot = `const { register } = await import(${JSON.stringify(api)}); register(); await import(${JSON.stringify(entry.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), { name, workerData });
}

/**
 * A pool of worker threads running tasks from one entry module. Workers start when work comes
 * and end after `idleMs` without work. A worker that dies (a crash, running out of memory, an
 * aborted task) fails its task and is replaced for the next one. Idle workers do not keep the
 * process alive.
 */
export class WorkerPool implements TaskRunner {
  readonly #slots: Slot[] = [];
  readonly #waiting: Job[] = [];
  #nextId = 1;
  #closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    for (let started = 0; started < Math.min(options.warm ?? 0, options.size); started++) {
      const slot = this.#spawn();
      slot?.worker.unref();
    }
  }

  /** Tasks waiting for a free worker. */
  get queued(): number {
    return this.#waiting.length;
  }

  /** Tasks being worked on now. */
  get busy(): number {
    return this.#slots.filter((slot) => slot.job).length;
  }

  run<Output>(task: string, input: unknown, options: RunOptions = {}): Promise<Output> {
    if (this.#closed) return Promise.reject(new Error(`The ${this.options.name} workers are stopped.`));
    if (options.signal?.aborted) return Promise.reject(options.signal.reason);
    return new Promise<Output>((resolve, reject) => {
      const job: Job = {
        id: this.#nextId++,
        task,
        input,
        options,
        resolve: resolve as (output: unknown) => void,
        reject,
      };
      options.signal?.addEventListener('abort', () => this.#abort(job, options.signal?.reason), {
        once: true,
      });
      this.#waiting.push(job);
      this.#dispatch();
    });
  }

  /** Ends every worker; tasks still running or waiting fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const stopped = new Error(`The ${this.options.name} workers were stopped.`);
    for (const job of this.#waiting.splice(0)) job.reject(stopped);
    await Promise.all(
      this.#slots.splice(0).map((slot) => {
        clearTimeout(slot.idleTimer);
        slot.job?.reject(stopped);
        return slot.worker.terminate();
      }),
    );
  }

  #dispatch(): void {
    while (this.#waiting.length > 0) {
      const slot = this.#slots.find((candidate) => !candidate.job) ?? this.#spawn();
      if (!slot) return;
      const job = this.#waiting.shift()!;
      clearTimeout(slot.idleTimer);
      slot.job = job;
      slot.worker.ref();
      const message: TaskMessage = { id: job.id, task: job.task, input: job.input };
      slot.worker.postMessage(message, [...(job.options.transfer ?? [])]);
    }
  }

  #spawn(): Slot | undefined {
    if (this.#slots.length >= this.options.size) return undefined;
    const worker = startWorker(this.options.entry, this.options.name, {
      niceness: this.options.niceness ?? 0,
    });
    const slot: Slot = { worker };
    worker.on('message', (reply: WorkerReply) => this.#receive(slot, reply));
    worker.on('error', (error) => this.#lose(slot, error));
    worker.on('exit', (code) =>
      this.#lose(slot, new Error(`A ${this.options.name} worker exited (${code}).`)),
    );
    this.#slots.push(slot);
    return slot;
  }

  #receive(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    if ('progress' in reply) {
      job.options.onProgress?.(reply.progress);
      return;
    }
    slot.job = undefined;
    if (job.options.retire) this.#retire(slot);
    else this.#rest(slot);
    if (reply.ok) job.resolve(reply.output);
    else job.reject(errorFromMessage(reply.failure));
    this.#dispatch();
  }

  /** An idle worker lets the process exit and ends after idleMs. */
  #rest(slot: Slot): void {
    slot.worker.unref();
    if (this.options.idleMs === undefined) return;
    if (this.#slots.indexOf(slot) < (this.options.warm ?? 0)) return;
    slot.idleTimer = setTimeout(() => {
      if (slot.job) return;
      this.#remove(slot);
      void slot.worker.terminate();
    }, this.options.idleMs);
    slot.idleTimer.unref();
  }

  /** Ends a worker after its task, starting another in its place when the pool keeps some warm. */
  #retire(slot: Slot): void {
    this.#remove(slot);
    void slot.worker.terminate();
    if (this.#slots.length < Math.min(this.options.warm ?? 0, this.options.size))
      this.#spawn()?.worker.unref();
  }

  /** The worker is gone (or going): its task fails, and the next task gets a new worker. */
  #lose(slot: Slot, error: Error): void {
    if (!this.#remove(slot)) return;
    clearTimeout(slot.idleTimer);
    slot.job?.reject(error);
    slot.job = undefined;
    this.#dispatch();
  }

  #remove(slot: Slot): boolean {
    const at = this.#slots.indexOf(slot);
    if (at < 0) return false;
    this.#slots.splice(at, 1);
    return true;
  }

  #abort(job: Job, reason: unknown): void {
    const waiting = this.#waiting.indexOf(job);
    if (waiting >= 0) {
      this.#waiting.splice(waiting, 1);
      job.reject(reason);
      return;
    }
    const slot = this.#slots.find((candidate) => candidate.job === job);
    if (!slot) return;
    this.#remove(slot);
    slot.job = undefined;
    job.reject(reason);
    void slot.worker.terminate();
    this.#dispatch();
  }
}

/** `aisle_worker_tasks`: tasks waiting for a worker and tasks being worked on, per pool. */
export function workerPoolMetrics(registry: Registry, pools: Record<string, WorkerPool>): void {
  new Gauge({
    name: 'aisle_worker_tasks',
    help: 'Tasks of the worker threads (builds, reading exports and artifacts): waiting or running, per pool.',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      for (const [pool, workers] of Object.entries(pools)) {
        this.set({ pool, state: 'queued' }, workers.queued);
        this.set({ pool, state: 'running' }, workers.busy);
      }
    },
  });
}
