import type { Transferable } from 'node:worker_threads';
import { AppError, type ErrorCode } from './errors.js';

/**
 * Heavy work (reading exports, building indexes, preparing an artifact for loading) runs as named
 * tasks, in worker threads in a running aisle so that it never holds up a server's event loop.
 * A task takes structured-cloneable input and answers structured-cloneable output.
 */
export type Task = (input: never, progress: (report: unknown) => void) => unknown;

export type TaskTable = Record<string, Task>;

export interface RunOptions {
  /** Buffers handed over to the task instead of copied; unusable by the caller afterwards. */
  transfer?: readonly Transferable[];
  /** Called with what the task reports while it works. */
  onProgress?: (report: unknown) => void;
  /** Aborting ends the task's worker: a task that is no longer wanted stops at once. */
  signal?: AbortSignal;
  /**
   * The worker ends once the task is done, and the next task gets a new one: a task whose input
   * may grow a thread's heap far (an upload, which may be built to unfold) gives that memory back
   * to the system at once, where a worker kept alive would hold its grown heap.
   */
  retire?: boolean;
}

/** Runs tasks by name: a pool of worker threads, or inline in tests that need no threads. */
export interface TaskRunner {
  run<Output>(task: string, input: unknown, options?: RunOptions): Promise<Output>;
}

/** An answer that hands its buffers back to the caller instead of copying them. */
export class Transferred<T> {
  constructor(
    readonly value: T,
    readonly transfer: readonly Transferable[],
  ) {}
}

/** Marks an answer whose `transfer` buffers move to the caller without a copy. */
export function transferred<T>(value: T, transfer: readonly Transferable[]): T {
  return new Transferred(value, transfer) as unknown as T;
}

/** Runs the tasks on the caller's own thread: for tests of code that takes a TaskRunner. */
export function inlineTasks(tasks: TaskTable): TaskRunner {
  return {
    async run<Output>(task: string, input: unknown, options: RunOptions = {}): Promise<Output> {
      const run = tasks[task];
      if (!run) throw new Error(`No task is named ${task}.`);
      options.signal?.throwIfAborted();
      const answer = await (run as (input: unknown, progress: (report: unknown) => void) => unknown)(
        input,
        (report) => options.onProgress?.(report),
      );
      return (answer instanceof Transferred ? answer.value : answer) as Output;
    },
  };
}

/** A failure as it crosses from a worker to the caller. */
export interface FailureMessage {
  name: string;
  message: string;
  stack?: string;
  /** An AppError's parts, so the caller throws the same problem. */
  app?: {
    code: ErrorCode;
    detail: string;
    violations?: unknown;
    extensions?: Record<string, unknown>;
    retryAfterSeconds?: number;
  };
  /** Other own fields of the error (such as a failed run's step). */
  fields?: Record<string, unknown>;
}

export function failureMessage(error: unknown): FailureMessage {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const base = { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  if (error instanceof AppError) {
    return {
      ...base,
      app: {
        code: error.code,
        detail: error.detail,
        ...(error.violations ? { violations: error.violations } : {}),
        ...(error.extensions ? { extensions: error.extensions } : {}),
        ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      },
    };
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...base, fields };
}

/** A failure of a task in a worker, with the name and fields of the error it threw. */
export class TaskError extends Error {
  constructor(
    name: string,
    message: string,
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = name;
  }
}

export function errorFromMessage(failure: FailureMessage): Error {
  const error = failure.app
    ? new AppError(
        failure.app.code,
        failure.app.detail,
        failure.app.violations as AppError['violations'],
        failure.app.extensions,
        failure.app.retryAfterSeconds,
      )
    : new TaskError(failure.name, failure.message, failure.fields);
  if (failure.stack) error.stack = failure.stack;
  return error;
}

/**
 * The bytes as a buffer that can be handed to a worker: a Buffer read from a file owns its whole
 * memory and moves as it is; a slice of a shared pool is copied first (only small ones are).
 */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes);
}
