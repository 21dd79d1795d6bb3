// PGlite is Postgres in one process: a second process opening the same data directory corrupts it.
// A lock file holding the owner's pid makes the second opener fail at once with a clear message.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface LockOwner {
  pid: number;
  hostname: string;
  since: string;
}

// Directories this process holds: our own pid in a lock file is stale only if we do not hold it.
const heldHere = new Set<string>();

function lockFileFor(dataDir: string) {
  return path.join(dataDir, 'pglite.lock');
}

function readOwner(file: string): LockOwner | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
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

/** True when the recorded owner has gone (crash, kill -9, container restart reusing our pid). */
function isStale(owner: LockOwner | undefined, dataDir: string) {
  if (!owner || typeof owner.pid !== 'number') return true;
  if (owner.hostname !== os.hostname()) return false; // another machine on a shared disk: assume alive
  if (owner.pid === process.pid) return !heldHere.has(dataDir);
  return !isAlive(owner.pid);
}

function tryCreate(file: string) {
  const owner: LockOwner = { pid: process.pid, hostname: os.hostname(), since: new Date().toISOString() };
  try {
    fs.writeFileSync(file, JSON.stringify(owner), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Takes the data directory for this process or throws DataDirLockedError naming the owner.
 * Returns the function that gives it back.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFileFor(dataDir);
  let acquired = tryCreate(file);
  if (!acquired) {
    const owner = readOwner(file);
    if (!isStale(owner, dataDir)) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by another process (pid ${owner?.pid} on ${owner?.hostname}). ` +
          'PGlite allows one process per data directory: stop that process first (e.g. the `npm run serve` ' +
          'server), or set DATABASE_URL to use a PostgreSQL server, which any number of processes can share.',
      );
    }
    // The owner is gone: a crash left the file behind. Take it over.
    fs.rmSync(file, { force: true });
    acquired = tryCreate(file);
    if (!acquired)
      throw new DataDirLockedError(`Another process took ${dataDir} at the same moment; try again.`);
  }
  heldHere.add(dataDir);
  return () => {
    heldHere.delete(dataDir);
    if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}
