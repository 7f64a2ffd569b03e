import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { waitFor } from './wait.js';

/** Whether the process is stopped (SIGSTOP): its state in /proc is T. */
async function isStopped(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The state follows the command name, which is in parentheses and may hold spaces.
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'T';
}

/** Waits until the child stopped itself (AISLE_FAULT_STOP_AT), failing if it exits instead. */
export async function stoppedItself(child: ChildProcess, what: string, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    what,
    async () => {
      if (child.exitCode !== null) throw new Error(`The process exited (${child.exitCode}) before ${what}.`);
      return (await isStopped(child.pid!)) ? true : undefined;
    },
    timeoutMs,
  );
}

/** Kills the child at once (SIGKILL) and waits for it to be gone. */
export async function killHard(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  child.kill('SIGKILL');
  await exited;
}
