// The embedded database: PGlite runs in a worker thread (pgliteWorker.ts), so its synchronous
// statements never hold up the HTTP thread or the data directory lock's refresh, which stay here.
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { lockDataDir } from './dataDirLock.ts';
import { dumpPgliteCopy } from './dump.ts';
import { pgliteDirectory } from './pgliteDirectory.ts';
import { batching, type Request } from './pgliteProtocol.ts';
import type { FromWorker, ToWorker, WorkerData } from './pgliteWorker.ts';
import { RemotePglite } from './remotePglite.ts';
import type { Database, Db } from './types.ts';

// drizzle's PGlite driver calls only `query` and `transaction`, which RemotePglite provides.
const drizzleOver = (client: RemotePglite): Db => drizzle({ client: client as unknown as PGlite });

/** Opens (creating on first use) the embedded database in `<dataDir>/pglite`, holding the data dir lock. */
export async function openPglite(dataDir: string): Promise<Database> {
  const release = await lockDataDir(dataDir);
  const data: WorkerData = { directory: pgliteDirectory(dataDir) };
  const worker = new Worker(new URL('./pgliteWorker.ts', import.meta.url), { workerData: data });
  worker.unref();
  const client = new RemotePglite(
    batching<Request>((requests) => worker.postMessage(requests satisfies ToWorker)),
    (waiting) => (waiting ? worker.ref() : worker.unref()),
  );
  let closed: (() => void) | undefined;
  // One copy of the data folder at a time (a backup): its answer, awaited.
  let copied: { resolve(bytes: ArrayBuffer): void; reject(error: Error): void } | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromWorker) => {
      if (Array.isArray(message)) for (const response of message) client.receive(response);
      else if ('ready' in message) resolve();
      else if ('failed' in message) reject(new Error(message.failed));
      else if ('closed' in message) closed?.();
      else if ('dataDir' in message) copied?.resolve(message.dataDir);
      else if ('dumpFailed' in message) copied?.reject(new Error(message.dumpFailed));
    });
    worker.on('error', (error) => {
      reject(error);
      client.stop(new Error(`The database thread failed: ${error.message}`));
    });
    worker.on('exit', () => {
      reject(new Error('The database thread stopped while opening'));
      client.stop(new Error('The database thread stopped'));
      copied?.reject(new Error('The database thread stopped'));
    });
  });
  worker.ref();
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    release();
    throw error;
  }
  worker.unref();
  let dumping: Promise<string> | undefined;
  /** The data folder as a tarball, taken between transactions (the site waits for that moment only). */
  const copyDataDir = () =>
    new Promise<ArrayBuffer>((resolve, reject) => {
      worker.ref();
      copied = { resolve, reject };
      worker.postMessage({ op: 'dumpDataDir' } satisfies ToWorker);
    }).finally(() => {
      copied = undefined;
      worker.unref();
    });
  return {
    kind: 'pglite',
    db: drizzleOver(client),
    dump: () => {
      dumping ??= copyDataDir()
        .then(dumpPgliteCopy)
        .finally(() => {
          dumping = undefined;
        });
      return dumping;
    },
    close: async () => {
      try {
        worker.ref();
        const flushed = new Promise<void>((resolve) => {
          closed = resolve;
        });
        // After the last batch of statements has gone.
        await new Promise((resolve) => setImmediate(resolve));
        worker.postMessage({ op: 'close' } satisfies ToWorker);
        await Promise.race([flushed, exited]);
        await worker.terminate();
      } finally {
        release();
      }
    },
  };
}
