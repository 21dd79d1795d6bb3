// The thread that owns PGlite. Postgres compiled to WebAssembly runs each statement synchronously, so on
// the server's own thread a long statement would stall every request and the data directory lock's
// refresh; here it stalls only other statements. The main thread talks to it through
// pgliteProtocol.ts; operator commands reach it through a Unix socket (pgliteSocket.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { batching, type Request, type Response } from './pgliteProtocol.ts';
import { openSession } from './pgliteSession.ts';
import { serveSocket } from './pgliteSocket.ts';

export interface WorkerData {
  /** PGlite's files. */
  directory: string;
  /** Where operator commands connect; none when undefined. */
  socketPath?: string;
}

export type ToWorker = Request[] | { op: 'close' };
export type FromWorker =
  | { ready: true; socketProblem?: string }
  | { failed: string }
  | { closed: true }
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
const { directory, socketPath } = workerData as WorkerData;

try {
  const client = new PGlite(directory, { parsers: drizzleParsers });
  await client.waitReady;
  const session = openSession(
    client,
    batching<Response>((responses) => port.postMessage(responses satisfies FromWorker)),
  );
  let socketProblem: string | undefined;
  const socket = socketPath
    ? await serveSocket(client, socketPath).catch((error: Error) => {
        socketProblem = `Operator commands cannot reach this database (${error.message}): run them with it closed.`;
        return undefined;
      })
    : undefined;
  port.on('message', async (message: ToWorker) => {
    if (Array.isArray(message)) {
      for (const request of message) void session.handle(request);
      return;
    }
    await socket?.close();
    await session.end();
    await client.close();
    port.postMessage({ closed: true } satisfies FromWorker);
    port.close();
  });
  port.postMessage({ ready: true, socketProblem } satisfies FromWorker);
} catch (error) {
  port.postMessage({ failed: (error as Error).message } satisfies FromWorker);
}
