// A production install: the built site, the functions and the content with `npm ci --omit=dev`, the
// way an operator deploys it. The server must serve the pages and the API without the build's
// packages (Astro, the font and image tools), which are devDependencies.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtDir } from '../support/builtSite.ts';
import { repoRoot } from '../support/processes.ts';
import { type ServedSite, serveSite } from '../support/serveSite.ts';

const copy = mkdtempSync(join(tmpdir(), 'production-install-'));
let site: ServedSite;

beforeAll(async () => {
  for (const part of ['package.json', 'package-lock.json', 'functions', 'content'])
    cpSync(join(repoRoot, part), join(copy, part), { recursive: true });
  cpSync(builtDir, join(copy, 'dist'), { recursive: true, dereference: true });
  // From npm's cache where it can (`npm install` filled it); what it lacks comes from the registry.
  await promisify(execFile)('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: copy,
  });
  site = await serveSite({}, copy);
});

afterAll(async () => {
  await site?.stop();
  rmSync(copy, { recursive: true, force: true });
});

it('leaves the build-only packages out', () => {
  for (const name of ['astro', 'satori', 'sharp', 'subset-font', 'harfbuzzjs', 'postcss', 'htmlparser2'])
    expect(existsSync(join(copy, 'node_modules', name)), name).toBe(false);
  expect(existsSync(join(copy, 'node_modules', 'hono'))).toBe(true);
});

it('serves the built pages', async () => {
  const res = await fetch(`${site.baseURL}/`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<html lang="en"');
});

it('answers the API, database included', async () => {
  const health = await fetch(`${site.baseURL}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const comments = await fetch(`${site.baseURL}/api/articles/1/comments`);
  expect(comments.status).toBe(200);
});
