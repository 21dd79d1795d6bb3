// PGlite is Postgres in one process: a second process opening the same data directory corrupts it.
// The lock file names its owner (pid, host) and the owner touches it every few seconds, so a second
// opener is refused at once while the owner lives, and a crashed owner's lock is taken over: at once
// when the owner was on this host and its pid is gone, or once the lock stops being refreshed when the
// owner was elsewhere (a container recreated with a new hostname on the same volume).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface LockOwner {
  pid: number;
  hostname: string;
  since: string;
  /** Tells this holding apart from an earlier one with the same pid and host. */
  token: string;
}

export interface LockOptions {
  /** The host this process names in the lock; os.hostname() unless a test plays another machine. */
  hostname?: string;
  /** A lock not refreshed for this long is abandoned; the owner refreshes it every third of it. */
  staleMs?: number;
}

/** 15 s: a crashed owner elsewhere is replaced within 15 s of its last refresh, well inside 30 s. */
export const defaultStaleMs = 15_000;

export type Verdict = 'alive' | 'abandoned' | 'watch';

// Directories this process holds: our own pid in a lock file is stale only if we do not hold it.
const heldHere = new Set<string>();

function lockFileFor(dataDir: string) {
  return path.join(dataDir, 'pglite.lock');
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isOwner(value: unknown): value is LockOwner {
  const owner = value as Partial<LockOwner> | null;
  return (
    typeof owner?.pid === 'number' && typeof owner.hostname === 'string' && typeof owner.token === 'string'
  );
}

/** The lock's owner and how long ago it was last refreshed; undefined when there is no lock file. */
function readLock(file: string): { owner?: LockOwner; ageMs: number; mtimeMs: number } | undefined {
  try {
    const { mtimeMs } = fs.statSync(file);
    let owner: LockOwner | undefined;
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (isOwner(parsed)) owner = parsed;
    } catch {
      owner = undefined;
    }
    return { owner, ageMs: Date.now() - mtimeMs, mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * What a lock file found on opening says about its owner: `alive` (refuse), `abandoned` (take it
 * over), or `watch` (another host's fresh lock: alive only if it is refreshed while we look).
 */
export function judgeLock(
  lock: { owner?: LockOwner; ageMs: number },
  here: { hostname: string; pid: number; holds: boolean },
  staleMs = defaultStaleMs,
): Verdict {
  const { owner } = lock;
  // Unreadable, written by a version that did not refresh it, or no longer refreshed: its owner stopped.
  if (!owner || lock.ageMs > staleMs) return 'abandoned';
  if (owner.hostname !== here.hostname) return 'watch';
  if (owner.pid === here.pid) return here.holds ? 'alive' : 'abandoned';
  return isAlive(owner.pid) ? 'alive' : 'abandoned';
}

/** Creates the lock file with its whole content in one step (link fails if it exists). */
function tryCreate(file: string, owner: LockOwner) {
  const temporary = `${file}.${owner.token}`;
  fs.writeFileSync(temporary, JSON.stringify(owner));
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** Removes the lock file if it still belongs to the holding we judged (another opener may have won). */
function removeIfStill(file: string, token: string | undefined) {
  const current = readLock(file);
  if (current && current.owner?.token === token) fs.rmSync(file, { force: true });
}

function refusal(dataDir: string, owner: LockOwner | undefined, staleMs: number) {
  const file = lockFileFor(dataDir);
  return new DataDirLockedError(
    `The embedded database in ${dataDir} is in use by another process (pid ${owner?.pid} on ${owner?.hostname}). ` +
      'PGlite allows one process per data directory: stop that process first (e.g. the `npm run serve` ' +
      'server), or set DATABASE_URL to use a PostgreSQL server, which any number of processes can share. ' +
      `If that process is gone (its machine or container removed), start again in ${Math.ceil(staleMs / 1000)} s: ` +
      `its lock is taken over once nobody refreshes it; or delete ${file} to take it over now.`,
  );
}

/**
 * Takes the data directory for this process or throws DataDirLockedError naming the owner and how to
 * recover. A fresh lock of another host is watched for up to `staleMs` before it is taken over.
 * Returns the function that gives the directory back.
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<() => void> {
  const hostname = options.hostname ?? os.hostname();
  const staleMs = options.staleMs ?? defaultStaleMs;
  const refreshMs = staleMs / 3;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFileFor(dataDir);
  const me: LockOwner = { pid: process.pid, hostname, since: new Date().toISOString(), token: randomUUID() };

  let watched: { token?: string; mtimeMs: number; since: number } | undefined;
  while (!tryCreate(file, me)) {
    const lock = readLock(file);
    if (!lock) continue; // released between our attempt and our look
    const verdict = judgeLock(lock, { hostname, pid: process.pid, holds: heldHere.has(dataDir) }, staleMs);
    if (verdict === 'alive') throw refusal(dataDir, lock.owner, staleMs);
    if (verdict === 'watch') {
      if (!watched || watched.token !== lock.owner?.token) {
        console.warn(
          `${file} names pid ${lock.owner?.pid} on ${lock.owner?.hostname}; ` +
            `waiting up to ${Math.ceil(staleMs / 1000)} s to see whether it is still running.`,
        );
        watched = { token: lock.owner?.token, mtimeMs: lock.mtimeMs, since: Date.now() };
      } else if (lock.mtimeMs !== watched.mtimeMs) {
        throw refusal(dataDir, lock.owner, staleMs); // refreshed while we looked: its owner lives
      }
      // Our own clock decides too, so a skewed clock on the other host cannot keep us waiting forever.
      if (Date.now() - watched.since <= staleMs) {
        await sleep(Math.min(250, refreshMs / 2));
        continue;
      }
    }
    removeIfStill(file, lock.owner?.token);
  }

  heldHere.add(dataDir);
  const refresh = setInterval(() => {
    const lock = readLock(file);
    if (lock && lock.owner?.token !== me.token) {
      // Someone took the directory over (we stalled past staleMs, or the file was deleted by hand and
      // another process started): two writers corrupt PGlite, so this process must stop now.
      console.error(
        `Lost the lock on ${dataDir} to pid ${lock.owner?.pid} on ${lock.owner?.hostname}; stopping.`,
      );
      process.exit(1);
    }
    try {
      if (lock) fs.utimesSync(file, new Date(), new Date());
      else tryCreate(file, me); // deleted by hand while we run: put it back
    } catch {
      // The directory itself is gone (a test's temporary folder): nothing left to guard.
    }
  }, refreshMs);
  refresh.unref();

  return () => {
    clearInterval(refresh);
    heldHere.delete(dataDir);
    removeIfStill(file, me.token);
  };
}
