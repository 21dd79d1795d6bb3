// The thread that owns PGlite. Postgres compiled to WebAssembly runs each statement synchronously, so on
// the server's own thread a long statement would stall every request and the data directory lock's
// refresh; here it stalls only other statements. The main thread talks to it through
// pgliteProtocol.ts (operator commands reach the server through its admin API, not here).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { batching, type Request, type Response } from './pgliteProtocol.ts';
import { openSession } from './pgliteSession.ts';

export interface WorkerData {
  /** PGlite's files. */
  directory: string;
}

export type ToWorker = Request[] | { op: 'close' } | { op: 'dumpDataDir' };
export type FromWorker =
  | { ready: true }
  | { failed: string }
  | { closed: true }
  | { dataDir: ArrayBuffer }
  | { dumpFailed: string }
  | Response[];

// drizzle asks for dates and intervals as text (it converts them itself); installing those parsers on
// the instance gives the same results as drizzle's per-query parsers, which cannot cross threads.
const asText = (value: string) => value;
const drizzleParsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

const port = parentPort;
if (!port) throw new Error('pgliteWorker.ts runs as a worker thread');
const { directory } = workerData as WorkerData;

try {
  const client = new PGlite(directory, { parsers: drizzleParsers });
  await client.waitReady;
  const session = openSession(
    client,
    batching<Response>((responses) => port.postMessage(responses satisfies FromWorker)),
  );
  port.on('message', async (message: ToWorker) => {
    if (Array.isArray(message)) {
      for (const request of message) void session.handle(request);
      return;
    }
    if (message.op === 'dumpDataDir') {
      try {
        // Taken as a transaction is (an empty one), so no other is half-done in the copy.
        const tarball = await client.transaction(() => client.dumpDataDir('none'));
        const bytes = await tarball.arrayBuffer();
        port.postMessage({ dataDir: bytes } satisfies FromWorker, [bytes]);
      } catch (error) {
        port.postMessage({ dumpFailed: (error as Error).message } satisfies FromWorker);
      }
      return;
    }
    await session.end();
    await client.close();
    port.postMessage({ closed: true } satisfies FromWorker);
    port.close();
  });
  port.postMessage({ ready: true } satisfies FromWorker);
} catch (error) {
  port.postMessage({ failed: (error as Error).message } satisfies FromWorker);
}
