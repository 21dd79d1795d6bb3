// The admin API on a Unix socket in DATA_DIR (HTTP over the socket, as Docker's daemon answers its
// client): only the folder's owner reaches it (the socket is 0600), so it needs no password of its own.
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';

/** Where the server of `dataDir` answers the operator's commands. */
export const adminSocketPath = (dataDir: string) => path.join(dataDir, 'admin.sock');

/**
 * Serves `app` on the socket of `dataDir`, replacing one a crashed server left; where it cannot listen
 * (e.g. a path over the 107-byte limit), the problem to print.
 */
export async function serveAdminSocket(
  app: Pick<Hono, 'fetch'>,
  dataDir: string,
): Promise<{ close(): Promise<void> } | { problem: string }> {
  const socketPath = adminSocketPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Another live server on this folder answers; a dead one's file is only in the way.
  if (await answers(socketPath)) return { problem: `Another server answers on ${socketPath}.` };
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer(getRequestListener(app.fetch));
  // Created with no bits for others from the start, not only after a chmod: the socket is bound
  // within listen() itself, so the process's mask is narrowed for that call alone.
  const umask = process.umask(0o177);
  try {
    server.listen(socketPath);
  } finally {
    process.umask(umask);
  }
  try {
    await once(server, 'listening');
  } catch (error) {
    return { problem: `Operator commands cannot reach this server (${(error as Error).message}).` };
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A fetch that sends its request to the HTTP server on `socketPath`. */
export function socketFetch(socketPath: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const { method, headers, signal } = request;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = http.request(
        { socketPath, method, path: url.pathname + url.search, headers: Object.fromEntries(headers), signal },
        (incoming) => {
          const answer = Readable.toWeb(incoming) as ReadableStream<Uint8Array>;
          const headers = Object.entries(incoming.headers).filter((entry) => typeof entry[1] === 'string');
          resolve(
            new Response(answer, { status: incoming.statusCode, headers: headers as [string, string][] }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

/** Whether a server answers on `socketPath` (a file left by a crash does not). */
export async function answers(socketPath: string): Promise<boolean> {
  try {
    const health = await socketFetch(socketPath)('http://admin/health', {
      signal: AbortSignal.timeout(2000),
    });
    await health.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
