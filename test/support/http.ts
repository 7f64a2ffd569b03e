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
