// Starts the real `npm run serve` process (functions/server/serve.ts) on a free port.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Served {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the signal (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

// Configuration the tests never want inherited from the developer's shell.
const appVariables = [
  'ENV_FILE',
  'DATABASE_URL',
  'DATA_DIR',
  'HASH_SECRET',
  'TRUST_PROXY',
  'ALLOWED_ORIGINS',
  'SUBSCRIBE_LIMIT_PER_HOUR',
  'COMMENT_LIMIT_PER_HOUR',
  'RATING_LIMIT_PER_HOUR',
  'CONTENT_DIR',
  'GEO_COUNTRY_HEADER',
  'HOST',
  'PORT',
  'DIST_DIR',
  'PG_POOL_MAX',
  'SITE_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'CONFIRM_MAIL_PER_HOUR',
  'NEWSLETTER_PER_SECOND',
  'METRICS_PORT',
  'METRICS_HOST',
  'HEALTH_MAIL_MINUTES',
  'HEALTH_BACKUP_HOURS',
  'HEALTH_DISK_FREE_MB',
];

/** Sends SIGTERM to the process group `child` leads (spawned with `detached: true`), browsers and servers included. */
export function stopProcessGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** process.env without the app's variables (nor a developer's `.env`: ENV_FILE empty), plus `env`. */
export function childEnv(env: Record<string, string>): Record<string, string> {
  const base: Record<string, string> = { ENV_FILE: '' };
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !appVariables.includes(name)) base[name] = value;
  }
  return { ...base, ...env };
}

/**
 * Runs a repo script as its npm script does: Node 24 (the test runner's own binary) with startup.ts, in
 * the repository or in a copy of it (`cwd`).
 */
export function spawnScript(script: string, args: string[], env: Record<string, string>, cwd = repoRoot) {
  return spawn(process.execPath, ['--import', './functions/startup.ts', script, ...args], {
    cwd,
    env: childEnv(env),
    stdio: 'pipe',
  });
}

/** The key `behindProxy` gives a server: a test signs a letter's link with it as the server would. */
export const proxiedHashSecret = 'behind-a-proxy-test-secret-0123456789abcdef';

/**
 * Settings for a server behind a proxy: any TRUST_PROXY counts as reachable by strangers, so it needs a
 * HASH_SECRET and its public address (SITE_URL, here its own, on a port chosen now).
 */
export async function behindProxy(trustProxy = 'true'): Promise<Record<string, string>> {
  const port = await freePort();
  return {
    TRUST_PROXY: trustProxy,
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    HASH_SECRET: proxiedHashSecret,
  };
}

/** Starts serve; `onOutput` sees what it prints as it prints it (before it listens, too). */
export function startServe(
  env: Record<string, string>,
  onOutput?: (text: string) => void,
  cwd?: string,
): Promise<Served> {
  const child = spawnScript('functions/server/serve.ts', [], { HOST: '127.0.0.1', PORT: '0', ...env }, cwd);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput?.(chunk.toString());
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let stopped = false;
  return new Promise((resolve, reject) => {
    const onData = () => {
      const match = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!match?.[1]) return;
      child.stdout?.off('data', onData);
      // A server that dies under a test leaves only refused connections: say how it ended, and what it said.
      void exited.then(({ code, signal }) => {
        if (!stopped && code !== 0 && signal !== 'SIGKILL')
          console.error(`serve exited under a test (code ${code}, signal ${signal}):\n${output}`);
      });
      resolve({
        url: match[1],
        child,
        output: () => output,
        exited,
        stop: async (signal = 'SIGTERM') => {
          stopped = true;
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    void exited.then(({ code, signal }) =>
      reject(new Error(`serve exited (code ${code}, signal ${signal}) before listening:\n${output}`)),
    );
  });
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a repo script to completion, e.g. `runScript('functions/cli/admin.ts', ['held'], env)`. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<Finished> {
  return finished(spawnScript(script, args, env));
}

/** What a child process printed, and its exit code, once it closed. */
export function finished(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
