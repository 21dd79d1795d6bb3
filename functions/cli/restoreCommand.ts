// `npm run admin -- restore FILE [--replace] [--unsigned]`: a backup into the configured database, with no server
// running on it (a server holds its database; the restore would change it under the server's feet).
import fs from 'node:fs/promises';
import { adminSocketPath, answers } from '../admin/adminSocket.ts';
import { loadConfig } from '../config.ts';
import { type RestoreOptions, restoreDump } from '../db/restore.ts';
import { databaseInUse } from '../stats.ts';
import { CommandFailure, commandFailure, operatorPath } from './commandLine.ts';
import { describeDatabase } from './statsText.ts';

/** Restores the backup `named` and resolves with what to print; a CommandFailure says why it could not. */
export async function restoreCommand(named: string, options: Pick<RestoreOptions, 'replace' | 'unsigned'>) {
  const file = operatorPath(named);
  const dump = await fs.readFile(file, 'utf8').catch((error: Error) => {
    throw new CommandFailure(`Cannot read ${file}: ${error.message}`);
  });
  if (!/^-- PostgreSQL database dump/m.test(dump)) {
    throw new CommandFailure(
      `${file} is not a backup (plain SQL from pg_dump or \`npm run admin -- backup\`).`,
    );
  }
  try {
    const config = loadConfig();
    if (await answers(adminSocketPath(config.dataDir))) {
      throw new CommandFailure(
        'A server is running on this database: stop it, restore, then start it again.',
      );
    }
    const applied = await restoreDump(config, dump, {
      ...options,
      warn: (message) => console.warn(`Warning: ${message}`),
    });
    const migrated = applied.length > 0 ? ` Migrated forward: ${applied.join(', ')}.` : '';
    return `Restored ${file} into ${describeDatabase(databaseInUse(config))}.${migrated}`;
  } catch (error) {
    throw commandFailure(error, 'Restore failed');
  }
}
