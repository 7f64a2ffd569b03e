import type { Violation } from '../../contracts/problem.js';
import type { ReleaseView } from '../release-view.js';
import { violation } from './check.js';

const FILE = 'channels.json';

/** Channel ids name one channel each, a channel lists each locale once, context keys are declared once. */
export function checkChannels(view: ReleaseView): Violation[] {
  const violations: Violation[] = [];
  const ids = new Set<string>();
  view.channels.channels.forEach((channel, index) => {
    if (ids.has(channel.id)) {
      violations.push(
        violation(
          FILE,
          ['channels', index, 'id'],
          `The channel id "${channel.id}" names an earlier channel too: give each channel its own id.`,
        ),
      );
    }
    ids.add(channel.id);
    // BCP 47 tags compare without case, so `en-GB` and `en-gb` are one locale.
    const locales = new Set<string>();
    channel.locales.forEach((locale, localeIndex) => {
      if (locales.has(locale.toLowerCase())) {
        violations.push(
          violation(
            FILE,
            ['channels', index, 'locales', localeIndex],
            `The locale "${locale}" is listed twice for channel "${channel.id}": list it once.`,
          ),
        );
      }
      locales.add(locale.toLowerCase());
    });
  });
  const keys = new Set<string>();
  view.channels.context?.forEach((declaration, index) => {
    if (keys.has(declaration.key)) {
      violations.push(
        violation(
          FILE,
          ['context', index, 'key'],
          `The context key "${declaration.key}" is declared before: declare each key once, with all its values.`,
        ),
      );
    }
    keys.add(declaration.key);
    declaration.values?.forEach((value, valueIndex) => {
      if (declaration.values!.indexOf(value) < valueIndex) {
        violations.push(
          violation(
            FILE,
            ['context', index, 'values', valueIndex],
            `The value "${value}" is listed twice for the context key "${declaration.key}": list it once.`,
          ),
        );
      }
    });
  });
  return violations;
}
