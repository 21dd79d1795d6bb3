// POST /newsletter/send of the admin API: the site queues an issue's letters and drains them with its own
// mail transport, secret and SITE_URL, streaming its progress to the command as lines of JSON (one per
// letter, then the summary). A command that stops (Ctrl-C) stops the run after the letter in hand; the
// letters left wait in the queue, and running it again (or the site's mail queue) sends them.
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { productionProblem } from '../config.ts';
import { dryRunIssue, type SendLine, sendIssue } from '../mail/issueLetters.ts';
import { drainQueue } from '../mail/queue.ts';
import { createMailTransport } from '../mail/transport.ts';
import { issueSlugPattern } from '../newsletter/issueSchema.ts';
import { IssueError, loadIssue, unknownIssue } from '../newsletter/issues.ts';
import { type AdminOptions, noSecret } from './adminOptions.ts';

const sendBody = z.object({ slug: z.string().regex(issueSlugPattern), dryRun: z.boolean().default(false) });

export function sendRoute(options: AdminOptions) {
  const { config } = options.services;
  const { db } = options.database;
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
    if (!secret) return c.json({ error: noSecret('the links of letters cannot be signed') }, 409);
    const context = { secret, siteUrl: options.siteUrl };
    const aborted = new AbortController();
    return stream(c, async (out) => {
      out.onAbort(() => aborted.abort());
      const line = (value: SendLine) => out.writeln(JSON.stringify(value));
      const transport = createMailTransport(config);
      const { perSecond } = config.mail;
      try {
        await line({ done: 0, total: 0, transport: transport.description, perSecond });
        if (dryRun) return void (await line({ summary: await dryRunIssue(db, context, slug, issue) }));
        // The server's drain, or the queue's drain here, one letter at a time, so progress shows per letter.
        const ownDrain = () =>
          drainQueue(db, {
            transport,
            context,
            confirmPerHour: 0,
            contentDir: config.contentDir,
            kinds: ['issue'],
            batch: 1,
            perSecond,
          });
        const drain = options.drainMail ?? ownDrain;
        const summary = await sendIssue(db, {
          slug,
          drain,
          signal: aborted.signal,
          onProgress: (done, total) => void line({ done, total }),
        });
        await line({ summary });
      } catch (error) {
        console.error(`newsletter send failed: ${(error as Error).message}`);
        await line({ error: (error as Error).message });
      } finally {
        transport.close();
      }
    });
  });
}
