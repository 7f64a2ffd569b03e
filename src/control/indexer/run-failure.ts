import { TaskError } from '../../lib/tasks.js';

/** The steps of a run, in order; a failed run names the one it failed in. */
export type RunStep = 'reading' | 'compiling' | 'testing' | 'storing';

/** A failure with the step it happened in and a sentence for the run's `error`. */
export class RunFailure extends Error {
  constructor(
    readonly step: RunStep,
    message: string,
  ) {
    super(message);
    this.name = 'RunFailure';
  }
}

/** A RunFailure thrown in a worker arrives as a TaskError with its fields: it is made one again. */
export function asRunFailure(error: unknown): unknown {
  if (error instanceof TaskError && error.name === 'RunFailure' && typeof error.fields.step === 'string') {
    return new RunFailure(error.fields.step as RunStep, error.message);
  }
  return error;
}
