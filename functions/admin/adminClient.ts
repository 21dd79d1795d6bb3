// How a command reaches the admin API: the running server's, over its socket in DATA_DIR, or, with no
// server answering there, the same app in this process (adminHere.ts, loaded only then). Asking a
// running server loads no more than this, the socket's fetch and Hono's client.
import { setTimeout as sleep } from 'node:timers/promises';
import { hc } from 'hono/client';
import { dataDirOf } from '../dataDir.ts';
import type { AdminApp } from './adminApp.ts';
import { adminSocketPath, answers, socketFetch } from './adminSocket.ts';

export type AdminClient = ReturnType<typeof hc<AdminApp>>;

const overSocket = (socketPath: string) => hc<AdminApp>('http://admin', { fetch: socketFetch(socketPath) });

// A server that has just locked the folder answers on its socket a moment later.
const startWaitMs = 5000;

/** The API of the running site, or of the configured database opened here when no site answers. */
export async function connectAdmin(env: Record<string, string | undefined> = process.env) {
  const socketPath = adminSocketPath(dataDirOf(env));
  let until: number | undefined;
  for (; ; await sleep(200)) {
    if (await answers(socketPath))
      return { client: overSocket(socketPath), [Symbol.asyncDispose]: async () => {} };
    const { openAdminHere } = await import('./adminHere.ts');
    // Counted from here: loading the app takes seconds on a busy machine, which are not the wait.
    until ??= Date.now() + startWaitMs;
    const here = await openAdminHere(env, socketPath, Date.now() > until);
    if (here) return here;
  }
}
