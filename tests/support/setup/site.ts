import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { builtDir } from '../builtSite.ts';
import { behindProxy } from '../processes.ts';
import { serveSite } from '../serveSite.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Serves the real built site and the real functions for the whole browser suite. */
export default async function setup(project: TestProject) {
  if (!existsSync(`${builtDir}/index.html`))
    throw new Error(`No build in ${builtDir}: run \`npm run build\` first.`);
  const site = await serveSite({
    DIST_DIR: builtDir,
    // Each test context sends its own X-Forwarded-For, so rate limits count per test, not per suite.
    ...(await behindProxy()),
    SUBSCRIBE_LIMIT_PER_HOUR: '5',
  });
  project.provide('baseURL', site.baseURL);
  return () => site.stop();
}
