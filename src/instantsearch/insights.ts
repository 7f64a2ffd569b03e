/**
 * An insights client in the shape of Algolia's `search-insights` (`aa(method, payload)`), which
 * InstantSearch's insights middleware calls. Clicks on hits become aisle click events on
 * `POST /v1/events`, sent at once; with `sendBeacon` where the browser has it, so a click that
 * opens the product page still arrives. aisle's events are clicks and views only: conversions have
 * no aisle event and are not sent, and InstantSearch's views (sent when hits render) are not
 * aisle's (half of a tile visible for a second), so they are not sent either.
 */
import type { AisleClient, components } from '../client/index.js';

type EventItem = components['schemas']['EventItem'];
type EventsBatch = components['schemas']['EventsBatch'];

/** What the events of a hit name, remembered from the answer that showed it. */
export interface HitReference {
  entity: string;
  campaign?: string;
}

export interface InsightsClient {
  (method: string, payload?: unknown, extra?: unknown): void;
  /** search-insights' version, read by InstantSearch to decide how it calls the client. */
  version: string;
}

interface ClickPayload {
  queryID?: string;
  objectIDs?: string[];
  positions?: number[];
}

export interface InsightsOptions {
  client: AisleClient;
  /** The public port's base URL, for beacons. */
  url: string;
  pageView: string | undefined;
  /** The hit an object id names, as the adapter answered it. */
  hitOf(objectID: string): (HitReference & { queryID: string; position: number }) | undefined;
}

const ENTITY = /^[^:]+:.+$/;

export function aisleInsights(options: InsightsOptions): InsightsClient {
  let userToken: string | undefined;
  const insights = ((method: string, payload?: unknown, extra?: unknown) => {
    switch (method) {
      case 'clickedObjectIDsAfterSearch':
      case 'clickedObjectIDs':
        send(options, clicks(options, payload as ClickPayload));
        return;
      case 'setUserToken':
        userToken = typeof payload === 'string' || typeof payload === 'number' ? String(payload) : undefined;
        return;
      case 'getUserToken':
        // search-insights answers through a callback: (options, callback).
        if (typeof extra === 'function') extra(null, userToken);
        return;
      case 'onUserTokenChange':
        if (typeof payload === 'function' && (extra as { immediate?: boolean } | undefined)?.immediate) {
          payload(userToken);
        }
        return;
      default:
        // init, addAlgoliaAgent, InstantSearch's own usage events, views and conversions: nothing
        // aisle counts.
        return;
    }
  }) as InsightsClient;
  insights.version = '2.17.2';
  return insights;
}

function clicks(options: InsightsOptions, payload: ClickPayload): EventItem[] {
  const events: EventItem[] = [];
  (payload.objectIDs ?? []).forEach((objectID, index) => {
    const hit = options.hitOf(objectID);
    const entity = hit?.entity ?? (ENTITY.test(objectID) ? objectID : undefined);
    const queryID = payload.queryID ?? hit?.queryID;
    const position = payload.positions?.[index] ?? hit?.position;
    if (!entity || !queryID) return;
    events.push({
      type: 'click',
      query_id: queryID,
      entity,
      ...(position !== undefined ? { position } : {}),
      ...(hit?.campaign ? { campaign: hit.campaign } : {}),
    });
  });
  return events;
}

function send(options: InsightsOptions, events: EventItem[]): void {
  if (events.length === 0) return;
  const batch: EventsBatch = { ...(options.pageView ? { page_view: options.pageView } : {}), events };
  // A beacon posts text/plain, which needs no preflight and outlives the page it was sent from.
  const beacon = (globalThis as { navigator?: { sendBeacon?(url: string, data: Blob): boolean } }).navigator
    ?.sendBeacon;
  const url = `${options.url.replace(/\/+$/, '')}/v1/events`;
  if (beacon?.call(globalThis.navigator, url, new Blob([JSON.stringify(batch)], { type: 'text/plain' }))) {
    return;
  }
  void options.client.POST('/v1/events', { body: batch }).catch(() => {
    // A click that cannot be reported changes nothing the shopper sees.
  });
}
