// The embedded database: PGlite runs in a worker thread (pgliteWorker.ts), so its synchronous
// statements never hold up the HTTP thread or the data directory lock's refresh, which stay here.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { lockDataDir } from './dataDirLock.ts';
import { batching, type Request } from './pgliteProtocol.ts';
import { connectSocket, socketPathFor } from './pgliteSocket.ts';
import type { FromWorker, ToWorker, WorkerData } from './pgliteWorker.ts';
import { RemotePglite } from './remotePglite.ts';
import type { Database, Db } from './types.ts';

// drizzle's PGlite driver calls only `query` and `transaction`, which RemotePglite provides.
const drizzleOver = (client: RemotePglite): Db => drizzle({ client: client as unknown as PGlite });

/**
 * Opens (creating on first use) the embedded database in `<dataDir>/pglite`, holding the data dir lock,
 * and lets operator commands in through `<dataDir>/socket/pglite.sock` while it is open.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const release = await lockDataDir(dataDir);
  const data: WorkerData = { directory: path.join(dataDir, 'pglite'), socketPath: socketPathFor(dataDir) };
  const worker = new Worker(new URL('./pgliteWorker.ts', import.meta.url), { workerData: data });
  worker.unref();
  const client = new RemotePglite(
    batching<Request>((requests) => worker.postMessage(requests satisfies ToWorker)),
    (waiting) => (waiting ? worker.ref() : worker.unref()),
  );
  let closed: (() => void) | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromWorker) => {
      if (Array.isArray(message)) for (const response of message) client.receive(response);
      else if ('ready' in message) {
        if (message.socketProblem) console.warn(message.socketProblem);
        resolve();
      } else if ('failed' in message) reject(new Error(message.failed));
      else if ('closed' in message) closed?.();
    });
    worker.on('error', (error) => {
      reject(error);
      client.stop(new Error(`The database thread failed: ${error.message}`));
    });
    worker.on('exit', () => {
      reject(new Error('The database thread stopped while opening'));
      client.stop(new Error('The database thread stopped'));
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
  return {
    kind: 'pglite',
    db: drizzleOver(client),
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

/**
 * The database of the server running on `dataDir`, reached through its socket; undefined when no
 * server listens there. Its schema is the server's: the server applied the migrations when it opened.
 */
export async function connectToRunningPglite(dataDir: string): Promise<Database | undefined> {
  const connection = await connectSocket(dataDir);
  if (!connection) return undefined;
  return { kind: 'pglite', db: drizzleOver(connection.client), close: async () => connection.close() };
}
