// Reaching the site from an operator command (admin, newsletter, purge): the running server's admin API
// over its socket, or the same API on the configured database when no server runs; a plain message
// and exit 1, instead of a stack trace, when neither can be had.
import { type AdminClient, connectAdmin, NoDatabaseError } from '../admin/adminClient.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/dataDirLock.ts';

export async function openForOperator(): Promise<{
  config: Config;
  client: AdminClient;
  close(): Promise<void>;
}> {
  try {
    const config = loadConfig();
    return { config, ...(await connectAdmin(config)) };
  } catch (error) {
    const known = [ConfigError, DataDirLockedError, NoDatabaseError].some((kind) => error instanceof kind);
    console.error(known ? (error as Error).message : `Cannot open the database: ${(error as Error).message}`);
    process.exit(1);
  }
}
