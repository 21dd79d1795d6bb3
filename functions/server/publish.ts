// `npm run build`: builds the site into a fresh folder, dist-builds/<time>/, then renames a new link
// `dist` to it over the old one, which switches every path at once (rename is atomic on one file
// system): a server answering from dist/ never meets a half-written build (docs/publishing.md).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const astro = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));

const usage = `Usage: npm run build [-- options]

Builds the site into a fresh folder, dist-builds/<time>/, and then points the link dist at it in one
step, so that a running \`npm run serve\` never answers from a half-written build (docs/publishing.md).

  --outDir DIR   the link to publish at (default dist); the builds go in DIR-builds/
  --help, -h     this text

Other options go to \`astro build\` (npx astro build --help lists them).`;

/** `--outDir DIR` (or `--outDir=DIR`) taken out of the options: the rest go to Astro as they are. */
function splitOutDir(args: string[]): { link: string; astroArgs: string[] } {
  const at = args.findIndex((arg) => arg === '--outDir' || arg.startsWith('--outDir='));
  if (at === -1) return { link: path.resolve('dist'), astroArgs: args };
  const inline = args[at]?.startsWith('--outDir=');
  const link = inline ? args[at]?.slice('--outDir='.length) : args[at + 1];
  if (!link) throw new Error('--outDir needs a path');
  return { link: path.resolve(link), astroArgs: args.toSpliced(at, inline ? 1 : 2) };
}

/**
 * Runs `astro build` into `outDir`, its output as it comes; resolves with its exit code. Stopped (Ctrl-C,
 * SIGTERM), it stops Astro too and resolves with no code: the build is not to be published.
 */
function astroBuild(outDir: string, args: string[]): Promise<number | undefined> {
  const child = spawn(process.execPath, [astro, 'build', ...args, '--outDir', outDir], { stdio: 'inherit' });
  let stopped = false;
  const stop = (signal: NodeJS.Signals) => {
    stopped = true;
    child.kill(signal);
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  return new Promise((resolve) => child.on('close', (code) => resolve(stopped ? undefined : (code ?? 1))));
}

/** Points `link` at `build` in one rename. A folder at `link` (a build made before links) moves aside. */
async function switchTo(link: string, build: string, builds: string): Promise<void> {
  const stats = await fs.lstat(link).catch(() => undefined);
  if (stats?.isDirectory()) await fs.rename(link, path.join(builds, `${path.basename(build)}-before`));
  const next = `${link}.next-${process.pid}`;
  await fs.rm(next, { force: true });
  await fs.symlink(path.relative(path.dirname(link), build), next, 'dir');
  await fs.rename(next, link);
}

/**
 * Removes the builds older than `previous` (the one a server may still be answering from for a moment).
 * Newer ones are kept: another build may be writing one; so is `current`, whatever `previous` was named.
 */
async function removeOldBuilds(builds: string, previous: string | undefined, current: string): Promise<void> {
  if (!previous) return;
  const stamp = (name: string) => name.slice(0, previous.length);
  for (const name of await fs.readdir(builds)) {
    if (name !== current && stamp(name) < previous)
      await fs.rm(path.join(builds, name), { recursive: true, force: true });
  }
}

/** A path as the operator reads it best: from the current folder when it is under it. */
const shown = (file: string) => (file.startsWith(process.cwd() + path.sep) ? path.relative('.', file) : file);

async function publish(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return 0;
  }
  const { link, astroArgs } = splitOutDir(args);
  const builds = `${link}-builds`;
  await fs.mkdir(builds, { recursive: true });
  // A sortable name: the time, to the millisecond.
  const build = path.join(builds, new Date().toISOString().replace(/[:.]/g, '-'));
  await fs.mkdir(build);
  const buildsFolder = await fs.realpath(builds);
  const previous = await fs.realpath(link).then(
    (target) => (path.dirname(target) === buildsFolder ? path.basename(target) : undefined),
    () => undefined,
  );
  const code = await astroBuild(build, astroArgs);
  // An option that stops Astro before it builds leaves the folder empty: nothing to publish.
  const empty = (await fs.readdir(build)).length === 0;
  if (code !== 0 || empty) {
    await fs.rm(build, { recursive: true, force: true });
    console.error(`Nothing published; ${shown(link)} is as it was.`);
    return code === undefined ? 130 : code || 1;
  }
  await switchTo(link, build, builds);
  await removeOldBuilds(builds, previous, path.basename(build));
  console.log(`Published: ${shown(link)} -> ${shown(build)}`);
  return 0;
}

process.exitCode = await publish(process.argv.slice(2)).catch((error: Error) => {
  console.error(error.message);
  return 1;
});
