import { type AisleClient, createManagementClient } from 'aisle/client';

/**
 * The management key lives in this tab only: sessionStorage ends with the tab, is never sent by
 * the browser on its own, and the key goes out solely as the client's Bearer header.
 */
const KEY_ITEM = 'aisle.management-key';

export function savedKey(): string | undefined {
  return sessionStorage.getItem(KEY_ITEM) ?? undefined;
}

export function keepKey(key: string): void {
  sessionStorage.setItem(KEY_ITEM, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(KEY_ITEM);
}

/** A client of this origin's management API (the panel is served by the control plane itself). */
export function managementClient(key: string): AisleClient {
  return createManagementClient({ url: window.location.origin, key });
}
