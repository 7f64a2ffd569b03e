import { Readable } from 'node:stream';
import type { Violation } from '../../contracts/problem.js';
import type { Rule, RulesFile } from '../../contracts/release-files/index.js';
import type { RuleFields } from '../../contracts/rules.js';
import { withMembers } from '../../http/json-text.js';
import { AppError } from '../../lib/errors.js';
import { fieldProblems, fieldsOf, ruleOf } from '../../planner/index.js';
import { releaseView } from '../../release/release-view.js';
import type { ControlDeps } from './deps.js';
import { writeDraft } from './draft-write.js';
import { type ImportView, loadImport, releaseFilesOf } from './imports-state.js';

/** Where and when a rule list is read: the channel and locale of its titles and conflicts, the time of its states. */
export interface ListPlace {
  channel?: string;
  locale?: string;
  time?: string;
}

/**
 * The live rules in precedence order with their states, conflicts and entities, as the UTF-8 JSON
 * of a RuleList (streamed on as the query side writes it); aborting `signal` (the client left) stops
 * the query side's work on them.
 */
export function liveRules(deps: ControlDeps, place: ListPlace, signal?: AbortSignal): Promise<Readable> {
  return deps.querySide.rules(place, signal);
}

/**
 * A draft's rules (the published release's when it changes none), listed against the live catalog:
 * the UTF-8 JSON of a DraftRules streamed, as every answer of a draft's rules is.
 */
export async function draftRules(
  deps: ControlDeps,
  id: number,
  place: ListPlace,
  signal?: AbortSignal,
): Promise<Readable> {
  const view = await loadImport(deps, id);
  return listed(
    deps,
    view,
    await releaseFilesOf(deps, view),
    { ...place, needs_live: true },
    undefined,
    signal,
  );
}

async function listed(
  deps: ControlDeps,
  view: ImportView,
  release: Record<string, unknown>,
  place: ListPlace & { needs_live?: boolean },
  rule?: string,
  signal?: AbortSignal,
): Promise<Readable> {
  const list = await deps.querySide.rules({ files: release, ...place }, signal);
  return Readable.from(withMembers({ version: view.version, ...(rule !== undefined ? { rule } : {}) }, list));
}

export interface NewRule {
  version: string;
  rule?: Rule;
  id?: string;
  fields?: RuleFields;
  position?: number;
}

/** Adds a rule to a draft, whole or from editor fields, at `position` (default last). */
export async function createRule(deps: ControlDeps, id: number, body: NewRule): Promise<Readable> {
  const written = await writeDraft(deps, id, body.version, (release) => {
    const rule = newRule(body);
    const rules = rulesOf(release);
    if (rules.some((one) => one.id === rule.id)) {
      throw refused(
        body.rule !== undefined ? '/rule/id' : '/id',
        `The draft has a rule "${rule.id}" already: give the new rule an id of its own.`,
      );
    }
    const at = Math.min(Math.max((body.position ?? rules.length + 1) - 1, 0), rules.length);
    return { files: withRules(release, [...rules.slice(0, at), rule, ...rules.slice(at)]), result: rule.id };
  });
  return listed(deps, written.view, written.release, {}, written.result);
}

function newRule(body: NewRule): Rule {
  if (body.rule !== undefined && body.fields === undefined && body.id === undefined) return body.rule;
  if (body.rule === undefined && body.fields !== undefined && body.id !== undefined) {
    const problems = fieldProblems(body.fields, '/fields');
    if (problems.length > 0)
      throw new AppError('invalid_value', 'The editor fields do not make a rule.', problems);
    return ruleOf(body.id, body.fields);
  }
  if (body.rule === undefined && body.fields !== undefined && body.id === undefined)
    throw refused('/id', 'A rule made of editor fields needs its id: add id.', 'invalid_request');
  throw refused(
    '',
    'Send the new rule whole as rule, or its id with the editor fields as id and fields.',
    'invalid_request',
  );
}

export interface RuleChange {
  version: string;
  rule?: Rule;
  fields?: Partial<Record<keyof RuleFields, unknown>>;
}

/**
 * Changes one rule of a draft: whole (`rule`), or by editor fields, which change only a rule they
 * express whole (422 otherwise, as the contract says: a change of fields would lose what they
 * cannot say, and a rule the form cannot show is not edited through it).
 */
export async function changeRule(
  deps: ControlDeps,
  id: number,
  ruleId: string,
  body: RuleChange,
): Promise<Readable> {
  const written = await writeDraft(deps, id, body.version, (release) => {
    const rules = rulesOf(release);
    const at = indexOf(rules, ruleId);
    const current = rules[at]!;
    let next: Rule;
    if (body.rule !== undefined && body.fields === undefined) {
      next = body.rule;
      if (next.id !== ruleId && rules.some((one) => one.id === next.id))
        throw refused(
          '/rule/id',
          `The draft has a rule "${next.id}" already: give this rule an id of its own.`,
        );
    } else if (body.fields !== undefined && body.rule === undefined) {
      next = withFields(current, body.fields);
    } else {
      throw refused(
        '',
        'Send the rule whole as rule, or the editor fields to change as fields, not both.',
        'invalid_request',
      );
    }
    return {
      files: withRules(
        release,
        rules.map((one, index) => (index === at ? next : one)),
      ),
      result: next.id,
    };
  });
  return listed(deps, written.view, written.release, {}, written.result);
}

function withFields(rule: Rule, changes: Partial<Record<keyof RuleFields, unknown>>): Rule {
  const names = Object.keys(changes) as Array<keyof RuleFields>;
  const current = fieldsOf(rule);
  if (current === undefined) {
    // Even a description or a date: the fields a form shows would be a rule of less than this one.
    throw new AppError(
      'rule_not_expressible',
      `The editor fields cannot express rule "${rule.id}" whole (its condition or effects go beyond them), so they cannot change it: send the rule whole as rule.`,
      names.map((name) => ({
        pointer: `/fields/${name}`,
        message: `Rule "${rule.id}" is more than the editor fields say: ${name} can change only with the whole rule.`,
      })),
    );
  }
  const fields: Record<string, unknown> = { ...current };
  for (const name of names) {
    if (changes[name] === null) delete fields[name];
    else fields[name] = changes[name];
  }
  const problems = fieldProblems(fields as RuleFields, '/fields');
  if (problems.length > 0)
    throw new AppError('invalid_value', 'The editor fields do not make a rule.', problems);
  return ruleOf(rule.id, fields as RuleFields);
}

/** Removes a rule from a draft: publishing removes it from searches; earlier releases still hold it. */
export async function deleteRule(
  deps: ControlDeps,
  id: number,
  ruleId: string,
  version: string,
): Promise<Readable> {
  const written = await writeDraft(deps, id, version, (release) => {
    const rules = rulesOf(release);
    const at = indexOf(rules, ruleId);
    return {
      files: withRules(
        release,
        rules.filter((_one, index) => index !== at),
      ),
      result: undefined,
    };
  });
  return listed(deps, written.view, written.release, {});
}

/** Moves a rule to `position` (past the end: last); the rules between shift by one. */
export async function moveRule(
  deps: ControlDeps,
  id: number,
  ruleId: string,
  body: { version: string; position: number },
): Promise<Readable> {
  const written = await writeDraft(deps, id, body.version, (release) => {
    const rules = rulesOf(release);
    const at = indexOf(rules, ruleId);
    const rest = rules.filter((_one, index) => index !== at);
    const to = Math.min(body.position - 1, rest.length);
    return {
      files: withRules(release, [...rest.slice(0, to), rules[at]!, ...rest.slice(to)]),
      result: ruleId,
    };
  });
  return listed(deps, written.view, written.release, {}, written.result);
}

function rulesOf(release: Record<string, unknown>): Rule[] {
  return releaseView(release).rules.rules;
}

/** rules.json with these rules, keeping its other members ($schema). */
function withRules(release: Record<string, unknown>, rules: Rule[]): Record<string, unknown> {
  const file = releaseView(release).rules;
  return { 'rules.json': { ...file, rules } };
}

function indexOf(rules: readonly Rule[], ruleId: string): number {
  const at = rules.findIndex((one) => one.id === ruleId);
  if (at < 0)
    throw new AppError(
      'rule_not_found',
      `The draft has no rule "${ruleId}": list its rules with GET on its rules.`,
    );
  return at;
}

/** A rule write refused: a body of another shape (`invalid_request`), or a value that breaks a rule. */
function refused(
  pointer: string,
  message: string,
  code: 'invalid_request' | 'invalid_value' = 'invalid_value',
): AppError {
  const violation: Violation = { pointer, message };
  return new AppError(code, 'The rule cannot be written as sent.', [violation]);
}
