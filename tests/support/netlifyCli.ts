// Netlify's command line tool, for the Netlify test: 354 MB installed, so not a dependency of the
// project but installed by the suite once per machine, at a pinned version, into a cache outside the
// project (as the suite installs the browser). Run alone, it installs: `node tests/support/netlifyCli.ts`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const netlifyCliVersion = '27.10.2';

const cacheRoot = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
const installDir = path.join(cacheRoot, 'important-advice', `netlify-cli-${netlifyCliVersion}`);
const bin = path.join(installDir, 'node_modules', 'netlify-cli', 'bin', 'run.js');

/** Runs `npm install` in `dir`; rejects with its output when it fails. */
function npmInstall(dir: string, spec: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['install', '--no-audit', '--no-fund', spec], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm install ${spec} failed (${code}):\n${output}`)),
    );
  });
}

/**
 * The path of netlify-cli's entry script (run it with this Node), installed first when missing:
 * into a folder of its own, then moved into place whole, so a cut-short or simultaneous install never
 * leaves half of one where the next run looks.
 */
export async function ensureNetlifyCli(): Promise<string> {
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(path.dirname(installDir), { recursive: true });
  const staging = fs.mkdtempSync(`${installDir}.partial-`);
  try {
    fs.writeFileSync(path.join(staging, 'package.json'), '{ "private": true }\n');
    console.log(`Installing netlify-cli ${netlifyCliVersion} into ${installDir} (once per machine)...`);
    await npmInstall(staging, `netlify-cli@${netlifyCliVersion}`);
    // Another run may have finished first: its copy is as good.
    if (!fs.existsSync(bin)) fs.renameSync(staging, installDir);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return bin;
}

if (import.meta.main) console.log(`netlify-cli ${netlifyCliVersion}: ${await ensureNetlifyCli()}`);
