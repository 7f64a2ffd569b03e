import { buildTasks } from '../control/indexer/build-tasks.js';
import { uploadTasks } from '../control/services/export-read.js';
import type { TaskTable } from '../lib/tasks.js';
import { exportTasks } from '../query/export-tasks.js';
import { indexTasks } from '../query/index-tasks.js';
import { releaseTasks } from '../query/release-tasks.js';
import { ruleTasks } from '../query/rule-tasks.js';

/** Every task aisle's worker threads run, by name (see src/lib/worker-pool.ts). */
export const allTasks: TaskTable = {
  ...buildTasks,
  ...uploadTasks,
  ...exportTasks,
  ...indexTasks,
  ...ruleTasks,
  ...releaseTasks,
};
