// The API in the test process (app.request()), for tests that also look at the stored rows.
import { createApp } from '../../../functions/app.ts';
import { loadConfig } from '../../../functions/config.ts';
import { createContent } from '../../../functions/content.ts';
import { openDatabase } from '../../../functions/db/client.ts';
import type { Database } from '../../../functions/db/types.ts';
import { createServices } from '../../../functions/services.ts';
import { makeContentDir } from './fixtures.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: Database;
  /** POSTs JSON as client `client` (the socket address the server would see). */
  post(path: string, body: unknown, client?: string): Response | Promise<Response>;
  get(path: string): Response | Promise<Response>;
}

export async function createTestApp(env: Record<string, string>): Promise<TestApp> {
  const config = loadConfig({ CONTENT_DIR: makeContentDir(), ...env });
  const database = await openDatabase(config);
  const app = createApp(createServices(config, createContent(config.contentDir), async () => database));
  return {
    app,
    database,
    post: (path, body, client = '192.0.2.1') =>
      app.request(
        path,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        { clientAddress: client },
      ),
    get: (path) => app.request(path, {}, { clientAddress: '192.0.2.1' }),
  };
}
