// The operator's API: what `npm run admin`, `newsletter` and `purge` ask of the site. The running
// server answers it on a Unix socket in DATA_DIR (adminSocket.ts), with its own configuration (SITE_URL,
// mail, secret, limits); a command with no server to ask runs the same app in its own process
// (adminClient.ts). Inputs are checked with zod, as the public API's are.
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { productionProblem } from '../config.ts';
import { isValidEmail, languages, normaliseEmail } from '../contract.ts';
import { backupStatus } from '../db/backupCheck.ts';
import { signBackup } from '../db/backupSignature.ts';
import { newestBackup } from '../db/nightlyBackups.ts';
import type { Database } from '../db/types.ts';
import { healthProblems } from '../health/problems.ts';
import { dryRunIssue, type SendLine, sendIssue } from '../mail/issueLetters.ts';
import { deleteOutboxLetters } from '../mail/outbox.ts';
import { drainQueue } from '../mail/queue.ts';
import { queueReport } from '../mail/queueReport.ts';
import { createMailTransport } from '../mail/transport.ts';
import { deleteComment, heldComments, setCommentStatus } from '../moderation.ts';
import { issueSlugPattern } from '../newsletter/issueSchema.ts';
import { IssueError, loadIssue } from '../newsletter/issues.ts';
import { deletePerson, exportPerson } from '../personalData.ts';
import { purgeExpired } from '../retention.ts';
import type { Services } from '../services.ts';
import { databaseInUse, siteStats } from '../stats.ts';
import { tipReport } from '../tipRanking.ts';

export interface AdminOptions {
  services: Services;
  database: Database;
  /** Where letters' links point: the site's SITE_URL, or the address it serves on. */
  siteUrl: string;
  /** The site's secret, or undefined where none can be had (a command never makes one up). */
  secret(): Promise<string | undefined>;
  /**
   * The running server's drain of its mail queue (undefined while it has none): `newsletter send` then
   * sends through it, so the server's one pace holds; a command with no server drains on its own.
   */
  drainMail?: () => Promise<unknown>;
}

/** Refusal of what needs the secret when there is none. */
const noSecret = (what: string) =>
  `HASH_SECRET is not set and the database holds no secret, so ${what}: ` +
  "set HASH_SECRET to the site's own (in .env or the environment). Nothing was changed.";

const noHashes = noSecret('the hashes of this address cannot be computed');

// The site's own rule for addresses, as the public API applies it.
const email = z.object({
  email: z.string().transform(normaliseEmail).refine(isValidEmail, 'expected an email address'),
});
const commentId = z.object({ id: z.coerce.number().int().positive() });
const sendBody = z.object({ slug: z.string().regex(issueSlugPattern), dryRun: z.boolean().default(false) });

export function createAdminApp(options: AdminOptions) {
  const { database } = options;
  const { db } = database;
  const { config } = options.services;
  const app = new Hono();
  // An unknown issue (404) or a broken one (422) is the operator's to mend, not the site's failure.
  app.onError((error, c) =>
    c.json({ error: error.message }, error instanceof IssueError ? error.status : 500),
  );
  return (
    app
      // The site's address too: `newsletter preview` links to the site that is serving.
      .get('/health', (c) => c.json({ ok: true, siteUrl: options.siteUrl }))
      .get('/stats', async (c) => {
        const stats = await siteStats(db, databaseInUse(config));
        // No word on backups where none are configured (BACKUP_DIR unset); null where none was written yet.
        const backups = config.backup.dir ? await newestBackup(config.backup.dir) : undefined;
        const backupCheck = config.backup.dir ? ((await backupStatus(db)) ?? null) : undefined;
        // What /api/health reports as codes alone, here with the details.
        const health = await healthProblems(config, async () => database);
        return c.json({ ...stats, backups, backupCheck, health });
      })
      .post('/people/export', zValidator('json', email), async (c) => {
        const secret = await options.secret();
        if (!secret) return c.json({ error: noHashes }, 409);
        return c.json(await exportPerson(db, secret, c.req.valid('json').email));
      })
      .post('/people/delete', zValidator('json', email), async (c) => {
        const secret = await options.secret();
        if (!secret) return c.json({ error: noHashes }, 409);
        const address = c.req.valid('json').email;
        const { addresses, ...gone } = await deletePerson(db, secret, address);
        await deleteOutboxLetters(config.dataDir, [address, ...addresses]);
        return c.json(gone);
      })
      .get('/comments/held', async (c) => c.json(await heldComments(db)))
      .post(
        '/comments/:id/status',
        zValidator('param', commentId),
        zValidator('json', z.object({ status: z.enum(['published', 'hidden']) })),
        async (c) => {
          const found = await setCommentStatus(db, c.req.valid('param').id, c.req.valid('json').status);
          return c.json({ found });
        },
      )
      .delete('/comments/:id', zValidator('param', commentId), async (c) =>
        c.json({ found: await deleteComment(db, c.req.valid('param').id) }),
      )
      .get('/queue', async (c) => c.json({ report: await queueReport(db) }))
      .get('/tips', zValidator('query', z.object({ lang: z.enum(languages).optional() })), async (c) => {
        const { lang } = c.req.valid('query');
        return c.json(await tipReport(db, config.contentDir, lang ? [lang] : [...languages]));
      })
      .post('/purge', async (c) => c.json(await purgeExpired(db, new Date(), config.dataDir)))
      .post('/backup', async (c) => {
        // Signed, so a restore can tell it is this site's and how old it is (backupSignature.ts).
        const secret = await options.secret();
        if (!secret) return c.json({ error: noSecret('a backup cannot be signed') }, 409);
        return c.text(signBackup(secret, await database.dump()));
      })
      // The site queues an issue's letters and drains them with its own mail transport, secret and
      // SITE_URL, streaming its progress to the command as lines of JSON (one per letter, then the
      // summary). A command that stops (Ctrl-C) stops the run after the letter in hand; the letters left
      // wait in the queue, and running it again (or the site's mail queue) sends them.
      .post('/newsletter/send', zValidator('json', sendBody), async (c) => {
        const { slug, dryRun } = c.req.valid('json');
        const smtp = Boolean(config.mail.smtpUrl) && !dryRun;
        const refused = productionProblem(config, smtp, 'letters sent through SMTP_URL');
        if (refused) return c.json({ error: refused }, 409);
        const issue = await loadIssue(config.contentDir, slug);
        const secret = await options.secret();
        if (!secret) return c.json({ error: noSecret('the links of letters cannot be signed') }, 409);
        const context = { secret, siteUrl: options.siteUrl };
        return stream(c, async (out) => {
          const line = (value: SendLine) => out.writeln(JSON.stringify(value));
          const transport = createMailTransport(config);
          const { perSecond } = config.mail;
          try {
            await line({ done: 0, total: 0, transport: transport.description, perSecond });
            if (dryRun) return void (await line({ summary: await dryRunIssue(db, context, slug, issue) }));
            // The server's drain, or the queue's drain here, one letter at a time, so progress shows per
            // letter.
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
            const summary = await sendIssue(db, {
              slug,
              drain: options.drainMail ?? ownDrain,
              stopped: () => out.aborted,
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
      })
  );
}

export type AdminApp = ReturnType<typeof createAdminApp>;
