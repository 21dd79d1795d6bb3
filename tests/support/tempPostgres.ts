// A throwaway PostgreSQL cluster on a loopback port, for the benchmark and the functions tests.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface TempPostgres {
  /** Connection URL of the `postgres` database as the `postgres` superuser (trust auth, loopback only). */
  url: string;
  stop(): Promise<void>;
}

const installHint = 'apt-get install -y postgresql   (Debian/Ubuntu; CI does this)';

function findBinDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(base, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Finds (or, as root, installs) PostgreSQL; returns the reason it cannot when it cannot. */
export function locatePostgres(): { bin: string } | { missing: string } {
  let bin = findBinDir();
  if (!bin && process.getuid?.() === 0) {
    spawnSync('apt-get', ['install', '-y', '-q', 'postgresql'], { stdio: 'ignore', timeout: 300_000 });
    bin = findBinDir();
  }
  return bin
    ? { bin }
    : {
        missing: `PostgreSQL server binaries not found in /usr/lib/postgresql/*/bin. Install them: ${installHint}`,
      };
}

// Postgres refuses to run as root: as root, run it as the `postgres` system user.
const asRoot = process.getuid?.() === 0;

function runAsPostgres(bin: string, command: string, args: string[]) {
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { stdio: 'pipe' })
    : execFileSync(path.join(bin, command), args, { stdio: 'pipe' });
}

/**
 * Stops the clusters still running under `root` (their temp dirs are named `ia-postgres-*`): pg_ctl
 * starts a cluster apart from the test process, so a run cut short leaves it behind.
 */
export function stopLeftoverClusters(root: string): void {
  const bin = findBinDir();
  if (!bin || !fs.existsSync(root)) return;
  for (const entry of fs.readdirSync(root)) {
    const dataDir = path.join(root, entry, 'data');
    if (!entry.startsWith('ia-postgres-') || !fs.existsSync(path.join(dataDir, 'postmaster.pid'))) continue;
    try {
      runAsPostgres(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already stopping or gone.
    }
  }
}

/**
 * Starts a cluster in a temp dir. `durable: false` turns fsync off, which is fine for tests (the
 * cluster is deleted afterwards) but not for the benchmark's figures.
 */
export async function startTempPostgres(bin: string, { durable = false } = {}): Promise<TempPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ia-postgres-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (command: string, args: string[]) => runAsPostgres(bin, command, args);
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=300',
    ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  run('pg_ctl', [
    '-D',
    dataDir,
    '-o',
    options,
    '-l',
    path.join(dir, 'postgres.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
  return {
    // A generous connect timeout: on a busy two-core machine (a cold build beside the tests) a server's
    // first connection has taken over the default 5 s.
    url: `postgres://postgres@127.0.0.1:${port}/postgres?connect_timeout=30`,
    stop: async () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
