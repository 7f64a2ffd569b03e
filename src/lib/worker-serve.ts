import { parentPort, type Transferable, workerData } from 'node:worker_threads';
import { failureMessage, type TaskTable, Transferred } from './tasks.js';
import { lowerThreadPriority } from './thread-priority.js';
import type { TaskMessage, WorkerData, WorkerReply } from './worker-pool.js';

/**
 * In a worker thread: answers the pool's tasks from the table, one at a time, at the priority the
 * pool asks for (see WorkerPoolOptions.niceness).
 */
export function serveTasks(tasks: TaskTable): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread.');
  lowerThreadPriority((workerData as WorkerData | undefined)?.niceness ?? 0);
  port.on('message', async ({ id, task, input }: TaskMessage) => {
    const reply = (message: WorkerReply, transfer: readonly Transferable[] = []) =>
      port.postMessage(message, [...transfer] as never);
    try {
      const run = tasks[task];
      if (!run) throw new Error(`No task is named ${task}.`);
      const answer = await (run as (input: unknown, progress: (report: unknown) => void) => unknown)(
        input,
        (progress) => reply({ id, progress }),
      );
      if (answer instanceof Transferred) reply({ id, ok: true, output: answer.value }, answer.transfer);
      else reply({ id, ok: true, output: answer });
    } catch (error) {
      reply({ id, ok: false, failure: failureMessage(error) });
    }
  });
}
