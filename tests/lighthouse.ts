// `npm run lighthouse`: a measurement, not a test. Serves the built site (`npm run serve`), runs
// Lighthouse (mobile preset) in Debian's Chromium (its headless shell) three times over every page type
// in both languages, and prints the median of the four category scores and of FCP, LCP, TBT, CLS and
// transfer per page.
// Build first: `npm run build`. Options (after `--`):
//   --runs N           runs per page (default 3)
//   --page PATH        only this page (repeatable)
//   --dist DIR         the build to measure (default dist/)
//   --baseline DIR     also measure another build (e.g. a copy of an older dist/), interleaved run by
//                      run with this one, so both see the same machine load
//   --compare URL      also measure another site at URL (e.g. http://127.0.0.1:4700, the single-page
//                      app of the same product), the same paths, interleaved run by run with ours
//   --fresh            a fresh browser per run, started by Lighthouse's own command line (as a stranger
//                      measures: `lighthouse URL --output=json`), instead of one warm browser for all runs
//   --save DIR         also write each run's full Lighthouse report (JSON) into DIR, to see why
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import lighthouse from 'lighthouse';
import type Result from 'lighthouse/types/lhr/lhr.js';
import { chromiumFlags, headlessShellPath } from './support/chromium.ts';
import { freePort } from './support/freePort.ts';
import { stopProcessGroup } from './support/processes.ts';
import { type ServedSite, serveSite } from './support/serveSite.ts';

// The headless shell, like the browser tests; CHROMIUM_PATH measures with another build (e.g. the full
// browser, whose busy hidden popup page lengthens the page's tasks: TBT 80-180 ms where this shows 0-50).
const chromiumPath = process.env.CHROMIUM_PATH ?? headlessShellPath;

const allPaths = [
  '/',
  '/bg/',
  '/about',
  '/bg/about',
  '/blog',
  '/bg/blog',
  '/blog/1',
  '/bg/blog/1',
  '/donate',
  '/bg/donate',
  '/privacy',
  '/bg/privacy',
  '/tips/en_1',
  '/bg/tips/1',
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metrics = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  transfer: 'total-byte-weight',
} as const;
type Figures = Record<(typeof categories)[number] | keyof typeof metrics, number>;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    page: { type: 'string', multiple: true },
    baseline: { type: 'string' },
    dist: { type: 'string', default: 'dist' },
    compare: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    save: { type: 'string' },
  },
});
const runs = Number(values.runs);
const paths = values.page?.length ? values.page : allPaths;

function fail(message: string): never {
  console.error(`lighthouse: ${message}`);
  process.exit(1);
}

if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a whole number above 0 (got ${values.runs})`);
const distDir = resolve(values.dist);
if (!existsSync(join(distDir, 'index.html'))) fail(`no build in ${distDir}: run \`npm run build\` first.`);
const baselineDir = values.baseline ? resolve(values.baseline) : undefined;
if (baselineDir && !existsSync(join(baselineDir, 'index.html')))
  fail(`no build in ${baselineDir} (no index.html)`);
if (!existsSync(chromiumPath))
  fail(
    `Chromium not found at ${chromiumPath}: apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH)`,
  );

async function startChromium(): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'advice-lighthouse-'));
  const child = spawn(
    chromiumPath,
    [
      ...chromiumFlags,
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group, stopped as one: Debian's launcher is a shell script that does not exec.
    { stdio: 'ignore', detached: true },
  );
  const deadline = Date.now() + 20_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    const problem =
      child.exitCode !== null
        ? `Chromium at ${chromiumPath} exited with code ${child.exitCode}`
        : Date.now() > deadline && 'Chromium did not open its debugging port within 20 s';
    if (problem) {
      stopProcessGroup(child);
      rmSync(profile, { recursive: true, force: true });
      fail(problem);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  return { port, child, profile };
}

const lighthouseCli = new URL('../node_modules/lighthouse/cli/index.js', import.meta.url).pathname;

/**
 * One run of Lighthouse's own command line, which starts a browser of its own with a new profile and
 * stops it after the run: nothing cached, nothing compiled, as a stranger's first visit.
 */
async function freshRun(url: string): Promise<Result | undefined> {
  const out = mkdtempSync(join(tmpdir(), 'advice-lighthouse-run-'));
  const report = join(out, 'report.json');
  try {
    await promisify(execFile)(
      process.execPath,
      [
        lighthouseCli,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        `--only-categories=${categories.join(',')}`,
        `--chrome-flags=${[...chromiumFlags, '--headless=new', '--disable-dev-shm-usage'].join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: Error) => {
      // A failed trace (NO_NAVSTART on a busy machine) exits 1 after saving its report: hand that
      // report on, so that measure() tries the run again as it does with one warm browser.
      if (!existsSync(report)) throw error;
    });
    return JSON.parse(readFileSync(report, 'utf8')) as Result;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** One Lighthouse run; a run that fails to trace (it happens on a busy machine) is tried again. */
async function measure(url: string, port: number | undefined, saveAs?: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    const lhr =
      port === undefined
        ? await freshRun(url)
        : (
            await lighthouse(url, {
              port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: [...categories],
            })
          )?.lhr;
    const problem =
      lhr?.runtimeError?.message ??
      (categories.some((c) => !lhr?.categories[c]?.score)
        ? 'a category scored nothing (a failed trace)'
        : null);
    if (lhr && !problem) {
      if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
      const figures = {} as Figures;
      for (const c of categories) figures[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
      for (const [name, audit] of Object.entries(metrics))
        figures[name as keyof typeof metrics] = lhr.audits[audit]?.numericValue ?? Number.NaN;
      const failing = Object.values(lhr.audits).filter(
        (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary',
      );
      if (failing.length) console.warn(`  ${url}: not passing: ${failing.map((a) => a.id).join(', ')}`);
      return figures;
    }
    if (attempt === 3) throw new Error(`${url}: ${problem ?? 'no result'} (3 attempts)`);
    console.warn(`  ${url}: ${problem}; trying again`);
  }
}

/** Where --save puts one run's report: DIR/bg-about-1.json, DIR/bg-about-baseline-1.json. */
function reportName(dir: string, path: string, label: string, run: number): string {
  mkdirSync(dir, { recursive: true });
  const page = path.replace(/^\/|\/$/g, '').replaceAll('/', '-') || 'home';
  const site = label.replace(/\W+/g, '');
  return join(dir, `${page}${site ? `-${site}` : ''}-${run + 1}.json`);
}

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The table cells for one page: the median of each figure over its runs. */
function cells(all: Figures[]): string {
  const m = (key: keyof Figures) => median(all.map((f) => f[key]));
  return [
    ...categories.map((c) => String(m(c))),
    `${(m('FCP') / 1000).toFixed(2)} s`,
    `${(m('LCP') / 1000).toFixed(2)} s`,
    `${Math.round(m('TBT'))} ms`,
    m('CLS').toFixed(3),
    `${(m('transfer') / 1024).toFixed(1)} KiB`,
  ].join(' | ');
}

const sites: { label: string; site: Pick<ServedSite, 'baseURL' | 'stop'> }[] = [];
const compareURL = values.compare?.replace(/\/$/, '');
if (
  compareURL &&
  !(await fetch(compareURL).then(
    (r) => r.ok,
    () => false,
  ))
)
  fail(`nothing answers at ${compareURL} (--compare)`);
// One warm browser for every run, or (--fresh) one started by Lighthouse for each run.
const chrome = values.fresh ? undefined : await startChromium();
try {
  // Canonical links name SITE_URL (default http://127.0.0.1:4321), so serve there when it is free.
  sites.push({
    label: '',
    site: await serveSite({ PORT: process.env.PORT ?? '4321', DIST_DIR: distDir })
      .catch(() => serveSite({ DIST_DIR: distDir }))
      .catch((error: Error) => Promise.reject(new Error(`the site server did not start: ${error.message}`))),
  });
  if (baselineDir)
    sites.push({
      label: ' (baseline)',
      site: await serveSite({ DIST_DIR: baselineDir }).catch((error: Error) =>
        Promise.reject(new Error(`the baseline server did not start: ${error.message}`)),
      ),
    });
  if (compareURL) sites.push({ label: ' (compared)', site: { baseURL: compareURL, stop: async () => {} } });
  const lines: string[] = [];
  const ratios: string[] = [];
  for (const path of paths) {
    const results = sites.map((): Figures[] => []);
    for (let run = 0; run < runs; run++) {
      for (const [i, { site, label }] of sites.entries()) {
        const saveAs = values.save && reportName(values.save, path, label, run);
        results[i]?.push(await measure(`${site.baseURL}${path}`, chrome?.port, saveAs));
      }
    }
    for (const [i, { label }] of sites.entries()) {
      const line = `| \`${path}\`${label} | ${cells(results[i] ?? [])} |`;
      console.log(line);
      lines.push(line);
    }
    const [ours, theirs] = [results[0] ?? [], results.at(-1) ?? []];
    if (compareURL) {
      const ratio = (key: keyof Figures) =>
        (median(ours.map((f) => f[key])) / median(theirs.map((f) => f[key]))).toFixed(2);
      ratios.push(`${path}: TBT ${ratio('TBT')} of the compared site's, LCP ${ratio('LCP')}`);
    }
  }
  console.log(
    `\nMedian of ${runs} run(s), Lighthouse mobile preset, ${values.fresh ? 'a fresh browser per run' : 'one warm browser'}:\n\n| page | ${categories.join(' | ')} | FCP | LCP | TBT | CLS | transfer |\n|---|${[...categories, ...Object.keys(metrics)].map(() => '---:').join('|')}|`,
  );
  for (const line of lines) console.log(line);
  if (ratios.length) console.log(`\nOurs against the compared site (medians):\n${ratios.join('\n')}`);
} catch (error) {
  console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (chrome) {
    stopProcessGroup(chrome.child);
    rmSync(chrome.profile, { recursive: true, force: true });
  }
  for (const { site } of sites) await site.stop();
}
