// `npm test`: the whole suite. On a fresh machine it first installs what the browser, HTML validation
// and database tests need (as root), or says exactly what to run. Independent lanes run side by side (the
// checks; the unit and functions tests; the builds and the browser tests); each step's output is printed
// in one piece when it ends, and the first failure stops everything with that step's exit code.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statfsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { headlessShellPath } from './support/chromium.ts';
import { stopProcessGroup } from './support/processes.ts';
import { stopLeftoverClusters } from './support/tempPostgres.ts';
import { varnishdPath } from './support/varnish.ts';

const installCommand =
  'apt-get update && apt-get install -y chromium-headless-shell default-jre-headless postgresql varnish';

function hasPostgres(): boolean {
  const base = '/usr/lib/postgresql';
  return existsSync(base) && readdirSync(base).some((version) => existsSync(`${base}/${version}/bin/initdb`));
}

/** Java for the HTML validator (vnu-jar runs on it). */
function hasJava(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

function ensureSystemPackages(): void {
  const missing = [
    !existsSync(headlessShellPath) && 'chromium-headless-shell',
    !hasJava() && 'default-jre-headless',
    !hasPostgres() && 'postgresql',
    !existsSync(varnishdPath) && 'varnish',
  ].filter(Boolean);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    if (!existsSync(headlessShellPath) || !hasJava()) {
      console.error(
        `\nThe browser tests need Chromium's headless shell and the HTML check needs Java. Run as root:\n\n  ${installCommand}\n`,
      );
      process.exit(1);
    }
    console.warn(
      `\n!!! PostgreSQL or Varnish is missing: the tests that need them will be SKIPPED. Run as root:\n!!!   ${installCommand}\n`,
    );
    return;
  }
  console.log(`Installing ${missing.join(', ')} from Debian (once)...`);
  const install = spawnSync(
    'sh',
    ['-c', `apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q ${missing.join(' ')}`],
    {
      stdio: 'inherit',
    },
  );
  if (install.status !== 0) {
    console.error(`Could not install ${missing.join(', ')}; try: ${installCommand}`);
    process.exit(1);
  }
}

/**
 * One directory for the run's temporary files, the TMPDIR of every step. In memory where the machine
 * has room (unless TMPDIR is set): every database test copies a 39 MB PGlite directory, and the
 * browsers write their profiles, which on a disk costs about half again as much time.
 */
function makeRunTempDir(): string {
  const shm = '/dev/shm';
  const roomy = (dir: string) => {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize >= 4 * 1024 ** 3;
  };
  const inMemory = !process.env.TMPDIR && existsSync(shm) && roomy(shm);
  const dir = mkdtempSync(join(inMemory ? shm : tmpdir(), 'ia-test-'));
  // Open to the `postgres` user, who runs the test clusters inside it.
  chmodSync(dir, 0o755);
  process.env.TMPDIR = dir;
  return dir;
}

/** Removes the run's temp dir, also after a failure stopped the lanes mid-run. */
function removeRunTempDir(dir: string): void {
  stopLeftoverClusters(dir);
  // Steps just told to stop may still be writing their last files.
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

/**
 * The build the suite makes and tests: a link of its own (as `npm run build` makes `dist`), never `dist`,
 * which a server in this folder may be serving to visitors.
 */
const testBuild = 'dist-test';

/** What `dist` is now (the link's target or a folder, and its time): the suite must leave it so. */
function servedSite(): string {
  try {
    const stats = lstatSync('dist');
    return `${stats.isSymbolicLink() ? readlinkSync('dist') : 'a folder'} (changed ${stats.mtime.toISOString()})`;
  } catch {
    return 'absent';
  }
}

const vitest = (...projects: string[]) => [
  'vitest',
  'run',
  '--config',
  'tests/vitest.config.ts',
  ...projects.flatMap((project) => ['--project', project]),
];

interface Step {
  title: string;
  command: string[];
  env?: Record<string, string>;
}

/** The modules the import-circle check reads (dpdm expands the globs; it does not read .astro files). */
const circleCheckFiles = ['src/**/*.ts', 'src/**/*.tsx', 'functions/**/*.ts', 'astro.config.mjs'];

/** Lanes that run at the same time; the steps of each lane run in order. */
type Lanes = Lane[];
/** A step, or a fork into lanes that run side by side (the lane goes on once they all end). */
type Lane = (Step | Lanes)[];

const lanes: Lanes = [
  [
    { title: 'Type check', command: ['astro', 'check'] },
    { title: 'Lint and format', command: ['biome', 'check', '.'] },
    // Type-only imports count too: a circle of types is still a knot in the design.
    {
      title: 'Import circles',
      command: ['dpdm', '--no-warning', '--no-tree', '--exit-code', 'circular:1', ...circleCheckFiles],
    },
  ],
  [
    {
      title: 'Unit and functions tests (database-free, PGlite, PostgreSQL)',
      command: vitest('unit', 'functions', 'functions-pglite', 'functions-postgres'),
    },
  ],
  [
    // As `npm run build` does (into a fresh folder, then the link switched to it), at the suite's own link.
    { title: 'Build', command: ['node', 'functions/server/publish.ts', '--outDir', testBuild] },
    [
      [{ title: 'Browser tests', command: vitest('e2e') }],
      // The consent tests need a site built with an operator's tag. Built after the plain build (the two
      // share caches), beside the browser tests, which do not need it; then the HTML check and those tests.
      [
        {
          title: 'Build with a tag (for the consent tests)',
          command: ['astro', 'build', '--outDir', 'dist-tagged'],
          // Not precompressed: these tests need none. Its font cuts come from the plain build's cache.
          env: { PUBLIC_GTM_ID: 'GTM-TEST123', PRECOMPRESS: '0' },
        },
        { title: 'HTML check and consent tests', command: vitest('e2e-standalone') },
      ],
      // Netlify's own build and runtime (netlify-cli offline), after the plain build has filled the
      // build caches it reuses.
      [{ title: 'Netlify (netlify-cli offline)', command: vitest('netlify') }],
    ],
  ],
  // The Netlify test's CLI, installed once per machine outside the project, meanwhile.
  [{ title: 'netlify-cli', command: ['node', 'tests/support/netlifyCli.ts'] }],
];

/** The steps running now, and what each printed last (for the heartbeat). */
const running = new Map<ChildProcess, { title: string; since: number; line: string }>();
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

let stopping = false;

/** Stops every running step and waits until each has closed (its processes hold its output open). */
async function stopAll(): Promise<void> {
  stopping = true;
  const closed = [...running.keys()].map((child) => new Promise((done) => child.once('close', done)));
  // Each step leads its own process group, so its servers and browsers stop with it.
  for (const child of running.keys()) stopProcessGroup(child);
  await Promise.race([Promise.all(closed), new Promise((done) => setTimeout(done, 10_000))]);
}

function runStep(step: Step, again = false): Promise<void> {
  const {
    title,
    command: [bin, ...args],
    env,
  } = step;
  console.log(`▶ ${title}: ${bin} ${args.join(' ')}`);
  const since = Date.now();
  const child = spawn(`node_modules/.bin/${bin}`, args, {
    env: { ...process.env, FORCE_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: Buffer[] = [];
  const progress = { title, since, line: '' };
  running.set(child, progress);
  const keep = (chunk: Buffer) => {
    output.push(chunk);
    progress.line = lastLine(chunk) || progress.line;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return new Promise((resolve, reject) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      // A step stopped because another failed says nothing: the failure above is the news.
      if (stopping) return;
      const rule = '─'.repeat(Math.max(10, 100 - title.length));
      process.stdout.write(`\n── ${title} ${rule}\n${Buffer.concat(output).toString()}`);
      const crashed =
        code !== 0 && bin === 'vitest' ? crashedTestFiles(Buffer.concat(output).toString()) : [];
      if (code === 0) {
        console.log(`✔ ${title} (${seconds(since)})`);
        resolve();
      } else if (crashed.length > 0 && !again) {
        console.warn(
          `⚠ ${title}: no test failed, but the worker running ${crashed.join(', ')} crashed; once more.`,
        );
        resolve(
          runStep(
            { ...step, title: `${title}, the crashed files again`, command: [...step.command, ...crashed] },
            true,
          ),
        );
      } else {
        console.error(`✖ ${title} failed (${signal ?? `exit code ${code}`}, ${seconds(since)})`);
        reject(code ?? 1);
      }
    });
  });
}

/**
 * The test files whose Vitest worker died of a signal, when no test failed. V8 has crashed (SIGSEGV)
 * once in about fifty runs in a worker running PGlite's WebAssembly: a crash of the runtime, not an
 * assertion, so those files run once more, and fail the step if they fail again.
 */
function crashedTestFiles(output: string): string[] {
  const text = stripVTControlCharacters(output);
  const summary = text.match(/^\s*Tests?\b.*$/gm) ?? [];
  if (summary.some((line) => /\bfailed\b/.test(line))) return [];
  const crashes = text.matchAll(/Worker exited unexpectedly with signal SIG\w+ .*? running test file (\S+)/g);
  return [...new Set([...crashes].flatMap(([, file]) => file ?? []))];
}

/** The last non-empty line of a chunk of output, without its colours. */
function lastLine(chunk: Buffer): string {
  const lines = stripVTControlCharacters(chunk.toString()).split('\n');
  return (
    lines
      .findLast((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 160) ?? ''
  );
}

/**
 * Every five minutes, the steps still running and the last line each printed. A step's output is
 * printed whole only when it ends, so without this a step that never ends (a CI time limit) shows nothing
 * of where it stood.
 */
function heartbeat(): NodeJS.Timeout {
  const timer = setInterval(() => {
    const steps = [...running.values()].map(
      ({ title, since, line }) => `  · ${title} (${seconds(since)}): ${line || 'nothing printed yet'}`,
    );
    console.log(`… ${seconds(started)} in, still running:\n${steps.join('\n')}`);
  }, 300_000);
  timer.unref();
  return timer;
}

async function runLanes(parallel: Lanes): Promise<void> {
  await Promise.all(
    parallel.map(async (lane) => {
      for (const item of lane) await (Array.isArray(item) ? runLanes(item) : runStep(item));
    }),
  );
}

ensureSystemPackages();
const runTempDir = makeRunTempDir();
// The browser tests read and serve the suite's build (tests/support/builtSite.ts).
process.env.TEST_DIST_DIR = testBuild;
const servedBefore = servedSite();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await stopAll();
    removeRunTempDir(runTempDir);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}
heartbeat();
try {
  await runLanes(lanes);
} catch (code) {
  await stopAll();
  removeRunTempDir(runTempDir);
  process.exit(typeof code === 'number' && code !== 0 ? code : 1);
}
removeRunTempDir(runTempDir);
if (servedSite() !== servedBefore) {
  console.error(`✖ The suite changed dist: it was ${servedBefore}, it is ${servedSite()}.`);
  process.exit(1);
}
console.log(`\n✔ All checks passed in ${seconds(started)}; dist is as it was (${servedBefore}).`);
