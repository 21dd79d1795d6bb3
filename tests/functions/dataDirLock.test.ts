// The PGlite data directory lock: a live owner is refused at once however long ago it refreshed its
// lock (a paused server keeps its database), a crashed one is taken over: at once on this host, and
// within the stale period when it was another host (a container recreated elsewhere on the same volume);
// of two starters racing for an abandoned lock exactly one wins. "Another host" is a real process that names a different hostname in its lock.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  currentPidNamespace,
  defaultStaleMs,
  judgeLock,
  type LockOptions,
  type LockOwner,
  lockDataDir,
  processStartTime,
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

  it("judges a lock on this host by its process, whatever its age, and another host's by its refreshes", () => {
    const bootId = 'boot-1';
    const here = { hostname: 'web-1', pid: process.pid, holds: false, bootId };
    const owner = (hostname: string, pid: number, extra: Partial<LockOwner> = {}): LockOwner => ({
      pid,
      hostname,
      since: '',
      token: 'x',
      ...extra,
    });
    const gonePid = 2 ** 22 + 12_345;
    const parentStarted = processStartTime(process.ppid);
    expect(defaultStaleMs).toBeLessThanOrEqual(20_000);
    expect(judgeLock({ owner: owner('web-1', process.ppid), ageMs: 1000 }, here)).toBe('alive');
    expect(judgeLock({ owner: owner('web-1', gonePid), ageMs: 1000 }, here)).toBe('abandoned');
    // Our own pid in a lock we do not hold: a recreated container that reused the pid.
    expect(judgeLock({ owner: owner('web-1', process.pid), ageMs: 1000 }, here)).toBe('abandoned');
    expect(judgeLock({ owner: owner('web-1', process.pid), ageMs: 1000 }, { ...here, holds: true })).toBe(
      'alive',
    );
    // A live owner that has not refreshed for an hour (paused, or a statement that never yields) keeps it.
    const hour = 3_600_000;
    const live = owner('web-1', process.ppid, { bootId, startTime: parentStarted });
    expect(judgeLock({ owner: live, ageMs: hour }, here)).toBe('alive');
    // The same pid started at another moment is another process; a pid from an earlier boot is gone.
    expect(judgeLock({ owner: live, ageMs: 1000 }, { ...here, startTimeOf: () => '1' })).toBe('abandoned');
    expect(judgeLock({ owner: { ...live, bootId: 'boot-0' }, ageMs: 1000 }, here)).toBe('abandoned');
    expect(judgeLock({ owner: owner('web-0', gonePid), ageMs: 1000 }, here)).toBe('watch');
    expect(judgeLock({ owner: owner('web-0', gonePid), ageMs: defaultStaleMs + 1 }, here)).toBe('abandoned');
    expect(judgeLock({ ageMs: 0 }, here)).toBe('abandoned');
  });

  it('judges a lock from another pid namespace with our hostname (a second container) by its refreshes', () => {
    const ours = currentPidNamespace();
    expect(ours).toMatch(/^pid:\[\d+\]$/);
    const here = { hostname: 'web-1', pid: process.pid, holds: false, bootId: 'boot-1', pidNamespace: ours };
    // Its pid 1 is alive here too, and means nothing: a live container's fresh lock is watched, not
    // judged abandoned by a pid that may not exist here, nor alive by one that is another process.
    const other = {
      pid: 1,
      hostname: 'web-1',
      since: '',
      token: 'x',
      bootId: 'boot-1',
      pidNamespace: 'pid:[1]',
    };
    expect(judgeLock({ owner: other, ageMs: 1000 }, here)).toBe('watch');
    expect(judgeLock({ owner: { ...other, pid: 2 ** 22 + 12_345 }, ageMs: 1000 }, here)).toBe('watch');
    expect(judgeLock({ owner: other, ageMs: defaultStaleMs + 1 }, here)).toBe('abandoned');
    // The same namespace: the process decides, as before.
    expect(judgeLock({ owner: { ...other, pid: process.ppid, pidNamespace: ours }, ageMs: 1000 }, here)).toBe(
      'alive',
    );
  });

  it('names its pid namespace in the lock it writes', async () => {
    const dir = tempDir('lock-namespace');
    const release = await lockDataDir(dir);
    try {
      const owner = JSON.parse(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8')) as LockOwner;
      expect(owner.pidNamespace).toBe(currentPidNamespace());
    } finally {
      release();
    }
  });

  it('of two starters racing for an abandoned lock, exactly one wins, every time', async () => {
    const rounds = 40;
    const dirs = Array.from({ length: rounds }, () => tempDir('lock-race'));
    const gonePid = 2 ** 22 + 12_345;
    dirs.forEach((dir, i) => {
      // Alternately a dead process on this host and another host's lock nobody refreshed.
      const owner: LockOwner =
        i % 2 === 0
          ? { pid: gonePid, hostname: os.hostname(), since: '', token: `dead-${i}` }
          : { pid: gonePid, hostname: 'gone-host', since: '', token: `stale-${i}` };
      fs.writeFileSync(lockFile(dir), JSON.stringify(owner));
      const refreshedAt = new Date(Date.now() - defaultStaleMs - 5000);
      fs.utimesSync(lockFile(dir), refreshedAt, refreshedAt);
    });
    // Both starters begin each round at the same wall-clock moment, spinning for the last few ms.
    const first = Date.now() + 4000;
    const startAt = dirs.map((_, i) => first + i * 40);
    const racers = [racer(dirs, startAt), racer(dirs, startAt)];
    const results = await Promise.all(racers.map((r) => r.results));
    for (let i = 0; i < rounds; i++) {
      const outcomes = results.map((r) => r[i]);
      expect(
        outcomes.filter((o) => o === 'won'),
        `round ${i}: ${outcomes.join(', ')}`,
      ).toHaveLength(1);
      expect(
        outcomes.filter((o) => o === 'refused'),
        `round ${i}: ${outcomes.join(', ')}`,
      ).toHaveLength(1);
      const winner = racers[outcomes.indexOf('won')]?.child.pid;
      expect(JSON.parse(fs.readFileSync(lockFile(dirs[i] ?? ''), 'utf8')).pid).toBe(winner);
      expect(fs.readdirSync(dirs[i] ?? '')).toEqual(['pglite.lock']);
    }
  });
});

// Races for the lock of each directory in turn at the given moments; prints what happened in each.
const racerScript = `
const { lockDataDir } = await import(process.argv[1]);
const dirs = JSON.parse(process.argv[2]);
const startAt = JSON.parse(process.argv[3]);
const results = [];
for (const [i, dir] of dirs.entries()) {
  const wait = startAt[i] - Date.now() - 5;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  while (Date.now() < startAt[i]) {}
  try {
    await lockDataDir(dir);
    results.push('won');
  } catch (error) {
    results.push(error.name === 'DataDirLockedError' ? 'refused' : 'failed: ' + error.message);
  }
}
console.log(JSON.stringify(results));
setInterval(() => {}, 1000);
`;

function racer(dirs: string[], startAt: number[]) {
  const child = spawn(process.execPath, [
    '--input-type=module',
    '-e',
    racerScript,
    lockModule,
    JSON.stringify(dirs),
    JSON.stringify(startAt),
  ]);
  children.push(child);
  let output = '';
  const results = new Promise<string[]>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(JSON.parse(output));
    });
    child.on('exit', (code) => reject(new Error(`a racer exited with ${code}`)));
  });
  return { child, results };
}

describeDb('a server paused for 20 s', () => {
  it('keeps its database: a second server refuses to start, and the first serves again after SIGCONT', async () => {
    const env: Record<string, string> = {
      ...(await freshDatabaseEnv()),
      CONTENT_DIR: makeContentDir(),
      DIST_DIR: makeDistDir(),
    };
    const owner = await startServe(env);
    try {
      owner.child.kill('SIGSTOP');
      const pausedAt = performance.now();
      // Past the stale period: the lock file's age alone would call the owner gone.
      await sleep(defaultStaleMs + 1000);
      const file = lockFile(env.DATA_DIR ?? '');
      expect(Date.now() - fs.statSync(file).mtimeMs).toBeGreaterThan(defaultStaleMs);
      const second = await startServe(env).then(
        async (served) => {
          await served.stop();
          return 'started';
        },
        (error: Error) => error.message,
      );
      expect(second).toMatch(/serve exited \(code 1,[\s\S]*in use by another process \(pid \d+ on /);
      await sleep(Math.max(0, 20_000 - (performance.now() - pausedAt)));
      owner.child.kill('SIGCONT');
      expect((await getJson(`${owner.url}/api/health`)).status).toBe(200);
      // Past a refresh period: it found its own lock and carries on.
      await sleep(defaultStaleMs / 3 + 1000);
      expect(owner.child.exitCode).toBeNull();
      expect((await getJson(`${owner.url}/api/health`)).status).toBe(200);
      expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(owner.child.pid);
    } finally {
      owner.child.kill('SIGCONT');
      await owner.stop();
    }
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
