// The server's side of the admin socket (adminSocket.ts): the admin API served on DATA_DIR/admin.sock.
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { adminSocketPath, answers } from './adminSocket.ts';

/**
 * Serves `app` on the socket of `dataDir`, replacing one a crashed server left; where it cannot listen
 * (e.g. a path over the 107-byte limit), the problem to print.
 */
export async function serveAdminSocket(app: Pick<Hono, 'fetch'>, dataDir: string) {
  const socketPath = adminSocketPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Another live server on this folder answers; a dead one's file is only in the way.
  if (await answers(socketPath)) return { problem: `Another server answers on ${socketPath}.` };
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer(getRequestListener(app.fetch));
  // Created 0600, with no bits for others from the start: the socket is bound within listen() itself,
  // so the process's mask is narrowed for that call alone.
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
  return {
    close: () => {
      server.closeAllConnections();
      return server[Symbol.asyncDispose]();
    },
  };
}
