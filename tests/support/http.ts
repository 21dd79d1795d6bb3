// Small fetch wrappers that return what the tests assert on.
import { randomUUID } from 'node:crypto';

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: string };
}

/** Fetches like `fetch`: the real one over HTTP, or an in-process app's (see inProcessApp.ts). */
export type Fetcher = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** The status, headers and parsed JSON body of an answer; throws, showing the text, when it is not JSON. */
export async function answer(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  let body: JsonAnswer['body'];
  try {
    body = JSON.parse(text) as JsonAnswer['body'];
  } catch {
    throw new Error(`Expected JSON, got ${response.status}: ${text.slice(0, 300)}`);
  }
  return { status: response.status, headers: response.headers, body };
}

/** POSTs `body` as JSON (a string is sent as-is). */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  fetcher: Fetcher = fetch,
) {
  return answer(
    await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

export async function getJson(url: string, headers: Record<string, string> = {}, fetcher: Fetcher = fetch) {
  return answer(await fetcher(url, { headers }));
}

/** A unique address per call, so tests never collide on data: `uniqueEmail('Sub')` -> `sub-…@example.com`. */
export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`.toLowerCase();
}

/** A unique client address (with TRUST_PROXY on, sent as X-Forwarded-For) so rate limits never interfere. */
export function uniqueClient() {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return { 'x-forwarded-for': `10.${n()}.${n()}.${n()}` };
}

export function sessionId() {
  return `s_${randomUUID().replaceAll('-', '')}`;
}
