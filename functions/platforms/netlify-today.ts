// Netlify Functions entry for the tip of the day's redirects, feeds and embed (functions/today/todayApp.ts):
// a _redirects rule cannot compute a date. No database: the tips come from the bundle's content folder.
import { Hono } from 'hono';
import { ConfigError, loadConfig } from '../config.ts';
import { createContent } from '../content.ts';
import { safeError } from '../safeError.ts';
import { bundledFiles } from '../start.ts';
import { createTodayApp } from '../today/todayApp.ts';

function startToday() {
  try {
    // Only Netlify reaches this code: TRUST_PROXY is not this entry's to read (as in netlify.ts).
    const { TRUST_PROXY: _, ...env } = process.env;
    const config = loadConfig({
      CONTENT_DIR: bundledFiles.content,
      ...(process.env.URL ? { SITE_URL: process.env.URL } : {}),
      ...env,
    });
    return createTodayApp({
      content: createContent(config.contentDir),
      siteUrl: config.siteUrl,
      today: config.today,
    });
  } catch (error) {
    const why = `The tip of the day cannot start: ${error instanceof ConfigError ? error.message : safeError(error)}`;
    console.error(why);
    return new Hono().all('*', (c) => c.text('Something went wrong', 500));
  }
}

const app = startToday();

export default (request: Request): Promise<Response> | Response => app.fetch(request);

// Netlify reads this as a literal when it bundles (an imported value fails the build): the same paths as
// `todayPaths`, which tests/functions/tipOfTheDay.test.ts checks.
export const config = {
  path: ['/today', '/today.xml', '/embed/today', '/bg/today', '/bg/today.xml', '/bg/embed/today'],
};
