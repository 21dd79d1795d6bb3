// `npm run admin` in the test process (runAdmin) against the admin API of a test app's open database, as
// the running server answers it: the command's whole logic and output without starting Node; a few runs
// of the real command line prove the wiring.
import { hc } from 'hono/client';
import { type AdminApp, createAdminApp } from '../../functions/admin/adminApp.ts';
import { runAdmin } from '../../functions/cli/admin.ts';
import type { TestApp } from './inProcessApp.ts';
import type { Finished } from './processes.ts';

/** `npm run admin -- <args>` on `app`'s database, with what it printed as the process would. */
export async function adminOn(app: TestApp, args: string[]): Promise<Finished> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const api = createAdminApp({
    services: app.services,
    database: app.database,
    siteUrl: 'http://127.0.0.1:4321',
    secret: app.services.hashSecret,
  });
  // The test owns the database and closes it itself.
  const open = async () => ({
    client: hc<AdminApp>('http://admin', { fetch: api.request }),
    [Symbol.asyncDispose]: async () => {},
  });
  const code = await runAdmin(args, open, {
    log: (text) => stdout.push(`${text}\n`),
    error: (text) => stderr.push(`${text}\n`),
  });
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}
