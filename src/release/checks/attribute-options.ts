import type { Violation } from '../../contracts/problem.js';
import type { Attribute } from '../../contracts/release-files/index.js';
import type { ReleaseView } from '../release-view.js';
import { listed, type Path, violation, withArticle } from './check.js';

const FILE = 'attributes.json';

/**
 * Option values and their groups. Filters name a value or a group code alike, so each must name
 * one thing only.
 */
export function checkAttributeOptions(view: ReleaseView): Violation[] {
  const violations: Violation[] = [];
  view.attributeList.forEach((attribute, index) => {
    const add = (rest: Path, message: string) =>
      violations.push(violation(FILE, ['attributes', index, ...rest], message));
    if (attribute.type !== 'option') {
      for (const member of ['options', 'groups'] as const) {
        if (attribute[member] !== undefined) {
          add(
            [member],
            `"${attribute.code}" is ${withArticle(attribute.type)} attribute, and only option attributes have ${member}: remove them, or make it an option attribute.`,
          );
        }
      }
      return;
    }
    const values = new Set<string>();
    (attribute.options ?? []).forEach((option, optionIndex) => {
      if (values.has(option.value)) {
        add(
          ['options', optionIndex, 'value'],
          `The option value "${option.value}" of "${attribute.code}" is listed before: list each value once.`,
        );
      }
      values.add(option.value);
    });
    checkGroups(attribute, values, add);
  });
  return violations;
}

function checkGroups(
  attribute: Attribute,
  values: Set<string>,
  add: (rest: Path, message: string) => void,
): void {
  const codes = new Set<string>();
  (attribute.groups ?? []).forEach((group, groupIndex) => {
    if (values.has(group.code)) {
      add(
        ['groups', groupIndex, 'code'],
        `The group code "${group.code}" of "${attribute.code}" is also one of its option values, so a filter could not tell them apart: choose another code, such as "${group.code}_group".`,
      );
    } else if (codes.has(group.code)) {
      add(
        ['groups', groupIndex, 'code'],
        `The group code "${group.code}" of "${attribute.code}" names an earlier group too: give each group its own code.`,
      );
    }
    codes.add(group.code);
    group.values.forEach((value, valueIndex) => {
      if (!values.has(value)) {
        add(
          ['groups', groupIndex, 'values', valueIndex],
          `"${value}" is not an option value of "${attribute.code}": use one of ${listed(values)}, or add it to its options.`,
        );
      }
    });
  });
}
