/** A worker entry for the worker pool's tests: tasks that answer, fail, hang and end the thread. */
import { readFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { AppError } from './errors.js';
import { transferred } from './tasks.js';
import { serveTasks } from './worker-serve.js';

class StepFailure extends Error {
  constructor(
    readonly step: string,
    message: string,
  ) {
    super(message);
    this.name = 'StepFailure';
  }
}

serveTasks({
  double: (input: { value: number }, progress) => {
    progress({ halfway: input.value });
    return input.value * 2;
  },
  invert: (input: { bytes: Uint8Array }) => {
    const bytes = input.bytes.map((byte) => 255 - byte);
    return transferred({ bytes }, [bytes.buffer as ArrayBuffer]);
  },
  refuse: () => {
    throw new AppError('export_unreadable', 'The export holds no catalog.', [
      { pointer: '/x', message: 'bad' },
    ]);
  },
  failStep: () => {
    throw new StepFailure('compiling', 'The catalog could not be compiled.');
  },
  hang: () => new Promise(() => {}),
  /** The thread's own niceness, field 19 of its stat line (after the name in parentheses). */
  niceness: () => Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16]),
  exit: () => process.exit(3),
  /** Which thread ran the task. */
  thread: () => threadId,
});
