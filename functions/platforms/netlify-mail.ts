// Netlify Scheduled Function: drains the mail queue every minute (Netlify's shortest schedule), so a
// confirmation letter leaves within about a minute of the subscription, and a letter of the course
// within a minute of its time. Needs SITE_URL for the links and the content folder for the course.
import { loadConfig, productionProblem } from '../config.ts';
import { createContent } from '../content.ts';
import { openPostgres } from '../db/postgres.ts';
import { drainQueue } from '../mail/queue.ts';
import { createMailTransport } from '../mail/transport.ts';
import { createServices, operatorMail } from '../services.ts';

// Scheduled functions may run 30 seconds; stop starting batches well before that.
const budgetMs = 20_000;

export default async (): Promise<Response> => {
  const settings = loadConfig({
    PG_POOL_MAX: '1',
    ...(process.env.URL ? { SITE_URL: process.env.URL } : {}),
    ...process.env,
  });
  const problem = productionProblem(settings, true);
  if (!settings.databaseUrl || problem) {
    console.error(`Mail queue skipped: ${problem ?? 'DATABASE_URL must be set.'}`);
    return new Response(null, { status: 500 });
  }
  const database = openPostgres(settings.databaseUrl, 1);
  const transport = createMailTransport(settings);
  try {
    const services = createServices(settings, createContent(settings.contentDir), async () => database);
    const options = {
      transport,
      context: { secret: await services.hashSecret(), siteUrl: settings.siteUrl ?? '' },
      confirmPerHour: settings.mail.confirmPerHour,
      contentDir: settings.contentDir,
      operator: operatorMail(settings, services),
    };
    const started = Date.now();
    let sent = 0;
    while (Date.now() - started < budgetMs) {
      const result = await drainQueue(database.db, options);
      sent += result.sent;
      if (result.capped || result.sent + result.retrying + result.failed === 0) break;
    }
    console.log(`Mail queue: sent ${sent} letter(s).`);
    return new Response(null, { status: 204 });
  } finally {
    transport.close();
    await database.close();
  }
};

export const config = { schedule: '* * * * *' };
