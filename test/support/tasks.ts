import { vi } from 'vitest';
import type { TaskRunner } from '../../src/lib/tasks.js';

export interface WatchedTask {
  name: string;
  /** Answered or failed. */
  finished: boolean;
  /** Why it failed, when it did. */
  failure?: unknown;
}

/** Every task given to `runner` from now on, and whether it has finished (answered or failed). */
export function watchTasks(runner: TaskRunner): WatchedTask[] {
  const tasks: WatchedTask[] = [];
  // Watched before (by an earlier test of the file): the watch starts again from the runner's own run.
  const watched = runner.run;
  if (vi.isMockFunction(watched)) watched.mockRestore();
  const run = runner.run.bind(runner);
  vi.spyOn(runner, 'run').mockImplementation((name, input, options) => {
    const task: WatchedTask = { name, finished: false };
    tasks.push(task);
    const answer = run(name, input, options);
    answer.then(
      () => {
        task.finished = true;
      },
      (failure: unknown) => {
        task.finished = true;
        task.failure = failure;
      },
    );
    return answer;
  });
  return tasks;
}
