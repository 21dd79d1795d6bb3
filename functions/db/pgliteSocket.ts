// Operator commands reach the PGlite of a running server through a Unix socket in DATA_DIR, speaking
// pgliteProtocol.ts: each connection a session whose transactions are exclusive only while open, so
// a `newsletter send` or an `admin export` interleaves with the server's own statements instead of
// stopping them. Only the folder's owner can connect: the socket sits in a directory of mode 0700
// and is itself 0600. Messages are framed as a 4-byte length and the V8 serialisation of the value
// (what worker threads use), so rows keep their types (numbers, bytes, JSON).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import type { Request, Response } from './pgliteProtocol.ts';
import { openSession } from './pgliteSession.ts';
import { RemotePglite } from './remotePglite.ts';

/** The socket of the server holding `dataDir`. */
export function socketPathFor(dataDir: string) {
  return path.join(dataDir, 'socket', 'pglite.sock');
}

function write(socket: net.Socket, value: unknown) {
  const body = v8.serialize(value);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  socket.write(Buffer.concat([head, body]));
}

/** Calls `onValue` with each framed value arriving on `socket`. */
function readFrames(socket: net.Socket, onValue: (value: unknown) => void) {
  let buffered: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    while (buffered.length >= 4) {
      const length = buffered.readUInt32BE(0);
      if (buffered.length < 4 + length) break;
      const body = buffered.subarray(4, 4 + length);
      buffered = buffered.subarray(4 + length);
      try {
        onValue(v8.deserialize(body));
      } catch {
        socket.destroy(); // not one of ours
        return;
      }
    }
  });
}

/** Listens on `socketPath` for operator commands. The caller holds the data directory's lock. */
export async function serveSocket(client: PGlite, socketPath: string): Promise<{ close(): Promise<void> }> {
  const directory = path.dirname(socketPath);
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  fs.chmodSync(directory, 0o700);
  // Left by a server that crashed: we hold the lock, so nobody listens on it.
  fs.rmSync(socketPath, { force: true });
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    const session = openSession(client, (response) => {
      if (!socket.destroyed) write(socket, response);
    });
    readFrames(socket, (request) => void session.handle(request as Request));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      connections.delete(socket);
      void session.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of connections) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Connects to the server holding `dataDir`; undefined when none listens (no socket, or one left by a
 * server that stopped).
 */
export async function connectSocket(
  dataDir: string,
): Promise<{ client: RemotePglite; close(): void } | undefined> {
  const socketPath = socketPathFor(dataDir);
  if (!fs.existsSync(socketPath)) return undefined;
  const socket = net.connect(socketPath);
  const connected = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
  });
  if (!connected) {
    socket.destroy();
    return undefined;
  }
  socket.unref();
  const client = new RemotePglite(
    (request) => write(socket, request),
    (waiting) => (waiting ? socket.ref() : socket.unref()),
  );
  readFrames(socket, (response) => client.receive(response as Response));
  socket.on('error', (error) =>
    client.stop(new Error(`The server's database connection failed: ${error.message}`)),
  );
  socket.on('close', () => client.stop(new Error('The server stopped while the command ran')));
  return { client, close: () => socket.end() };
}
