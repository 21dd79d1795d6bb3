// The API in the test process (app.request()): route behaviour without a server process, and the
// stored rows within reach.
import { createApp } from '../../functions/app.ts';
import { loadConfig } from '../../functions/config.ts';
import { createContent } from '../../functions/content.ts';
import { openDatabase } from '../../functions/db/client.ts';
import type { Database } from '../../functions/db/types.ts';
import { createServices, type Services } from '../../functions/services.ts';
import { makeContentDir } from './fixtures.ts';
import type { Fetcher } from './http.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: Database;
  /** What the routes use (configuration, hash secret), for code that runs beside them, e.g. the admin commands. */
  services: Services;
  /** POSTs JSON as client `client` (the socket address the server would see). */
  post(path: string, body: unknown, client?: string): Response | Promise<Response>;
  get(path: string): Response | Promise<Response>;
  /** `fetch` into the app (any origin, e.g. `http://localhost/api/geo`), as a client at 192.0.2.1. */
  fetch: Fetcher;
}

export async function createTestApp(env: Record<string, string>): Promise<TestApp> {
  const config = loadConfig({ CONTENT_DIR: makeContentDir(), ...env });
  const database = await openDatabase(config);
  const services = createServices(config, createContent(config.contentDir), async () => database);
  const app = createApp(services);
  return {
    app,
    database,
    services,
    post: (path, body, client = '192.0.2.1') =>
      app.request(
        path,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        { clientAddress: client },
      ),
    get: (path) => app.request(path, {}, { clientAddress: '192.0.2.1' }),
    fetch: (url, init) => app.request(url, init, { clientAddress: '192.0.2.1' }),
  };
}
