// The admin API on a Unix socket in DATA_DIR (HTTP over the socket, as Docker's daemon answers its
// client): only the folder's owner reaches it (the socket is 0600), so it needs no password of its own.
// This side is the commands' (node:http alone); the server's is socketServer.ts.
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';

/** Where the server of `dataDir` answers the operator's commands. */
export const adminSocketPath = (dataDir: string) => path.join(dataDir, 'admin.sock');

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
          // Read as sent, name and value in turn: a header sent more than once (several Set-Cookie) stays
          // several, where incoming.headers holds an array for Set-Cookie that a plain object cannot pass on.
          const received = new Headers();
          const raw = incoming.rawHeaders;
          for (let i = 0; i + 1 < raw.length; i += 2) received.append(raw[i] as string, raw[i + 1] as string);
          resolve(new Response(answer, { status: incoming.statusCode, headers: received }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

/**
 * What the server answering on `socketPath` says of itself (its address: SITE_URL, or where it listens);
 * undefined when none answers (a file left by a crash does not).
 */
export async function answers(socketPath: string): Promise<{ siteUrl: string } | undefined> {
  try {
    // A file left by a crash refuses at once. A live server under load can take seconds to answer, and
    // taking its silence for absence sent commands to the database behind its back (on PostgreSQL, with
    // the command's settings rather than the server's); one silent for 30 s is paused or hung.
    const health = await socketFetch(socketPath)('http://admin/health', {
      signal: AbortSignal.timeout(30_000),
    });
    return await health.json();
  } catch {
    return undefined;
  }
}
