// Reaching the site from an operator command (admin, newsletter, purge): the running server's admin API
// over its socket, or the same API on the configured database when no server runs; a plain message
// and exit 1, instead of a stack trace, when neither can be had.
import { connectAdmin, NoDatabaseError } from '../admin/adminClient.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/dataDirLock.ts';
import { CommandFailure } from './commandLine.ts';

export async function openForOperator() {
  try {
    return await connectAdmin(loadConfig());
  } catch (error) {
    const known = [ConfigError, DataDirLockedError, NoDatabaseError].some((kind) => error instanceof kind);
    throw new CommandFailure(
      known ? (error as Error).message : `Cannot open the database: ${(error as Error).message}`,
    );
  }
}
