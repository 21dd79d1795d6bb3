// POST /newsletter/send of the admin API: the site sends an issue with its own mail transport, secret and
// SITE_URL, and streams its progress to the command as lines of JSON (one per letter, then the summary).
// A command that stops (Ctrl-C) stops the send after the letter in hand; running it again resumes.
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { type Config, productionProblem } from '../config.ts';
import { createMailTransport } from '../mail/transport.ts';
import { issueSlugPattern } from '../newsletter/issueSchema.ts';
import { IssueError, listIssues, loadIssue } from '../newsletter/issues.ts';
import { type SendSummary, sendIssue } from '../newsletter/send.ts';
import { SendRunningError } from '../newsletter/sendLock.ts';
import type { AdminOptions } from './adminOptions.ts';

/** One line of the answer: progress, the end, or why it stopped. */
export type SendLine =
  | { done: number; total: number; transport?: string; perSecond?: number }
  | { summary: SendSummary }
  | { error: string };

/** What to say when `slug` is not an issue of the content, naming those there are; undefined when it is. */
export async function unknownIssue(contentDir: string, slug: string) {
  const known = await listIssues(contentDir);
  if (known.includes(slug)) return undefined;
  const issues =
    known.length > 0 ? `Issues: ${known.join(', ')}.` : 'There are no issues in content/newsletter yet.';
  return `Unknown issue: ${slug}. ${issues}`;
}

/** Where letters' links point: SITE_URL, or the address `npm run serve` uses by default. */
export const siteUrlOf = (config: Config) => config.siteUrl ?? `http://${config.host}:${config.port || 4321}`;

const sendBody = z.object({ slug: z.string().regex(issueSlugPattern), dryRun: z.boolean().default(false) });

const noSecret =
  "HASH_SECRET is not set and the database holds no secret: set HASH_SECRET to the site's own, so links in letters work.";

export function sendRoute(options: AdminOptions) {
  const { config } = options.services;
  return new Hono().post('/send', zValidator('json', sendBody), async (c) => {
    const { slug, dryRun } = c.req.valid('json');
    const smtp = Boolean(config.mail.smtpUrl) && !dryRun;
    const refused = productionProblem(config, smtp, 'letters sent through SMTP_URL');
    if (refused) return c.json({ error: refused }, 409);
    const unknown = await unknownIssue(config.contentDir, slug);
    if (unknown) return c.json({ error: unknown }, 404);
    const issue = await loadIssue(config.contentDir, slug).catch((error: Error) =>
      error instanceof IssueError ? error : Promise.reject(error),
    );
    if (issue instanceof IssueError) return c.json({ error: issue.message }, 422);
    const secret = await options.secret();
    if (!secret) return c.json({ error: noSecret }, 409);
    const aborted = new AbortController();
    return stream(c, async (out) => {
      out.onAbort(() => aborted.abort());
      const line = (value: SendLine) => out.writeln(JSON.stringify(value));
      const transport = createMailTransport(config);
      try {
        await line({ done: 0, total: 0, transport: transport.description, perSecond: config.mail.perSecond });
        const summary = await sendIssue(options.database.db, {
          transport,
          context: { secret, siteUrl: options.siteUrl },
          slug,
          issue,
          perSecond: config.mail.perSecond,
          dryRun,
          signal: aborted.signal,
          onProgress: (done, total) => void line({ done, total }),
        });
        await line({ summary });
      } catch (error) {
        if (!(error instanceof SendRunningError))
          console.error(`newsletter send failed: ${(error as Error).message}`);
        await line({ error: (error as Error).message });
      } finally {
        transport.close();
      }
    });
  });
}
