import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.ts';
import { stopProcessGroup } from './processes.ts';

/** Debian's Varnish, the shared cache the API's public reads are tested behind (tests/run.ts installs it). */
export const varnishdPath = '/usr/sbin/varnishd';
export const varnishMissing = existsSync(varnishdPath)
  ? null
  : `Varnish is not installed (apt-get install -y varnish)`;

export interface Varnish {
  url: string;
  stop(): Promise<void>;
}

/**
 * Varnish with its built-in rules only (`-b`: no VCL of ours), in front of `backend`, in the foreground
 * and without its jail (no user switch), its work folder a fresh temporary one. Resolves once it answers.
 */
export async function startVarnish(backend: string): Promise<Varnish> {
  const port = await freePort();
  const workDir = mkdtempSync(join(tmpdir(), 'advice-varnish-'));
  const child: ChildProcess = spawn(
    varnishdPath,
    [
      '-F',
      '-j',
      'none',
      '-n',
      workDir,
      '-a',
      `127.0.0.1:${port}`,
      '-b',
      new URL(backend).host,
      '-s',
      'malloc,32m',
      // Its 5 s for an idle client connection is shorter than a starved test process may leave one of
      // its pool unused, and a request sent as Varnish closes it fails ("other side closed").
      '-p',
      'timeout_idle=600',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    stopProcessGroup(child);
    await exited;
    rmSync(workDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  // Ready when it answers anything (its management process compiles the rules first).
  while (!(await answers(url))) {
    if (child.exitCode !== null) {
      rmSync(workDir, { recursive: true, force: true });
      throw new Error(`varnishd exited (code ${child.exitCode}):\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { url, stop };
}

function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get(`${url}/`, (response) => {
        response.resume();
        resolve(true);
      })
      .on('error', () => resolve(false));
  });
}

/**
 * A pass-through in front of `origin` that counts the requests reaching it, per path with its query:
 * what a cache in front of it did not answer itself.
 */
export async function countingProxy(origin: string) {
  const target = new URL(origin);
  const counts = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const upstream = http.request(
      { host: target.hostname, port: target.port, path, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    count: (path: string) => counts.get(path) ?? 0,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
