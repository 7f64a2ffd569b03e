import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The highest niceness Linux knows: the thread runs only when nothing else wants the core. */
const LOWEST_PRIORITY = 19;

/**
 * Lowers the CPU priority of the calling thread alone by `niceness` steps, so that the threads
 * at normal priority (the event loop answering searches) win the cores it competes for. On Linux
 * a thread has its own id (the last part of /proc/thread-self), and setpriority on that id
 * changes that thread and no other. Elsewhere, or where /proc is not mounted, it changes nothing
 * and answers false: the thread then runs at the process's priority.
 */
export function lowerThreadPriority(niceness: number): boolean {
  if (niceness <= 0 || process.platform !== 'linux') return false;
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    setPriority(thread, Math.min(LOWEST_PRIORITY, getPriority(thread) + niceness));
    return true;
  } catch {
    return false;
  }
}
