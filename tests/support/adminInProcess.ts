// `npm run admin` in the test process (runAdmin) on a test app's open database: the command's whole
// logic and output without starting Node; a few runs of the real command line prove the wiring.
import { runAdmin } from '../../functions/cli/adminCommands.ts';
import { databaseInUse } from '../../functions/stats.ts';
import type { TestApp } from './inProcessApp.ts';
import type { Finished } from './processes.ts';

/** `npm run admin -- <args>` on `app`'s database, with what it printed as the process would. */
export async function adminOn(app: TestApp, args: string[]): Promise<Finished> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const open = async () => ({
    db: app.database.db,
    hashSecret: app.services.hashSecret,
    contentDir: app.services.config.contentDir,
    database: databaseInUse(app.services.config),
    dataDir: app.services.config.dataDir,
    // The test owns the database and closes it itself.
    close: async () => {},
  });
  const code = await runAdmin(args, open, {
    log: (text) => stdout.push(`${text}\n`),
    error: (text) => stderr.push(`${text}\n`),
  });
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}
