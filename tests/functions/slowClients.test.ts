// Slow or many clients cannot take the server: past MAX_CONNECTIONS a new connection is refused until
// one closes, and the site answers again as soon as one does.
import net from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { makeDistDir } from '../support/fixtures.ts';
import { type Served, startServe } from '../support/processes.ts';
import { freshDatabaseEnv } from '../support/testDb.ts';

/** A connection that sends nothing, as a slow client's does; resolves once it is open. */
function idleConnection(url: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Asks for a page on `socket` and tells whether the server closed it without a word (past its cap). */
const closedUnanswered = (socket: net.Socket) =>
  new Promise<boolean>((resolve) => {
    let answered = false;
    socket.on('data', () => {
      answered = true;
    });
    socket.on('error', () => {});
    socket.once('close', () => resolve(!answered));
    socket.write('GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  });

describe('a crowd of slow clients', () => {
  let server: Served | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses connections past MAX_CONNECTIONS, and serves again once one closes', async () => {
    server = await startServe({
      ...(await freshDatabaseEnv()),
      DIST_DIR: makeDistDir(),
      MAX_CONNECTIONS: '2',
    });
    const url = server.url;
    const slow = [await idleConnection(url), await idleConnection(url)];
    const third = await idleConnection(url);
    expect(await closedUnanswered(third)).toBe(true);
    slow[0]?.destroy();
    await vi.waitFor(async () => expect((await fetch(`${url}/about`)).status).toBe(200), { interval: 50 });
    slow[1]?.destroy();
  });
});
