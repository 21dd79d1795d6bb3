// Runs PGlite's pg_dump (WebAssembly, from @electric-sql/pglite-tools) on a copy of a data folder, in a
// thread of its own: the dump is one synchronous call of up to seconds, and on a copy its closing
// `DEALLOCATE ALL` and search_path reset touch no instance the site uses.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

export type FromDumpWorker = { sql: string } | { failed: string };

const port = parentPort;
if (!port) throw new Error('pgDumpWorker.ts runs as a worker thread');

try {
  const copy = await PGlite.create({ loadDataDir: new Blob([workerData as ArrayBuffer]) });
  try {
    // Owners and grants name roles of this machine; the target has its own.
    const file = await pgDump({ pg: copy, args: ['--no-owner', '--no-privileges'] });
    port.postMessage({ sql: await file.text() } satisfies FromDumpWorker);
  } finally {
    await copy.close();
  }
} catch (error) {
  port.postMessage({ failed: (error as Error).message } satisfies FromDumpWorker);
}
