// The thread that owns PGlite. Postgres compiled to WebAssembly runs each statement synchronously, so on
// the server's own thread a long statement would stall every request and the data directory lock's
// refresh; here it stalls only other statements. It runs the opener's requests (pgliteProtocol.ts).

import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { dumpArgs } from './dumpArgs.ts';
import { batching, type Request, type Response, sendableError } from './pgliteProtocol.ts';

// drizzle asks for dates and intervals as text (it converts them itself); installing those parsers on
// the instance gives the same results as drizzle's per-query parsers, which cannot cross threads.
// The arrays: numeric[] 1231, timestamp[] 1115, timestamptz[] 1185, interval[] 1187, date[] 1182.
const asText = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const drizzleParsers = Object.fromEntries(asText.map((type) => [type, (value: string) => value]));

class RolledBack extends Error {}

const port = parentPort;
if (!port) throw new Error('pgliteWorker.ts runs as a worker thread');
/** The site's data folder, a copy of one (a tarball from dumpDataDir) to dump, or an empty one in memory. */
export type PgliteSource = { dataDir: string } | { tarball: ArrayBuffer } | { scratch: true };
const source = workerData as PgliteSource;
// A failure to open ends this thread with an 'error' event, which fails the opener's requests.
const client = new PGlite(
  'dataDir' in source
    ? { dataDir: source.dataDir, parsers: drizzleParsers }
    : 'tarball' in source
      ? { loadDataDir: new Blob([source.tarball]), parsers: drizzleParsers }
      : { parsers: drizzleParsers },
);
await client.waitReady;

/** Transactions by number, each open until the opener commits or rolls it back (`finish`). */
const open = new Map<number, { tx: Transaction; finish: PromiseWithResolvers<void>; done: Promise<void> }>();
let nextTx = 1;

async function end(id: number, commit: boolean) {
  const transaction = open.get(id);
  if (!transaction) throw new Error(`No open transaction ${id}`);
  open.delete(id);
  if (commit) transaction.finish.resolve();
  else transaction.finish.reject(new RolledBack());
  await transaction.done.catch((error: unknown) => {
    if (commit || !(error instanceof RolledBack)) throw error;
  });
  return null;
}

async function run(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? client : open.get(request.tx)?.tx;
      if (!target) throw new Error(`No open transaction ${request.tx}`);
      return target.query(request.sql, request.params, { rowMode: request.rowMode });
    }
    case 'begin': {
      const id = nextTx++;
      const started = Promise.withResolvers<void>();
      const finish = Promise.withResolvers<void>();
      // PGlite runs the callback once it holds the transaction lock; it ends when the opener does.
      const done = client.transaction(async (tx) => {
        open.set(id, { tx, finish, done });
        started.resolve();
        await finish.promise;
      });
      // Before the callback ran (BEGIN failed) this is the answer; afterwards commit or rollback waits on it.
      done.catch(started.reject);
      await started.promise;
      return id;
    }
    case 'exec':
      await client.exec(request.sql);
      return null;
    case 'commit':
    case 'rollback':
      return end(request.tx, request.op === 'commit');
    case 'dumpDataDir': {
      // Taken as a transaction is (an empty one), so no other is half-done in the copy.
      const tarball = await client.transaction(() => client.dumpDataDir('none'));
      return tarball.arrayBuffer();
    }
    case 'pgDump': {
      // Run on a copy only (pglite.ts): see dumpCopy there.
      const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
      // Owners and grants name roles of this machine; the target has its own.
      return (await pgDump({ pg: client, args: [...dumpArgs] })).text();
    }
    case 'close':
      // Rolls back what the opener left open (it closed mid-transaction).
      for (const id of open.keys()) await end(id, false).catch(() => {});
      await client.close();
      return null;
  }
}

const reply = batching<Response>((responses) => port.postMessage(responses));
port.on('message', (requests: Request[]) => {
  for (const request of requests) {
    run(request).then(
      (result) => reply({ id: request.id, result }),
      (error: unknown) => reply({ id: request.id, error: sendableError(error) }),
    );
  }
});
