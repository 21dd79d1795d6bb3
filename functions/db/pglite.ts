// The embedded database: PGlite runs in a worker thread (pgliteWorker.ts), so its synchronous
// statements never hold up the HTTP thread or the data directory lock's refresh, which stay here.
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { closeFilesToOthers } from '../privateFiles.ts';
import { lockDataDir } from './dataDirLock.ts';
import { portableDump } from './dump.ts';
import { pgliteDirectory } from './pgliteDirectory.ts';
import type { PgliteSource } from './pgliteWorker.ts';
import { RemotePglite } from './remotePglite.ts';
import type { Database } from './types.ts';

/** PGlite in a thread of its own; resolves once it is open. */
async function startThread(source: PgliteSource): Promise<RemotePglite> {
  const client = new RemotePglite(
    new Worker(new URL('./pgliteWorker.ts', import.meta.url), { workerData: source }),
  );
  // The first answer: PGlite opened (a failure to open ends the thread, failing this request).
  await client.query('select 1').catch(async (error: unknown) => {
    await client.close();
    throw error;
  });
  return client;
}

/**
 * Plain SQL of a copy of the data folder, by PGlite's pg_dump (WebAssembly, from pglite-tools) in a
 * thread of its own: the dump is one synchronous call of up to seconds, and on a copy its closing
 * `DEALLOCATE ALL` and search_path reset touch no instance the site uses.
 */
async function dumpCopy(tarball: ArrayBuffer): Promise<string> {
  try {
    const copy = await startThread({ tarball });
    return portableDump(await copy.request<string>({ op: 'pgDump' }).finally(() => copy.close()));
  } catch (error) {
    throw new Error(`pg_dump failed: ${(error as Error).message}`);
  }
}

/**
 * An empty PGlite in memory, in a thread of its own (loading a backup into it is seconds of synchronous
 * work that must not hold up the server): for checking that a backup restores (backupCheck.ts).
 */
export function scratchPglite(): Promise<RemotePglite> {
  return startThread({ scratch: true });
}

/** Opens (creating on first use) the embedded database in `<dataDir>/pglite`, holding the data dir lock. */
export async function openPglite(dataDir: string): Promise<Database> {
  const release = await lockDataDir(dataDir);
  const client = await startThread({ dataDir: pgliteDirectory(dataDir) }).catch((error: unknown) => {
    release();
    throw error;
  });
  await closeFilesToOthers(pgliteDirectory(dataDir));
  let dumping: Promise<string> | undefined;
  return {
    kind: 'pglite',
    // drizzle's PGlite driver calls only `query` and `transaction`, which RemotePglite provides.
    db: drizzle({ client: client as unknown as PGlite }),
    dump: () => {
      // The data folder as a tarball, taken between transactions (the site waits for that moment only).
      dumping ??= client
        .request<ArrayBuffer>({ op: 'dumpDataDir' })
        .then(dumpCopy)
        .finally(() => {
          dumping = undefined;
        });
      return dumping;
    },
    close: () =>
      client
        .close()
        .then(() => closeFilesToOthers(pgliteDirectory(dataDir)))
        .finally(release),
  };
}
