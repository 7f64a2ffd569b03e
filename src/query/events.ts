import {
  EVENT_HOURS,
  type EventItem,
  type EventsBatch,
  QUERY_ID_CLOCK_SKEW_MS,
} from '../contracts/events.js';
import type { Violation } from '../contracts/problem.js';
import { AppError } from '../lib/errors.js';
import { isUuidV7, uuidV7Time } from '../lib/ids.js';
import type { LoggedEvent } from '../store/index.js';

const EVENT_MS = EVENT_HOURS * 3_600_000;

/** A batch as the log takes it: the events that are not late, and how many were. */
export interface TakenEvents {
  events: LoggedEvent[];
  late: number;
}

/**
 * Checks a batch as a whole and takes it: the schema's violations (already found) and the rules
 * a schema cannot say, one violation per event by JSON pointer; any violation refuses the whole
 * batch (400, nothing taken). An event whose answer is older than `event_hours` is not taken and
 * counts as late.
 */
export function takeEvents(body: unknown, schemaViolations: Violation[], arrival: Date): TakenEvents {
  const violations = [...schemaViolations, ...ruleViolations(body, arrival)];
  if (violations.length > 0) {
    throw new AppError(
      'invalid_request',
      'The body is not a batch of events as the Events API takes them: nothing of it was taken. Correct the events the violations name and send the batch again.',
      onePerPointer(violations),
    );
  }
  const batch = body as EventsBatch;
  const events: LoggedEvent[] = [];
  let late = 0;
  const receivedAt = arrival.toISOString();
  for (const event of batch.events) {
    if (arrival.getTime() - uuidV7Time(event.query_id).getTime() > EVENT_MS) {
      late += 1;
      continue;
    }
    events.push(loggedEvent(event, batch, receivedAt));
  }
  return { events, late };
}

function loggedEvent(event: EventItem, batch: EventsBatch, receivedAt: string): LoggedEvent {
  return {
    receivedAt,
    queryId: event.query_id,
    type: event.type,
    ...(event.entity !== undefined ? { entity: event.entity } : {}),
    ...(event.placement !== undefined ? { placement: event.placement } : {}),
    ...(event.position !== undefined ? { position: event.position } : {}),
    ...(event.campaign !== undefined ? { campaign: event.campaign } : {}),
    surface: event.surface ?? 'storefront',
    ...(batch.page_view !== undefined ? { pageView: batch.page_view } : {}),
    traffic: batch.traffic ?? 'shopper',
  };
}

/** What each event breaks that the schema cannot say: what it names, and when its query id was made. */
function ruleViolations(body: unknown, arrival: Date): Violation[] {
  const events = isObject(body) && Array.isArray(body.events) ? body.events : [];
  const violations: Violation[] = [];
  events.forEach((event: unknown, index) => {
    if (!isObject(event)) return;
    const at = `/events/${index}`;
    const hasEntity = event.entity !== undefined;
    const hasPlacement = event.placement !== undefined;
    if (hasEntity && hasPlacement) {
      violations.push({
        pointer: at,
        message: 'Names both an entity and a placement: an event names exactly one, the hit or the banner.',
      });
    } else if (!hasEntity && !hasPlacement) {
      violations.push({
        pointer: at,
        message:
          'Names neither an entity nor a placement: add `entity` for a hit or `placement` for a banner.',
      });
    } else if (hasPlacement && event.position !== undefined) {
      violations.push({
        pointer: `${at}/position`,
        message: 'A banner stands at no position a page reaches: remove `position` from a placement’s event.',
      });
    }
    if (typeof event.query_id === 'string') {
      const problem = queryIdProblem(event.query_id, arrival);
      if (problem !== undefined) violations.push({ pointer: `${at}/query_id`, message: problem });
    }
  });
  return violations;
}

function queryIdProblem(queryId: string, arrival: Date): string | undefined {
  if (!isUuidV7(queryId)) {
    return 'Is not a UUIDv7: send the `query_id` of the search answer the event belongs to, as it came.';
  }
  const made = uuidV7Time(queryId);
  if (made.getTime() > arrival.getTime() + QUERY_ID_CLOCK_SKEW_MS) {
    return `Names a time still to come (${made.toISOString()}): send the \`query_id\` of an answer already given.`;
  }
  return undefined;
}

/**
 * One violation per field, in the order of the batch: the schema's violation of a field comes
 * first, a rule's of the same field adds nothing.
 */
function onePerPointer(violations: Violation[]): Violation[] {
  const byPointer = new Map<string, Violation>();
  for (const violation of violations) {
    if (!byPointer.has(violation.pointer)) byPointer.set(violation.pointer, violation);
  }
  return [...byPointer.values()].sort((a, b) => a.pointer.localeCompare(b.pointer, 'en', { numeric: true }));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
