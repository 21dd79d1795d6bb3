// `npm run bench` (not a test): starts the serve process on PGlite and on PostgreSQL and drives
// POST /api/subscribe (a new address and a new client each time, so the rate limit is checked and
// stored too), GET /api/articles/1/comments, and the same GET while subscriptions pour in beside it,
// with autocannon for a fixed time.
// Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), DATABASE_URL (a PostgreSQL to use
// instead of a throwaway local cluster; the bench writes rows into it).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { locatePostgres, startTempPostgres, type TempPostgres } from '../../tests/support/tempPostgres.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ia-bench-'));

interface Server {
  url: string;
  child: ChildProcess;
}

function startServe(env: Record<string, string>): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--import', './functions/node/startup.ts', 'functions/node/serve.ts'],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /serving (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (url) resolve({ url, child });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
}

function stop(server: Server) {
  return new Promise<void>((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.on('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

interface Row {
  database: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  statuses: string;
  errors: number;
}

let run = 0;
async function subscribeLoad(url: string, duration: number, clients = connections) {
  run++;
  let n = 0;
  return autocannon({
    url,
    connections: clients,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/subscribe',
        setupRequest: (request) => {
          n++;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              // A different client every time: the worst case for the rate-limit table.
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({ email: `bench-${process.pid}-${run}-${n}@example.com` }),
          };
        },
      },
    ],
  });
}

function commentsLoad(url: string, duration: number, clients = connections) {
  return autocannon({ url: `${url}/api/articles/1/comments`, connections: clients, duration });
}

// Readers while a burst of subscriptions runs beside them: a fifth of the connections read comments,
// the rest subscribe. The row shows the readers.
async function commentsDuringBurst(url: string, duration: number) {
  const readers = Math.max(1, Math.round(connections / 5));
  const [read] = await Promise.all([
    commentsLoad(url, duration, readers),
    subscribeLoad(url, duration, connections - readers),
  ]);
  return read;
}

async function benchDatabase(database: string, env: Record<string, string>): Promise<Row[]> {
  const distDir = path.join(scratch, 'dist');
  fs.mkdirSync(distDir, { recursive: true });
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>bench</title>');
  const server = await startServe({ ...env, DIST_DIR: distDir, TRUST_PROXY: 'true' });
  try {
    // Twenty published comments to read back.
    for (let i = 0; i < 20; i++) {
      await fetch(`${server.url}/api/articles/1/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i}` },
        body: JSON.stringify({
          name: `Reader ${i}`,
          comment: `Comment number ${i}, a sentence or two long.`,
          language: 'en',
        }),
      });
    }
    const rows: Row[] = [];
    for (const [route, load] of [
      ['POST /api/subscribe', subscribeLoad],
      ['GET /api/articles/1/comments', commentsLoad],
      ['GET /api/articles/1/comments during subscriptions', commentsDuringBurst],
    ] as const) {
      await load(server.url, 2); // warm-up, not counted
      const result = await load(server.url, seconds);
      const statuses = Object.entries(result.statusCodeStats)
        .map(([code, { count }]) => `${code}×${count}`)
        .join(' ');
      rows.push({
        database,
        route,
        rps: Math.round(result.requests.total / result.duration),
        p50: result.latency.p50,
        p99: result.latency.p99,
        statuses,
        errors: result.errors + result.timeouts,
      });
      console.error(`  ${database} ${route}: ${rows.at(-1)?.rps} req/s`);
    }
    return rows;
  } finally {
    await stop(server);
  }
}

async function main() {
  const rows: Row[] = [];
  console.error(
    `Benchmark: ${seconds} s per case, ${connections} connections, autocannon beside the server.`,
  );
  rows.push(...(await benchDatabase('PGlite', { DATA_DIR: path.join(scratch, 'data') })));

  let cluster: TempPostgres | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const found = locatePostgres();
    if ('missing' in found) console.error(`Skipping PostgreSQL: ${found.missing}`);
    else {
      // Real durability settings (fsync on), unlike the test cluster.
      cluster = await startTempPostgres(found.bin, { durable: true });
      databaseUrl = cluster.url;
    }
  }
  try {
    if (databaseUrl) rows.push(...(await benchDatabase('PostgreSQL', { DATABASE_URL: databaseUrl })));
  } finally {
    await cluster?.stop();
  }

  const cpus = os.cpus();
  console.log(
    `\nMachine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ` +
      `${os.type()} ${os.release()}, Node ${process.version}. ${seconds} s per case, ${connections} connections.\n`,
  );
  console.log('| database | route | requests/s | p50 latency | p99 latency | statuses | errors |');
  console.log('|---|---|---:|---:|---:|---|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${r.route} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${r.statuses} | ${r.errors} |`,
    );
  }
}

try {
  await main();
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
