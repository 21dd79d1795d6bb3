// `npm run bench` (not a test): starts the serve process on PGlite and on PostgreSQL and drives
// POST /api/subscribe (a new address and a new client each time, so the rate limit is checked and
// stored too), GET /api/articles/1/comments, and the same GET while subscriptions pour in beside it,
// with autocannon for a fixed time; with a built site in dist/, the home page, a text page and a
// widget's script as a browser asks for them too (once, on PGlite: the database plays no part in them).
// Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), DATABASE_URL (a PostgreSQL to use
// instead of a throwaway local cluster; the bench writes rows into it), BENCH_AGAINST (another
// checkout of the project, e.g. an older commit with its node_modules: its server runs beside this one
// on the same dist/ and database, and each case alternates between the two), BENCH_ROUNDS (default 1:
// how often each case runs per server; the table gives the median round by requests/s).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { locatePostgres, startTempPostgres, type TempPostgres } from '../../tests/support/tempPostgres.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const checkouts = [repoRoot, ...(process.env.BENCH_AGAINST ? [path.resolve(process.env.BENCH_AGAINST)] : [])];
const builtSite = path.join(repoRoot, 'dist');
const siteBuilt = fs.existsSync(path.join(builtSite, 'index.html'));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ia-bench-'));

interface Server {
  url: string;
  child: ChildProcess;
  /** Which checkout it runs: its folder's name. */
  label: string;
}

function startServe(checkout: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', './functions/startup.ts', 'functions/server/serve.ts'], {
    cwd: checkout,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /serving (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (url) resolve({ url, child, label: path.basename(checkout) });
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

/** Processor time the process has used so far, in ms (Linux; undefined elsewhere). */
function processorMs(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

interface Row {
  server: string;
  database: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  statuses: string;
  errors: number;
  /** The server's processor time per answered request: unlike requests/s, barely moved by other load. */
  cpuUs?: number;
}

// Counted over the whole bench: runs against one shared database never repeat a client or an address.
let n = 0;
async function subscribeLoad(url: string, duration: number, clients = connections) {
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
            body: JSON.stringify({ email: `bench-${process.pid}-${n}@example.com` }),
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

/** A static file fetched as a browser does (it takes brotli). */
function fileLoad(pathname: string) {
  return (url: string, duration: number) =>
    autocannon({
      url: `${url}${pathname}`,
      connections,
      duration,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
}

/** The first script the home page names (its widgets'): a file under /_astro/. */
function siteScript(): string | undefined {
  const home = fs.readFileSync(path.join(builtSite, 'index.html'), 'utf8');
  return /"(\/_astro\/[^"]+\.js)"/.exec(home)?.[1];
}

type Load = (url: string, duration: number) => ReturnType<typeof autocannon>;

function median(rows: Row[]): Row {
  const sorted = [...rows].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor((sorted.length - 1) / 2)] as Row;
}

async function benchDatabase(
  database: string,
  envOf: (checkout: string) => Record<string, string>,
  withSite: boolean,
): Promise<Row[]> {
  let distDir = builtSite;
  if (!withSite) {
    distDir = path.join(scratch, 'dist');
    fs.mkdirSync(distDir, { recursive: true });
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>bench</title>');
  }
  const servers: Server[] = [];
  try {
    for (const checkout of checkouts) {
      servers.push(
        // A trusted proxy (each request its own client address) makes the server ask for the settings
        // of one others can reach.
        await startServe(checkout, {
          ...envOf(checkout),
          DIST_DIR: distDir,
          TRUST_PROXY: 'true',
          HASH_SECRET: 'bench-secret-0123456789abcdefghijklmnop',
          SITE_URL: 'https://bench.example',
        }),
      );
    }
    // Twenty published comments to read back (on a shared database, twenty per server).
    for (const server of servers) {
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
    }
    const cases: [string, Load][] = [
      ['POST /api/subscribe', subscribeLoad],
      ['GET /api/articles/1/comments', commentsLoad],
      ['GET /api/articles/1/comments during subscriptions', commentsDuringBurst],
    ];
    const script = withSite ? siteScript() : undefined;
    if (withSite) cases.push(['GET /', fileLoad('/')], ['GET /about', fileLoad('/about')]);
    if (script) cases.push([`GET ${script.replace(/\.[\w-]+\.js$/, '.….js')}`, fileLoad(script)]);
    const rows: Row[] = [];
    for (const [route, load] of cases) {
      const measured = new Map<Server, Row[]>(servers.map((server) => [server, []]));
      for (const server of servers) await load(server.url, 2); // warm-up, not counted
      for (let round = 0; round < rounds; round++) {
        // Alternating which server goes first, so neither always runs on a machine the other warmed.
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const server of order) {
          const cpuBefore = processorMs(server.child.pid);
          const result = await load(server.url, seconds);
          const cpuAfter = processorMs(server.child.pid);
          const statuses = Object.entries(result.statusCodeStats)
            .map(([code, { count }]) => `${code}×${count}`)
            .join(' ');
          const row = {
            server: server.label,
            database,
            route,
            rps: Math.round(result.requests.total / result.duration),
            p50: result.latency.p50,
            p99: result.latency.p99,
            statuses,
            errors: result.errors + result.timeouts,
            cpuUs:
              cpuBefore === undefined || cpuAfter === undefined
                ? undefined
                : Math.round(((cpuAfter - cpuBefore) * 1000) / Math.max(result.requests.total, 1)),
          };
          measured.get(server)?.push(row);
          console.error(
            `  ${server.label} ${database} ${route}: ${row.rps} req/s, p99 ${row.p99} ms, ${row.cpuUs ?? '?'} µs/request`,
          );
        }
      }
      for (const server of servers) rows.push(median(measured.get(server) ?? []));
    }
    return rows;
  } finally {
    for (const server of servers) await stop(server);
  }
}

async function main() {
  const rows: Row[] = [];
  console.error(
    `Benchmark: ${seconds} s per case, ${connections} connections, autocannon beside the server.`,
  );
  if (!siteBuilt) console.error(`No built site in ${builtSite}: static files are not measured.`);
  const pglite = (checkout: string) => ({ DATA_DIR: path.join(scratch, `data-${path.basename(checkout)}`) });
  rows.push(...(await benchDatabase('PGlite', pglite, siteBuilt)));

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
    const url = databaseUrl;
    if (url) rows.push(...(await benchDatabase('PostgreSQL', () => ({ DATABASE_URL: url }), false)));
  } finally {
    await cluster?.stop();
  }

  const cpus = os.cpus();
  console.log(
    `\nMachine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ` +
      `${os.type()} ${os.release()}, Node ${process.version}. ${seconds} s per case, ${connections} connections, ` +
      `${rounds} round(s) per server (median by requests/s).\n`,
  );
  console.log(
    '| server | database | route | requests/s | p50 latency | p99 latency | server CPU per request | statuses | errors |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|---|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.server} | ${r.database} | ${r.route} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${r.cpuUs ?? '?'} µs | ${r.statuses} | ${r.errors} |`,
    );
  }
}

try {
  await main();
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
