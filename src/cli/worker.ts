/**
 * The entry of aisle's worker threads (src/lib/worker-pool.ts): it answers every task of
 * allTasks. The composition root (stack.ts) starts pools of these threads and hands each role
 * the pool its heavy work runs on.
 */
import { serveTasks } from '../lib/worker-serve.js';
import { allTasks } from './tasks.js';

serveTasks(allTasks);
