// The PGlite data directory lock: a live owner is refused at once, a crashed one is taken over: at once
// on this host, and within the stale period when it was another host (a container recreated elsewhere
// on the same volume). "Another host" is a real process that names a different hostname in its lock.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  defaultStaleMs,
  judgeLock,
  type LockOptions,
  type LockOwner,
  lockDataDir,
} from '../../functions/db/dataDirLock.ts';
import { makeContentDir, makeDistDir } from '../support/fixtures.ts';
import { getJson } from '../support/http.ts';
import { repoRoot, startServe } from '../support/processes.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

const lockModule = pathToFileURL(path.join(repoRoot, 'functions/db/dataDirLock.ts')).href;
// Takes the lock with the given options, says so, and keeps running (and refreshing) until killed.
const holder = `
const { lockDataDir } = await import(process.argv[1]);
await lockDataDir(process.argv[2], JSON.parse(process.argv[3]));
console.log('locked');
setInterval(() => {}, 1000);
`;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Another process holding `dir`; resolves once it has the lock. */
async function holdInAnotherProcess(dir: string, options: LockOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, [
    '--input-type=module',
    '-e',
    holder,
    lockModule,
    dir,
    JSON.stringify(options),
  ]);
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return child;
}

async function killed(child: ChildProcess) {
  const exit = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exit;
}

async function timed<T>(work: Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work;
  return { ms: performance.now() - start, value };
}

const lockFile = (dir: string) => path.join(dir, 'pglite.lock');
const quick = { staleMs: 1500 };

describe('PGlite data directory lock', () => {
  it('lets one holder in, refuses a second at once saying how to recover, and gives the directory back', async () => {
    const dir = tempDir('lock');
    const release = await lockDataDir(dir);
    const { ms } = await timed(
      expect(lockDataDir(dir)).rejects.toThrow(/in use by another process \(pid \d+ on /),
    );
    expect(ms).toBeLessThan(1000);
    await expect(lockDataDir(dir)).rejects.toThrow(`delete ${lockFile(dir)} to take it over now`);
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    (await lockDataDir(dir))();
  });

  it('refuses at once a live owner in another process on this host', async () => {
    const dir = tempDir('lock');
    await holdInAnotherProcess(dir, {});
    const { ms } = await timed(expect(lockDataDir(dir)).rejects.toThrow(/in use by another process/));
    expect(ms).toBeLessThan(1000);
  });

  it('takes over at once from an owner on this host killed with -9', async () => {
    const dir = tempDir('lock');
    await killed(await holdInAnotherProcess(dir, {}));
    expect(fs.existsSync(lockFile(dir))).toBe(true);
    // With the default 15 s stale period, only the dead pid can explain a start this quick.
    const { ms, value: release } = await timed(lockDataDir(dir));
    expect(ms).toBeLessThan(1000);
    release();
  });

  it('takes over from an owner on another host once its lock is no longer refreshed', async () => {
    const dir = tempDir('lock');
    await killed(await holdInAnotherProcess(dir, { ...quick, hostname: 'vanished-container' }));
    const { ms, value: release } = await timed(lockDataDir(dir, quick));
    // It waited for the lock to go stale (the last refresh was at most a third of the period before the
    // kill), and no longer than the period.
    expect(ms).toBeGreaterThan(quick.staleMs * 0.6);
    expect(ms).toBeLessThan(quick.staleMs + 1000);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).hostname).toBe(os.hostname());
    release();
  });

  it('refuses a live owner on another host as soon as it sees it refresh its lock', async () => {
    const dir = tempDir('lock');
    const owner = await holdInAnotherProcess(dir, { ...quick, hostname: 'other-container' });
    const { ms } = await timed(
      expect(lockDataDir(dir, quick)).rejects.toThrow(
        /in use by another process \(pid \d+ on other-container\)/,
      ),
    );
    expect(ms).toBeLessThan(quick.staleMs);
    expect(owner.exitCode).toBeNull();
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).hostname).toBe('other-container');
  });

  it('with the defaults, takes over at once a lock nobody refreshed for longer than the stale period', async () => {
    const dir = tempDir('lock');
    const owner: LockOwner = {
      pid: process.pid,
      hostname: 'gone-host',
      since: '2026-01-01T00:00:00Z',
      token: 't',
    };
    fs.writeFileSync(lockFile(dir), JSON.stringify(owner));
    const refreshedAt = new Date(Date.now() - defaultStaleMs - 1000);
    fs.utimesSync(lockFile(dir), refreshedAt, refreshedAt);
    const { ms, value: release } = await timed(lockDataDir(dir));
    expect(ms).toBeLessThan(1000);
    release();
  });

  it('judges a lock by host, pid and last refresh, with a default that recovers well within 30 s', () => {
    const here = { hostname: 'web-1', pid: process.pid, holds: false };
    const owner = (hostname: string, pid: number): LockOwner => ({ pid, hostname, since: '', token: 'x' });
    const gonePid = 2 ** 22 + 12_345;
    expect(defaultStaleMs).toBeLessThanOrEqual(20_000);
    expect(judgeLock({ owner: owner('web-1', process.ppid), ageMs: 1000 }, here)).toBe('alive');
    expect(judgeLock({ owner: owner('web-1', gonePid), ageMs: 1000 }, here)).toBe('abandoned');
    // Our own pid in a lock we do not hold: a recreated container that reused the pid.
    expect(judgeLock({ owner: owner('web-1', process.pid), ageMs: 1000 }, here)).toBe('abandoned');
    expect(judgeLock({ owner: owner('web-1', process.pid), ageMs: 1000 }, { ...here, holds: true })).toBe(
      'alive',
    );
    // A live pid that stopped refreshing is someone else's process now.
    expect(judgeLock({ owner: owner('web-1', process.ppid), ageMs: defaultStaleMs + 1 }, here)).toBe(
      'abandoned',
    );
    expect(judgeLock({ owner: owner('web-0', gonePid), ageMs: 1000 }, here)).toBe('watch');
    expect(judgeLock({ owner: owner('web-0', gonePid), ageMs: defaultStaleMs + 1 }, here)).toBe('abandoned');
    expect(judgeLock({ ageMs: 0 }, here)).toBe('abandoned');
  });
});

describeDb('a server killed on one host', () => {
  it('starts on another host with the same data directory by itself within 30 s', async () => {
    const env: Record<string, string> = {
      ...(await freshDatabaseEnv()),
      CONTENT_DIR: makeContentDir(),
      DIST_DIR: makeDistDir(),
    };
    const first = await startServe(env);
    await first.stop('SIGKILL');
    // The lock as the old container left it: its hostname no longer exists, nor does its process.
    // Its last refresh is moved 10 s into the past, as if the new container came up that long after
    // the kill, so the test waits at most the last 5 s of the default stale period, not all 15.
    const file = lockFile(env.DATA_DIR ?? '');
    const lock = { ...JSON.parse(fs.readFileSync(file, 'utf8')), hostname: 'old-container' };
    fs.writeFileSync(file, JSON.stringify(lock));
    const sinceKill = defaultStaleMs - 5000;
    const refreshedAt = new Date(Date.now() - sinceKill);
    fs.utimesSync(file, refreshedAt, refreshedAt);
    // The lock's own wait, timed from the moment the new server says it found the old lock to the
    // moment the lock names this host, so a slow start on a busy machine does not count.
    let noticedAt: number | undefined;
    let takenAt: number | undefined;
    const watch = setInterval(() => {
      try {
        if (JSON.parse(fs.readFileSync(file, 'utf8')).hostname === os.hostname())
          takenAt ??= performance.now();
      } catch {
        // Between the old lock's removal and the new one's creation.
      }
    }, 20);
    const second = await startServe(env, (text) => {
      if (text.includes('waiting up to')) noticedAt ??= performance.now();
    }).finally(() => clearInterval(watch));
    try {
      // It took the lock over by itself, after waiting for it to go stale: at most the stale period
      // (15 s; slack for polling), so a restart serves within 30 s of the kill. A machine slow enough
      // to reach the lock only after it went stale takes it at once, without a word.
      expect(takenAt).toBeDefined();
      const waitedMs = noticedAt === undefined ? 0 : (takenAt ?? 0) - noticedAt;
      expect(waitedMs).toBeLessThan(defaultStaleMs + 1000);
      expect((await getJson(`${second.url}/api/health`)).status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});
