import { buildTasks } from '../control/indexer/build-tasks.js';
import type { TaskTable } from '../lib/tasks.js';
import { indexTasks } from '../query/index-tasks.js';

/** Every task aisle's worker threads run, by name (see src/lib/worker-pool.ts). */
export const allTasks: TaskTable = { ...buildTasks, ...indexTasks };
