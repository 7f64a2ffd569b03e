import type { PinTrace } from '../../contracts/trace.js';
import type { PlannedPin } from '../plan.js';
import type { CompiledRule } from '../rules/compile.js';
import type { RuleLedger } from '../rules/ledger.js';

/**
 * Decides every pin's slot, the highest rule first. A rule's pins take their positions in order;
 * a position a higher rule's pin holds moves the pin to the next free one in its section; an
 * entity a higher rule pins, or a hide removes, is not pinned again. Positions count from 1
 * across pages.
 */
export function slotPins(
  rules: readonly CompiledRule[],
  hidden: ReadonlyMap<string, CompiledRule>,
  ledger: RuleLedger,
): { pins: PlannedPin[]; traces: PinTrace[] } {
  const pins: PlannedPin[] = [];
  const traces: PinTrace[] = [];
  const holders = new Map<string, CompiledRule>();
  const slots = new Map<string, Map<number, CompiledRule>>();
  for (const rule of rules) {
    if (rule.effects.pin === undefined) continue;
    const asked = [...rule.effects.pin].sort((a, b) => a.position - b.position);
    let placed = false;
    let takenBy: CompiledRule | undefined;
    for (const pin of asked) {
      const trace: PinTrace = { entity: pin.entity, rule: rule.id, asked: pin.position, outcome: 'dropped' };
      if (pin.sponsored !== undefined) trace.sponsored = pin.sponsored.campaign;
      const blocker = hidden.get(pin.entity) ?? holders.get(pin.entity);
      if (blocker !== undefined) {
        trace.by = blocker.id;
        takenBy ??= blocker;
      } else {
        const type = pin.entity.slice(0, pin.entity.indexOf(':'));
        const taken = slots.get(type) ?? new Map<number, CompiledRule>();
        slots.set(type, taken);
        let position = pin.position;
        while (taken.has(position)) position++;
        const holder = taken.get(pin.position);
        taken.set(position, rule);
        holders.set(pin.entity, rule);
        placed = true;
        pins.push({
          entity: pin.entity,
          type,
          position,
          asked: pin.position,
          rule: rule.id,
          ...(pin.sponsored !== undefined ? { sponsored: { campaign: pin.sponsored.campaign } } : {}),
          onlyIfMatching: pin.sponsored !== undefined,
        });
        trace.position = position;
        trace.outcome = position === pin.position ? 'placed' : 'moved';
        if (holder !== undefined) trace.by = holder.id;
      }
      if (ledger.tracing) traces.push(trace);
    }
    ledger.note(rule, 'pin', placed ? 'applied' : 'superseded', placed ? undefined : takenBy);
  }
  return { pins, traces };
}
