import { ownBytes, transferred } from '../lib/tasks.js';
import { listRules, type RuleListInput } from '../planner/index.js';

/** A rule list to make, with the members its answer carries besides the rules. */
export interface RuleListTask {
  input: RuleListInput;
  answer: Record<string, unknown>;
}

/**
 * A rule list made as a task on a read thread (see src/lib/worker-pool.ts): with thousands of
 * rules, finding their conflicts takes seconds, which the searches this node answers must not wait
 * for. What the list reads of the live catalog is looked up beforehand on the node's own thread
 * (src/query/management/listed-catalog.ts). The whole answer comes back as UTF-8 JSON, handed over
 * without a copy, so that no thread that answers requests writes or reads tens of megabytes of it.
 */
function listRulesAsJson({ input, answer }: RuleListTask): Uint8Array {
  const bytes = ownBytes(Buffer.from(JSON.stringify({ ...answer, rules: listRules(input) })));
  return transferred(bytes, [bytes.buffer as ArrayBuffer]);
}

export const ruleTasks = {
  'rules:list': listRulesAsJson,
};
