// `npm test`: the whole suite, in order, stopping at the first failure. On a fresh machine it first
// installs what the browser, HTML validation and database tests need (as root), or says exactly what to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chromiumPath } from './support/chromium.ts';

const installCommand = 'apt-get update && apt-get install -y chromium default-jre-headless postgresql';

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
    !existsSync(chromiumPath) && 'chromium',
    !hasJava() && 'default-jre-headless',
    !hasPostgres() && 'postgresql',
  ].filter(Boolean);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    if (!existsSync(chromiumPath) || !hasJava()) {
      console.error(
        `\nThe browser tests need Debian's Chromium and the HTML check needs Java. Run as root:\n\n  ${installCommand}\n`,
      );
      process.exit(1);
    }
    console.warn(
      `\n!!! PostgreSQL is missing: the real-server tests will be SKIPPED. Run as root:\n!!!   ${installCommand}\n`,
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

const vitest = (...projects: string[]) => [
  'vitest',
  'run',
  '--config',
  'tests/vitest.config.ts',
  ...projects.flatMap((project) => ['--project', project]),
];

const steps: [title: string, command: string[]][] = [
  ['Type check', ['astro', 'check']],
  ['Lint and format', ['biome', 'check', '.']],
  ['Unit tests', vitest('unit')],
  ['Functions on PGlite', vitest('functions-pglite')],
  ['Functions on PostgreSQL', vitest('functions-postgres')],
  ['Build', ['astro', 'build']],
  ['Browser tests', vitest('e2e')],
];

ensureSystemPackages();
for (const [title, [bin, ...args]] of steps) {
  console.log(`\n▶ ${title}: ${bin} ${args.join(' ')}`);
  const result = spawnSync(`node_modules/.bin/${bin}`, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '1' },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ All checks passed.');
