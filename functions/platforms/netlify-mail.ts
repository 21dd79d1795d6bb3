// Netlify Scheduled Function: drains the mail queue every minute (Netlify's shortest schedule), so a
// confirmation letter leaves within about a minute of the subscription, and a letter of the course
// within a minute of its time. The course comes from the bundled content/ (netlify.toml's included_files).
import { ConfigError } from '../config.ts';
import { watchHealth } from '../health/alerts.ts';
import { drainQueue } from '../mail/queue.ts';
import { createMailTransport } from '../mail/transport.ts';
import { safeError } from '../safeError.ts';
import { drainOptions, entryConfig, onNetlify, openMigrated, startServices } from '../start.ts';

// Scheduled functions may run 30 seconds; stop starting batches well before that.
const budgetMs = 20_000;

/** The settings, or why there are none: said at start, and again at every run that cannot go. */
function settingsOrProblem() {
  try {
    return entryConfig(onNetlify(1));
  } catch (error) {
    const problem = error instanceof ConfigError ? error.message : safeError(error);
    console.error(`Mail queue stopped: ${problem}`);
    return problem;
  }
}

const settings = settingsOrProblem();

/** Sends what is due, batch after batch within the budget; returns what became of the letters. */
async function drain(config: Exclude<typeof settings, string>) {
  const database = await openMigrated('Netlify', config.databaseUrl, 1);
  const transport = createMailTransport(config);
  try {
    const services = startServices(config, async () => database);
    const options = await drainOptions(services, transport, config.siteUrl ?? '');
    // Before the letters: the operator hears of trouble (and of its end) once a run.
    await watchHealth({
      config,
      database: services.db,
      transport,
      siteUrl: config.siteUrl ?? '',
      log: console.warn,
    });
    const started = Date.now();
    const total = { sent: 0, retrying: 0, failed: 0, bounced: 0 };
    while (Date.now() - started < budgetMs) {
      const result = await drainQueue(database.db, options);
      total.sent += result.sent;
      total.retrying += result.retrying;
      total.failed += result.failed;
      total.bounced += result.bounced;
      if (result.capped || result.sent + result.retrying + result.failed + result.bounced === 0) break;
    }
    return total;
  } finally {
    transport.close();
    await database.close();
  }
}

export default async (): Promise<Response> => {
  if (typeof settings === 'string') {
    console.error(`Mail queue stopped: ${settings}`);
    return new Response(null, { status: 500 });
  }
  try {
    const { sent, retrying, failed, bounced } = await drain(settings);
    // Retrying: failed this time, tried again later; failed: given up after the last try; bounced: the
    // mailbox refused for good, and unsubscribed.
    const dropped = bounced > 0 ? `, bounced ${bounced}` : '';
    console.log(`Mail queue: sent ${sent}, retrying ${retrying}, failed ${failed}${dropped}.`);
    return new Response(null, { status: 204 });
  } catch (error) {
    // Never the error's message: a driver's quotes the query and its parameters (visitors' addresses).
    console.error(`Mail queue: drain failed: ${safeError(error)}`);
    return new Response(null, { status: 500 });
  }
};

export const config = { schedule: '* * * * *' };
