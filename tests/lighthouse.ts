// `npm run lighthouse`: a measurement, not a test. Serves the built site (`npm run serve`), runs
// Lighthouse (mobile preset) in Debian's Chromium over every page type in both languages, and prints
// the four category scores per page. Build first: `npm run build`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './support/chromium.ts';
import { freePort } from './support/freePort.ts';
import { serveSite } from './support/serveSite.ts';

const paths = [
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

if (!existsSync('dist/index.html')) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(1);
}

// Canonical links name SITE_URL (default http://127.0.0.1:4321), so serve there when it is free.
const site = await serveSite({ PORT: process.env.PORT ?? '4321' }).catch(() => serveSite());
const debugPort = await freePort();
const profile = mkdtempSync(join(tmpdir(), 'advice-lighthouse-'));
const chrome = spawn(
  chromiumPath,
  [
    ...chromiumFlags,
    '--headless=new',
    `--remote-debugging-port=${debugPort}`,
    `--user-data-dir=${profile}`,
    'about:blank',
  ],
  {
    stdio: 'ignore',
  },
);

try {
  const deadline = Date.now() + 20_000;
  while (
    !(await fetch(`http://127.0.0.1:${debugPort}/json/version`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const rows: string[][] = [];
  for (const path of paths) {
    // A run that fails to trace (it happens now and then on a busy machine) is tried again.
    let result: Awaited<ReturnType<typeof lighthouse>>;
    for (let attempt = 1; ; attempt++) {
      result = await lighthouse(`${site.baseURL}${path}`, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
      });
      const lhr = result?.lhr;
      const problem =
        lhr?.runtimeError?.message ??
        (categories.some((c) => !lhr?.categories[c]?.score)
          ? 'a category scored nothing (a failed trace)'
          : null);
      if (!problem || attempt === 3) break;
      console.warn(`${path}: ${problem}; trying again`);
    }
    const scores = categories.map((c) => String(Math.round((result?.lhr.categories[c]?.score ?? 0) * 100)));
    rows.push([path, ...scores]);
    const failing = Object.values(result?.lhr.audits ?? {}).filter(
      (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary',
    );
    console.log(
      `${path}: ${scores.join(' / ')}${failing.length ? `  (not passing: ${failing.map((a) => a.id).join(', ')})` : ''}`,
    );
  }
  console.log(`\n| page | ${categories.join(' | ')} |\n|---|${categories.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| \`${row[0]}\` | ${row.slice(1).join(' | ')} |`);
} finally {
  chrome.kill();
  await site.stop();
  rmSync(profile, { recursive: true, force: true });
}
