// The mail queue's drainer: sends the letters subscriptions asked for, with retries and back-off.
// Runs every few seconds in `npm run serve` and every minute on Netlify (platforms/netlify-mail.ts).
// Several drainers may run at once: each claims its letters (row locks, skipped by the others).
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type MailKind, mailQueue, rateLimits, subscribers } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { forgetSubscriber } from '../erasure.ts';
import { countAttempt } from '../http/rateLimit.ts';
import { lettersFailedTotal, lettersSentTotal } from '../metrics/counters.ts';
import { safeError } from '../safeError.ts';
import { countBounce, isPermanentRefusal } from './bounces.ts';
import { queueCourseLetters } from './courseSchedule.ts';
import type { LetterContext } from './letters.ts';
import type { Operator } from './moderationLetters.ts';
import { recordFailure } from './retries.ts';
import { countSentLetter } from './sentCounts.ts';
import type { Letter, MailTransport } from './transport.ts';

const hourMs = 3_600_000;
/**
 * The longest one letter may take: the transport's own timeouts (connect 10 s, greeting 10 s, an idle
 * socket 30 s) are per step, so a slow server could exceed them; a send still going after this counts
 * as failed and is retried.
 */
export const letterTimeoutMs = 60_000;
// A claimed letter is not claimed again until the batch that holds it must be over (each of its
// letters within letterTimeoutMs), with a minute to spare, in case its drainer dies mid-send.
const leaseMs = (batch: number) => batch * letterTimeoutMs + 60_000;
// The global cap's counters: one row per clock hour and kind in the rate-limit table (client key `*`, for
// every client at once). Confirmation letters and the course's each have a share of CONFIRM_MAIL_PER_HOUR
// of their own, so a flood of sign-ups that spends the confirmations' share never holds up a subscriber's
// course (a day-28 letter must leave before the day-30 purge).
type CappedKind = Exclude<MailKind, 'moderation'>;
const capAction: Record<CappedKind, string> = { confirm: 'confirm-mail', course: 'course-mail' };

export interface DrainOptions {
  transport: MailTransport;
  context: LetterContext;
  /** CONFIRM_MAIL_PER_HOUR: most confirmation letters per clock hour, as many course letters; 0: no cap. */
  confirmPerHour: number;
  /** The content folder, for the letters of the course; a drainer without it sends only confirmations. */
  contentDir?: string;
  now?: Date;
  batch?: number;
  /** The operator (ADMIN_EMAIL) to tell about held comments; without one no such letter is sent. */
  operator?: Operator;
  /** Called for each letter that left, e.g. to print the confirmation link of a local run. */
  onSent?: (sent: { confirmUrl?: string; file?: string }) => void;
  /** Run before each drain: the health watch that tells the operator of trouble (health/alerts.ts). */
  watch?: (now: Date) => Promise<unknown>;
}

// Fair shares under the hourly cap: when more letters wait than the cap lets through (a flood of
// strangers' sign-ups), they are taken in turns per recipient domain, within a domain the newest first,
// and within a turn the oldest first. A flood aimed at one domain then takes one letter per turn from
// the others, a visitor who signs up during or after it waits for the next turn, not behind the
// backlog, and fresh letters from many domains cannot keep overtaking an older visitor's in the same
// turn; the backlog goes at the cap's pace until the purge removes it with its pending addresses.
// Each client's own share is the per-client limit on sign-ups (SUBSCRIBE_LIMIT_PER_HOUR), which every
// letter comes from. Ranking needs no lock; the rows are locked (skipping other drainers') afterwards.
const fairTurn = (email: SQL, newest: SQL) =>
  sql`row_number() over (partition by split_part(${email}, '@', 2) order by ${newest} desc)`;

/** Claims up to `limit` waiting letters of `kind`, for a drain that may send `batch` letters in all. */
async function claim(db: Db, now: Date, kind: CappedKind, limit: number, batch: number) {
  if (limit <= 0) return [];
  return db
    .update(mailQueue)
    .set({
      attempts: sql`${mailQueue.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs(batch)),
    })
    .from(subscribers)
    .where(
      sql`${subscribers.id} = ${mailQueue.subscriberId} and ${mailQueue.id} in (
        select id from mail_queue where id in (
          select id from (
            select q.id, q.created_at, ${fairTurn(sql`s.email`, sql`q.created_at, q.id`)} as turn
            from mail_queue q join subscribers s on s.id = q.subscriber_id
            where q.kind = ${kind} and q.status = 'waiting' and q.next_attempt_at <= ${now}) ranked
          order by turn, created_at, id limit ${limit})
        -- Asked again of the row as it is once locked: a drainer that ranked it before another claimed
        -- it (and committed) must not claim it too.
        and status = 'waiting' and next_attempt_at <= ${now}
        for update skip locked)`,
    )
    .returning({
      id: mailQueue.id,
      kind: mailQueue.kind,
      attempts: mailQueue.attempts,
      courseStep: mailQueue.courseStep,
      createdAt: mailQueue.createdAt,
      subscriberId: subscribers.id,
      email: subscribers.email,
      language: subscribers.language,
    });
}

/**
 * Moves the confirmation letters that subscriptions asked for (`subscribers.confirm_wanted`) into the
 * queue, in one statement, so none is lost or doubled: all of them (exports and the queue view start
 * here), or at most `limit` in fair turns (a drain, which moves no more than it may send: on PGlite
 * one statement moving a burst of thousands held every other request up for a moment, every two
 * seconds).
 */
export async function queueRequestedLetters(db: Db, now = new Date(), limit?: number): Promise<void> {
  const bounded =
    limit === undefined
      ? sql`confirm_wanted`
      : sql`id in (select id from ${subscribers} where id in (
                     select id from (
                       select id, confirm_sent_at, ${fairTurn(sql`email`, sql`confirm_sent_at`)} as turn
                       from ${subscribers} where confirm_wanted) ranked
                     order by turn, confirm_sent_at limit ${limit})
                   for update skip locked)`;
  await db.execute(sql`
    with wanted as (
      update ${subscribers} set confirm_wanted = false where ${bounded} returning id)
    insert into ${mailQueue} (subscriber_id, next_attempt_at) select id, ${now} from wanted`);
}

function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('letter timed out'), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Sends what is due at `now`, up to `batch` letters and the hourly cap. */
export async function drainQueue(db: Db, options: DrainOptions) {
  const now = options.now ?? new Date();
  // Letters sent; failed this time (`retrying`, tried again later) or for the last time (`failed`); and
  // whether the hourly cap (either kind's share) stopped the drain, the rest waiting for the next hour.
  const result = { sent: 0, retrying: 0, failed: 0, bounced: 0, capped: false };
  await options.watch?.(now);
  if (options.operator) {
    // Loaded only where an operator is configured; outside the hourly cap on confirmation letters.
    const { drainModerationLetters } = await import('./moderationLetters.ts');
    Object.assign(result, await drainModerationLetters(db, options, now));
  }
  const windowStart = new Date(Math.floor(now.getTime() / hourMs) * hourMs);
  const batch = options.batch ?? 20;
  const hourCounter = { clientKey: '*', windowStart, max: options.confirmPerHour };
  // Each capped kind's letters sent this clock hour, when there is a cap.
  const counted =
    options.confirmPerHour > 0
      ? await db
          .select({ action: rateLimits.action, hits: rateLimits.hits })
          .from(rateLimits)
          .where(and(eq(rateLimits.clientKey, '*'), eq(rateLimits.windowStart, windowStart)))
      : undefined;
  const roomFor = (kind: CappedKind) => {
    if (!counted) return batch;
    const sent = counted.find((row) => row.action === capAction[kind])?.hits ?? 0;
    return Math.max(0, Math.min(batch, options.confirmPerHour - sent));
  };
  const room = { confirm: roomFor('confirm'), course: options.contentDir ? roomFor('course') : 0 };
  await queueRequestedLetters(db, now, room.confirm);
  await queueCourseLetters(db, now, room.course);
  const confirms = await claim(db, now, 'confirm', room.confirm, room.confirm + room.course);
  const course = await claim(db, now, 'course', room.course, room.confirm + room.course);
  // The cap, not the batch size, decided how many to take, and all were taken.
  result.capped =
    (room.confirm < batch && confirms.length === room.confirm) ||
    (options.contentDir !== undefined && room.course < batch && course.length === room.course);
  // The oldest first, whichever kind.
  const claimed = [...confirms, ...course].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  if (claimed.length === 0) return result;
  // The templates (React Email, half a second to load) only once there is a letter: the API's routes
  // import this module, and most of their cold starts send nothing.
  const { confirmationLetter, courseLetterOf } = await import('./letters.ts');
  for (const letter of claimed) {
    // Unsubscribed or deleted since the claim (a batch takes a while): the row took this letter with it.
    if ((await db.$count(subscribers, eq(subscribers.id, letter.subscriberId))) === 0) continue;
    try {
      const recipient = { id: letter.subscriberId, email: letter.email, language: letter.language };
      // Made from the queued letter alone (its id and time), so a letter sent again after a crash is the
      // same letter, with the same Message-ID, and mail programs show it once.
      const made: Letter & { confirmUrl?: string } =
        letter.courseStep === null
          ? await confirmationLetter(options.context, recipient, letter.createdAt, letter.id)
          : await courseLetterOf(options.contentDir, options.context, recipient, letter.courseStep);
      const { file } = await withinTimeout(options.transport.send(made), letterTimeoutMs);
      await db.delete(mailQueue).where(eq(mailQueue.id, letter.id));
      await countSentLetter(db, letter.kind, now);
      if (options.confirmPerHour > 0 && letter.kind !== 'moderation') {
        await countAttempt(db, { ...hourCounter, action: capAction[letter.kind] });
      }
      result.sent++;
      lettersSentTotal.inc({ kind: letter.kind });
      options.onSent?.({ confirmUrl: made.confirmUrl, file });
    } catch (error) {
      if (isPermanentRefusal(error)) {
        // The mailbox does not exist: no further letter goes there (a retry, the next of the course),
        // which mail providers would count against the sender. Forgotten as an unsubscribe is.
        await forgetSubscriber(db, options.context.secret, letter.subscriberId);
        await countBounce(db);
        result.bounced++;
        lettersFailedTotal.inc({ kind: letter.kind, outcome: 'bounced' });
        continue;
      }
      const before = result.failed;
      await recordFailure(db, letter, now, error, result);
      lettersFailedTotal.inc({ kind: letter.kind, outcome: result.failed > before ? 'gave_up' : 'retry' });
    }
  }
  return result;
}

export type QueueRunner = ReturnType<typeof startQueueRunner>;

/** Drains every `intervalMs` in this process (`npm run serve`), one drain at a time. */
export function startQueueRunner(
  db: Db,
  options: Omit<DrainOptions, 'now'>,
  log: (message: string) => void,
  intervalMs = 2_000,
) {
  let running: Promise<void> | undefined;
  /** Drains now (unless a drain is running) and resolves when done. */
  const drain = () => {
    running ??= drainQueue(db, options)
      .then(({ retrying, failed, bounced }) => {
        if (retrying + failed > 0) {
          log(`Mail queue: ${retrying} letter(s) failed and will be retried, ${failed} gave up.`);
        }
        if (bounced > 0) log(`Mail queue: ${bounced} mailbox(es) refused for good, unsubscribed.`);
      })
      .catch((error: unknown) => log(`Mail queue: drain failed: ${safeError(error)}`))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(drain, intervalMs);
  timer.unref();
  return {
    drain,
    /** Stops the timer and waits for a drain in progress. */
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
