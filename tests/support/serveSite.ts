import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.ts';

export interface ServedSite {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * Starts `npm run serve` (functions/node/serve.ts) on a free port with a fresh embedded database and
 * waits until /api/health answers. `env` adds or overrides settings, e.g. DIST_DIR.
 */
export async function serveSite(env: Record<string, string> = {}): Promise<ServedSite> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'advice-site-'));
  const server = spawn(process.execPath, ['functions/node/serve.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The site server exited early:\n${output}`);
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`The site server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    async stop() {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
