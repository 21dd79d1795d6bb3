// Opening the database from an operator command (admin, purge): same configuration as the server,
// and a plain message instead of a stack trace when it cannot be opened.
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { createContent } from '../content.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/dataDirLock.ts';
import { createServices, type Services } from '../services.ts';

export async function openForOperator(): Promise<{
  config: Config;
  services: Services;
  close(): Promise<void>;
}> {
  try {
    const config = loadConfig();
    const database = await openDatabase(config);
    const services = createServices(config, createContent(config.contentDir), async () => database);
    return { config, services, close: () => database.close() };
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(known ? (error as Error).message : `Cannot open the database: ${(error as Error).message}`);
    process.exit(1);
  }
}
