import type { TestStack } from './stack.js';

/**
 * Answers in tests are JSON whose shape the assertions check, so they are read as `any` here, in
 * one place, instead of being cast at every call.
 */
// biome-ignore lint/suspicious/noExplicitAny: the assertions, not the compiler, check answers in tests
export type Answer = any;

export interface TestResponse extends Response {
  json(): Promise<Answer>;
}

export function call(url: string, init?: RequestInit): Promise<TestResponse> {
  return fetch(url, init) as Promise<TestResponse>;
}

/** A shopper's browser and a crawler, as the search log tells their traffic apart (isbot). */
export const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A storefront search sent from a browser (or the user agent given) to a stack; answers 200. */
export async function browserSearch(
  stack: Pick<TestStack, 'urls'>,
  body: Record<string, unknown>,
  userAgent = CHROME,
): Promise<Answer> {
  const response = await call(`${stack.urls.public}/v1/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`the search answered ${response.status}: ${await response.text()}`);
  return response.json();
}
