// Opening the database from an operator command (admin, newsletter, purge): same configuration as the
// server, and a plain message instead of a stack trace when it cannot be opened. With PGlite, a running
// server holds the data folder, so the command reaches its database through the server's socket; with
// no server running, the command opens the folder itself.

import { setTimeout as sleep } from 'node:timers/promises';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { createContent } from '../content.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/dataDirLock.ts';
import type { Database } from '../db/types.ts';
import { createServices, type Services } from '../services.ts';

// A process that has just opened the folder offers its socket a moment later (PGlite's start).
const socketWaitMs = 5000;

/** The running server's database through its socket, else the folder itself. */
async function reachOrOpenPglite(config: Config): Promise<Database> {
  const { connectToRunningPglite } = await import('../db/pglite.ts');
  const until = Date.now() + socketWaitMs;
  for (;;) {
    const running = await connectToRunningPglite(config.dataDir);
    if (running) return running;
    try {
      return await openDatabase(config);
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || Date.now() > until) throw error;
      await sleep(200);
    }
  }
}

export async function openForOperator(): Promise<{
  config: Config;
  services: Services;
  close(): Promise<void>;
}> {
  try {
    const config = loadConfig();
    const database = config.databaseUrl ? await openDatabase(config) : await reachOrOpenPglite(config);
    const services = createServices(config, createContent(config.contentDir), async () => database);
    return { config, services, close: () => database.close() };
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(known ? (error as Error).message : `Cannot open the database: ${(error as Error).message}`);
    process.exit(1);
  }
}
