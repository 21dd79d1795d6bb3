import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe } from './processes.ts';

export interface ServedSite {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * Starts `npm run serve` (functions/server/serve.ts) on a free port with a fresh embedded database; it
 * resolves once the server listens, which it does only after the database is open. `env` adds or
 * overrides settings, e.g. DIST_DIR or PORT; `cwd` serves a copy of the project instead.
 */
export async function serveSite(env: Record<string, string> = {}, cwd?: string): Promise<ServedSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'advice-site-'));
  try {
    const served = await startServe({ DATA_DIR: dataDir, ...env }, undefined, cwd);
    return {
      baseURL: served.url,
      async stop() {
        await served.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
