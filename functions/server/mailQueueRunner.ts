// The mail queue in `npm run serve`: drained every two seconds (confirmation letters, the letters of the
// course, issues a `newsletter send` left, letters to the operator); with no SMTP_URL each letter lands in DATA_DIR/outbox (a confirmation letter's link is
// printed), so a local run works with no mail server.
import path from 'node:path';
import { type Config, isLoopback } from '../config.ts';
import type { Db } from '../db/types.ts';
import { watchHealth } from '../health/alerts.ts';
import { startQueueRunner } from '../mail/queue.ts';
import { createMailTransport } from '../mail/transport.ts';
import { loadCourse } from '../newsletter/course.ts';
import { safeError } from '../safeError.ts';
import type { Services } from '../services.ts';
import { drainOptions } from '../start.ts';

/** A path as short as it can be said: relative inside the working directory, absolute elsewhere. */
const shown = (file: string) =>
  file.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), file) : file;

export async function startMailQueue(db: Db, config: Config, services: Services, siteUrl: string) {
  const transport = createMailTransport(config);
  const local = isLoopback(config.host) && !config.production;
  console.log(`Letters go to ${config.mail.smtpUrl ? transport.description : shown(transport.description)}.`);
  let options: Awaited<ReturnType<typeof drainOptions>>;
  try {
    options = await drainOptions(services, transport, siteUrl);
  } catch (error) {
    // Letters keep waiting in the queue; the next start sends them.
    console.error(`Mail queue not started: ${safeError(error)}`);
    transport.close();
    return { drainAfter: undefined, stop: async () => {} };
  }
  // A broken course is said at start, not first when a letter of it is due (it then waits and retries).
  await loadCourse(config.contentDir).catch((error: Error) => console.error(error.message));
  const runner = startQueueRunner(
    db,
    {
      ...options,
      watch: (now) =>
        watchHealth({ config, database: services.db, transport, siteUrl, log: console.warn }, now),
      onSent: ({ confirmUrl, file }) => {
        // The link (a live token) only for a local run: a log elsewhere is read by others.
        if (file && confirmUrl && local) console.log(`Confirmation letter in ${shown(file)}: ${confirmUrl}`);
        else if (file && confirmUrl) console.log(`Confirmation letter in ${shown(file)}.`);
      },
    },
    (message) => console.warn(message),
  );
  void runner.drain();
  return {
    drainAfter: runner.drainAfter,
    stop: async () => {
      await runner.stop();
      transport.close();
    },
  };
}
