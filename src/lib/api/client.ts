// Empty when the functions share the site's origin (`npm run serve`); set when they live elsewhere.
const apiBase: string = import.meta.env.PUBLIC_API_BASE ?? '';

/** What the functions answered: the HTTP status and the parsed JSON body (null when there was none). */
export interface ApiAnswer<T> {
  status: number;
  ok: boolean;
  body: T | null;
}

/**
 * Calls one of the site's functions (`/api/...`). Network failures reject; HTTP errors resolve with
 * their status so each store can turn them into the right message.
 */
export async function callApi<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${apiBase}${path}`, {
    method: init.method ?? 'GET',
    headers:
      init.body === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json().catch(() => null)) as T | null;
  return { status: response.status, ok: response.ok, body };
}
