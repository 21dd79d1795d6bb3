// PGlite is Postgres in one process: a second process opening the same data directory corrupts it.
// The lock file names its owner (pid, start time, boot, pid namespace, host) and the owner touches it
// every few seconds. On this host, in this pid namespace, the owner's process decides: while it runs (the same pid, started at the same
// moment of the same boot) the lock is never taken, however long ago it was refreshed, so a paused
// owner (SIGSTOP, a debugger, a frozen container) keeps its database. An owner on another host (a
// container recreated with a new hostname on the same volume), or in another pid namespace (a second
// container given the same hostname, where a pid names another process), cannot be asked, so its lock
// is abandoned only once nobody refreshes it. Taking over an abandoned lock is atomic: of two starters
// racing for it, exactly one wins.
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

export type Verdict = 'alive' | 'abandoned' | 'watch';

// Directories this process holds: our own pid in a lock file is stale only if we do not hold it.
const heldHere = new Set<string>();

function lockFileFor(dataDir: string) {
  return path.join(dataDir, 'pglite.lock');
}

function readOptional(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** This boot's id, or undefined where the kernel does not say (not Linux). */
export function currentBootId(): string | undefined {
  return readOptional('/proc/sys/kernel/random/boot_id')?.trim() || undefined;
}

/** This process's pid namespace (`pid:[4026531836]`), or undefined where the kernel does not say. */
export function currentPidNamespace(): string | undefined {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

/** When `pid` started (field 22 of /proc/<pid>/stat), or undefined when unknown or gone. */
export function processStartTime(pid: number): string | undefined {
  const stat = readOptional(`/proc/${pid}/stat`);
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields?.[19];
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

interface LockState {
  owner?: LockOwner;
  ageMs: number;
  mtimeMs: number;
}

/** The lock's owner and how long ago it was last refreshed; undefined when there is no lock file. */
function readLock(file: string): LockState | undefined {
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

export interface Here {
  hostname: string;
  pid: number;
  holds: boolean;
  bootId?: string;
  pidNamespace?: string;
  /** The start time of a pid on this host (processStartTime unless a test plays a recycled pid). */
  startTimeOf?: (pid: number) => string | undefined;
}

/**
 * What a lock file found on opening says about its owner: `alive` (refuse), `abandoned` (take it
 * over), or `watch` (another host's fresh lock: alive only if it is refreshed while we look).
 */
export function judgeLock(
  lock: { owner?: LockOwner; ageMs: number },
  here: Here,
  staleMs = defaultStaleMs,
): Verdict {
  const { owner } = lock;
  // Unreadable, or written by a version that did not say who wrote it: its owner stopped.
  if (!owner) return 'abandoned';
  if (owner.hostname !== here.hostname) return lock.ageMs > staleMs ? 'abandoned' : 'watch';
  // This host: the process itself is the proof, whatever the file's age.
  if (owner.bootId && here.bootId && owner.bootId !== here.bootId) return 'abandoned';
  // Another pid namespace (a container with our hostname): its pid cannot be asked here, like another host's.
  if (owner.pidNamespace && here.pidNamespace && owner.pidNamespace !== here.pidNamespace) {
    return lock.ageMs > staleMs ? 'abandoned' : 'watch';
  }
  if (owner.pid === here.pid) return here.holds ? 'alive' : 'abandoned';
  if (!isAlive(owner.pid)) return 'abandoned';
  const startTime = (here.startTimeOf ?? processStartTime)(owner.pid);
  if (owner.startTime && startTime && owner.startTime !== startTime) return 'abandoned'; // a recycled pid
  return 'alive';
}

function writeTemporary(file: string, owner: LockOwner) {
  const temporary = `${file}.${owner.token}.${randomUUID()}`;
  fs.writeFileSync(temporary, JSON.stringify(owner));
  return temporary;
}

/** Creates `file` with its whole content in one step (link fails if it exists). */
function tryCreate(file: string, owner: LockOwner) {
  const temporary = writeTemporary(file, owner);
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

/**
 * Replaces `file`, judged abandoned while it held `staleToken`, with `me`. Only the starter that
 * creates the takeover marker for that holding (exclusively: link fails when it exists) may replace
 * it, and it does so with one rename after checking the file still holds that token; a starter that
 * lost the marker returns false and looks again. A marker left by a starter that died in between is
 * itself taken over the same way. True when `file` now names `me`.
 */
function takeOver(file: string, staleToken: string | undefined, me: LockOwner, here: Here, staleMs: number) {
  const marker = `${file}.takeover-${staleToken ?? 'unreadable'}`;
  if (!tryCreate(marker, me)) {
    const holder = readLock(marker);
    if (!holder || judgeLock(holder, here, staleMs) !== 'abandoned') return false;
    if (!takeOver(marker, holder.owner?.token, me, here, staleMs)) return false;
  }
  try {
    const current = readLock(file);
    if (!current || current.owner?.token !== staleToken) return false;
    const temporary = writeTemporary(file, me);
    try {
      fs.renameSync(temporary, file);
    } catch (error) {
      fs.rmSync(temporary, { force: true });
      throw error;
    }
    return true;
  } finally {
    if (readLock(marker)?.owner?.token === me.token) fs.rmSync(marker, { force: true });
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
  makePrivateDir(dataDir);
  const file = lockFileFor(dataDir);
  const bootId = currentBootId();
  const pidNamespace = currentPidNamespace();
  const me: LockOwner = {
    pid: process.pid,
    hostname,
    since: new Date().toISOString(),
    token: randomUUID(),
    bootId,
    startTime: processStartTime(process.pid),
    pidNamespace,
  };

  let watched: { token?: string; mtimeMs: number; since: number } | undefined;
  while (!tryCreate(file, me)) {
    const lock = readLock(file);
    if (!lock) continue; // released between our attempt and our look
    const here = { hostname, pid: process.pid, holds: heldHere.has(dataDir), bootId, pidNamespace };
    const verdict = judgeLock(lock, here, staleMs);
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
    if (takeOver(file, lock.owner?.token, me, here, staleMs)) break;
    // Another starter is taking it over: look again once it is done.
    await sleep(10);
  }

  heldHere.add(dataDir);
  const refresh = setInterval(() => {
    const lock = readLock(file);
    if (lock && lock.owner?.token !== me.token) {
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
  }, refreshMs);
  refresh.unref();

  return () => {
    clearInterval(refresh);
    heldHere.delete(dataDir);
    removeIfStill(file, me.token);
  };
}
