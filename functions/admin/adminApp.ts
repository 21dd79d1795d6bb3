// The operator's API: what `npm run admin`, `newsletter` and `purge` ask of the site. The running
// server answers it on a Unix socket in DATA_DIR (adminSocket.ts), with its own configuration (SITE_URL,
// mail, secret, limits); a command with no server to ask runs the same app in its own process
// (adminClient.ts). Inputs are checked with zod, as the public API's are.
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { isValidEmail, languages, normaliseEmail } from '../contract.ts';
import { signBackup } from '../db/backupSignature.ts';
import { healthProblems } from '../health/problems.ts';
import { deleteOutboxLetters } from '../mail/outbox.ts';
import { queueReport } from '../mail/queueReport.ts';
import { deleteComment, heldComments, setCommentStatus } from '../moderation.ts';
import { deletePerson, exportPerson } from '../personalData.ts';
import { purgeExpired } from '../retention.ts';
import { databaseInUse, siteStats } from '../stats.ts';
import { tipReport } from '../tipRanking.ts';
import { type AdminOptions, noSecret } from './adminOptions.ts';
import { backupStatus } from './backupCheck.ts';
import { newestBackup } from './nightlyBackups.ts';
import { sendRoute } from './sendRoute.ts';

const noHashes = noSecret('the hashes of this address cannot be computed');

// The site's own rule for addresses, as the public API applies it.
const email = z.object({
  email: z.string().transform(normaliseEmail).refine(isValidEmail, 'expected an email address'),
});
const commentId = z.object({ id: z.coerce.number().int().positive() });

export function createAdminApp(options: AdminOptions) {
  const { database } = options;
  const { db } = database;
  const { config } = options.services;
  const app = new Hono();
  app.onError((error, c) => c.json({ error: error.message }, 500));
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
      .route('/newsletter', sendRoute(options))
  );
}

export type AdminApp = ReturnType<typeof createAdminApp>;
