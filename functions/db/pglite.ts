// The embedded database: PGlite runs in a worker thread (pgliteWorker.ts), so its synchronous
// statements never hold up the HTTP thread or the data directory lock's refresh, which stay here.
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { lockDataDir } from './dataDirLock.ts';
import { dumpPgliteCopy } from './dump.ts';
import { pgliteDirectory } from './pgliteDirectory.ts';
import { batching, type Request, type Response } from './pgliteProtocol.ts';
import { RemotePglite } from './remotePglite.ts';
import type { Database } from './types.ts';

/** Opens (creating on first use) the embedded database in `<dataDir>/pglite`, holding the data dir lock. */
export async function openPglite(dataDir: string): Promise<Database> {
  const release = await lockDataDir(dataDir);
  const worker = new Worker(new URL('./pgliteWorker.ts', import.meta.url), {
    workerData: pgliteDirectory(dataDir),
  });
  // The thread keeps the process alive only while an answer is awaited.
  const client = new RemotePglite(
    batching<Request>((requests) => worker.postMessage(requests)),
    (waiting) => (waiting ? worker.ref() : worker.unref()),
  );
  worker.unref();
  worker.on('message', (responses: Response[]) => {
    for (const response of responses) client.receive(response);
  });
  worker.on('error', (error) => client.stop(new Error(`The database thread failed: ${error.message}`)));
  worker.on('exit', () => client.stop(new Error('The database thread stopped')));
  const close = async () => {
    try {
      // After the last statements sent, which are answered first.
      await client.request({ op: 'close' }).catch(() => {});
      await worker.terminate();
    } finally {
      release();
    }
  };
  try {
    // The first answer: PGlite opened (a failure to open ends the thread, failing this request).
    await client.query('select 1');
  } catch (error) {
    await close();
    throw error;
  }
  let dumping: Promise<string> | undefined;
  return {
    kind: 'pglite',
    // drizzle's PGlite driver calls only `query` and `transaction`, which RemotePglite provides.
    db: drizzle({ client: client as unknown as PGlite }),
    dump: () => {
      // The data folder as a tarball, taken between transactions (the site waits for that moment only).
      dumping ??= client
        .request<ArrayBuffer>({ op: 'dumpDataDir' })
        .then(dumpPgliteCopy)
        .finally(() => {
          dumping = undefined;
        });
      return dumping;
    },
    close,
  };
}
