// PGlite is Postgres in one process: a second process opening the same data directory corrupts it.
// The lock file names its owner and the owner touches it every few seconds. On this host, in this pid
// namespace, the owner's process decides: while it runs the lock is never taken, however long ago it was
// refreshed, so a paused owner (SIGSTOP, a debugger, a frozen container) keeps its database. An owner on
// another host or in another pid namespace (a second container with our hostname) cannot be asked, so
// its lock is abandoned only once nobody refreshes it. Of two starters racing for an abandoned lock,
// exactly one wins: only the one that creates the takeover marker removes it, and creation is exclusive.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makePrivateDir } from '../privateFiles.ts';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface LockOwner {
  pid: number;
  hostname: string;
  since: string;
  /** Tells this holding apart from an earlier one with the same pid and host. */
  token: string;
  /** The kernel's id of the current boot (Linux): a pid from an earlier boot is not the owner. */
  bootId?: string;
  /** When the owner's process started, in clock ticks since boot (Linux): tells a recycled pid apart. */
  startTime?: string;
  /** The owner's pid namespace (Linux, `pid:[inode]`): its pid means something only in the same one. */
  pidNamespace?: string;
}

export interface LockOptions {
  /** The host this process names in the lock; os.hostname() unless a test plays another machine. */
  hostname?: string;
  /** Another host's lock not refreshed for this long is abandoned; the owner refreshes every third of it. */
  staleMs?: number;
}

/** 15 s: a crashed owner elsewhere is replaced within 15 s of its last refresh, well inside 30 s. */
export const defaultStaleMs = 15_000;

// Directories this process holds: our own pid in a lock file is stale only if we do not hold it.
const heldHere = new Set<string>();

/** What `read` returns, or undefined when it throws (a file gone or unreadable; no /proc: not Linux). */
function tryRead<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** This process's pid namespace (`pid:[4026531836]`), or undefined where the kernel does not say. */
export const currentPidNamespace = () => tryRead(() => fs.readlinkSync('/proc/self/ns/pid'));

/** When `pid` started (field 22 of /proc/<pid>/stat), or undefined when unknown or gone. */
export function processStartTime(pid: number): string | undefined {
  const stat = tryRead(() => fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function isAlive(pid: number) {
  try {
    return process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock's owner and how long ago it was last refreshed; undefined when there is no lock file. */
function readLock(file: string): { owner?: LockOwner; ageMs: number; mtimeMs: number } | undefined {
  const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  if (mtimeMs === undefined) return undefined;
  const owner: Partial<LockOwner> | undefined = tryRead(() => JSON.parse(fs.readFileSync(file, 'utf8')));
  const valid =
    typeof owner?.pid === 'number' && typeof owner.hostname === 'string' && typeof owner.token === 'string';
  return { owner: valid ? (owner as LockOwner) : undefined, ageMs: Date.now() - mtimeMs, mtimeMs };
}

/** This process, judging a lock; `holds`: this process holds the directory already. */
export type Here = Pick<LockOwner, 'hostname' | 'pid' | 'bootId' | 'pidNamespace'> & {
  holds: boolean;
  /** The start time of a pid on this host (processStartTime unless a test plays a recycled pid). */
  startTimeOf?: (pid: number) => string | undefined;
};

/**
 * What a lock file found on opening says about its owner: `alive` (refuse), `abandoned` (take it
 * over), or `watch` (another host's fresh lock: alive only if it is refreshed while we look).
 */
export function judgeLock(
  lock: { owner?: LockOwner; ageMs: number },
  here: Here,
  staleMs = defaultStaleMs,
): 'alive' | 'abandoned' | 'watch' {
  const { owner } = lock;
  // Unreadable, or written by a version that did not say who wrote it: its owner stopped.
  if (!owner) return 'abandoned';
  const byRefreshes = lock.ageMs > staleMs ? 'abandoned' : 'watch';
  if (owner.hostname !== here.hostname) return byRefreshes;
  // This host: the process itself is the proof, whatever the file's age.
  if (owner.bootId && here.bootId && owner.bootId !== here.bootId) return 'abandoned';
  // Another pid namespace (a container with our hostname): its pid cannot be asked here, like another host's.
  if (owner.pidNamespace && here.pidNamespace && owner.pidNamespace !== here.pidNamespace) return byRefreshes;
  if (owner.pid === here.pid) return here.holds ? 'alive' : 'abandoned';
  if (!isAlive(owner.pid)) return 'abandoned';
  const startTime = (here.startTimeOf ?? processStartTime)(owner.pid);
  if (owner.startTime && startTime && owner.startTime !== startTime) return 'abandoned'; // a recycled pid
  return 'alive';
}

/** Creates `file` with its whole content in one step (link fails if it exists). */
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

/** Removes `file` if it holds `token` (another opener may have replaced it meanwhile). */
function removeIfStill(file: string, token: string | undefined) {
  if (readLock(file)?.owner?.token === token) fs.rmSync(file, { force: true });
}

/**
 * Removes `file`, judged abandoned while it held `staleToken`, so that the next exclusive creation
 * wins it. Only the starter that creates the takeover marker for that holding (exclusively) may
 * remove it; a marker left by a starter that died in between is itself taken over the same way.
 * False when another starter holds the marker.
 */
function takeOver(file: string, staleToken: string | undefined, me: LockOwner, here: Here, staleMs: number) {
  const marker = `${file}.takeover-${staleToken ?? 'unreadable'}`;
  if (!tryCreate(marker, me)) {
    const holder = readLock(marker);
    if (!holder || judgeLock(holder, here, staleMs) !== 'abandoned') return false;
    if (!takeOver(marker, holder.owner?.token, me, here, staleMs) || !tryCreate(marker, me)) return false;
  }
  try {
    removeIfStill(file, staleToken);
    return true;
  } finally {
    removeIfStill(marker, me.token);
  }
}

function refusal(dataDir: string, file: string, owner: LockOwner | undefined, staleMs: number) {
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
  const { hostname = os.hostname(), staleMs = defaultStaleMs } = options;
  makePrivateDir(dataDir);
  const file = path.join(dataDir, 'pglite.lock');
  const me: LockOwner = {
    pid: process.pid,
    hostname,
    since: new Date().toISOString(),
    token: randomUUID(),
    bootId: tryRead(() => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()),
    startTime: processStartTime(process.pid),
    pidNamespace: currentPidNamespace(),
  };

  let watched: { token?: string; mtimeMs: number; since: number } | undefined;
  while (!tryCreate(file, me)) {
    const lock = readLock(file);
    if (!lock) continue; // released between our attempt and our look
    const here = { ...me, holds: heldHere.has(dataDir) };
    const verdict = judgeLock(lock, here, staleMs);
    if (verdict === 'alive') throw refusal(dataDir, file, lock.owner, staleMs);
    if (verdict === 'watch') {
      if (!watched || watched.token !== lock.owner?.token) {
        console.warn(
          `${file} names pid ${lock.owner?.pid} on ${lock.owner?.hostname}; ` +
            `waiting up to ${Math.ceil(staleMs / 1000)} s to see whether it is still running.`,
        );
        watched = { token: lock.owner?.token, mtimeMs: lock.mtimeMs, since: Date.now() };
      } else if (lock.mtimeMs !== watched.mtimeMs) {
        throw refusal(dataDir, file, lock.owner, staleMs); // refreshed while we looked: its owner lives
      }
      // Our own clock decides too, so a skewed clock on the other host cannot keep us waiting forever.
      if (Date.now() - watched.since <= staleMs) {
        await sleep(Math.min(250, staleMs / 6));
        continue;
      }
    }
    // Another starter is taking it over: look again once it is done.
    if (!takeOver(file, lock.owner?.token, me, here, staleMs)) await sleep(10);
  }

  heldHere.add(dataDir);
  const refresh = setInterval(() => {
    const lock = readLock(file);
    // Only a lock that names another owner is proof. A failed read (too many open files on a busy
    // machine) says nothing, and stopping on it would take the site down for nothing. An unparsable
    // file is judged abandoned by the next starter, whose valid lock then stops us here.
    if (lock?.owner && lock.owner.token !== me.token) {
      // Someone took the directory over (the file was deleted by hand and another process started,
      // or another host judged us gone): two writers corrupt PGlite, so this process must stop now.
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
  }, staleMs / 3).unref();

  return () => {
    clearInterval(refresh);
    heldHere.delete(dataDir);
    removeIfStill(file, me.token);
  };
}
