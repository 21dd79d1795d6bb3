// The mail queue's drainer: sends every letter (confirmations, the course, the newsletter's issues, the
// operator's about held comments), with retries and back-off. Runs every few seconds in `npm run serve`,
// every minute on Netlify (platforms/netlify-mail.ts) and during `newsletter send` (its issue's letters).
// Several drainers may run at once: each claims its letters (row locks, skipped by the others).
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type MailKind, mailQueue, rateLimits, subscribers } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { forgetSubscriber } from '../erasure.ts';
import { lettersFailedTotal, lettersSentTotal } from '../metrics/counters.ts';
import { loadIssue } from '../newsletter/issues.ts';
import { safeError } from '../safeError.ts';
import { countAttempt } from '../security/attempts.ts';
import { countBounce, isPermanentRefusal } from './bounces.ts';
import { queueCourseLetters } from './courseSchedule.ts';
import type { LetterContext } from './letters.ts';
import { moderationLetterNow, type Operator } from './moderationLetters.ts';
import { recordFailure } from './retries.ts';
import { countSentLetter } from './sentCounts.ts';
import type { Letter, MailTransport } from './transport.ts';

const hourMs = 3_600_000;
/** A letter made to leave: a confirmation's link to print, what to do once a letter to the operator left. */
type Made = Letter & { confirmUrl?: string; sent?: () => Promise<void> };
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
type CappedKind = 'confirm' | 'course';
const capAction: Record<CappedKind, string> = { confirm: 'confirm-mail', course: 'course-mail' };

export interface DrainOptions {
  transport: MailTransport;
  context: LetterContext;
  /** CONFIRM_MAIL_PER_HOUR: most confirmation letters per clock hour, as many course letters; 0: no cap. */
  confirmPerHour: number;
  /** The content folder, for the course's letters and the issues; without it only confirmations go. */
  contentDir?: string;
  /** Which kinds this drain sends (`newsletter send`: its issue's); every kind when absent. */
  kinds?: readonly MailKind[];
  /** NEWSLETTER_PER_SECOND: most issue letters per second, in this process; unpaced when absent. */
  perSecond?: number;
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

/** Claims up to `limit` due letters of `kind` until `leaseMs` from now (a moderation letter has no subscriber). */
async function claim(db: Db, now: Date, kind: MailKind, limit: number, leaseMs: number) {
  if (limit <= 0) return [];
  return db
    .update(mailQueue)
    .set({ attempts: sql`${mailQueue.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(
      sql`${mailQueue.id} in (
        select id from mail_queue where id in (
          select id from (
            select q.id, q.created_at, ${fairTurn(sql`coalesce(s.email, '')`, sql`q.created_at, q.id`)} as turn
            from mail_queue q left join subscribers s on s.id = q.subscriber_id
            where q.kind = ${kind} and q.status = 'waiting' and q.next_attempt_at <= ${now}) ranked
          order by turn, created_at, id limit ${limit})
        -- Asked again of the row as it is once locked: a drainer that ranked it before another claimed
        -- it (and committed) must not claim it too.
        and status = 'waiting' and next_attempt_at <= ${now}
        for update skip locked)`,
    )
    .returning();
}

// Issue letters leave at most NEWSLETTER_PER_SECOND a second from this process, whichever drain sends them.
let nextIssueAt = 0;
const issueTurn = () => sleep(Math.max(0, nextIssueAt - Date.now()));
async function paceIssue(perSecond: number | undefined) {
  if (!perSecond) return;
  await issueTurn();
  nextIssueAt = Date.now() + 1000 / perSecond;
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

/** Sends what is due at `now`, up to `batch` letters (of each kind) and the hourly cap. */
export async function drainQueue(db: Db, options: DrainOptions) {
  const now = options.now ?? new Date();
  // Letters sent; failed this time (`retrying`, tried again later) or for the last time (`failed`); and
  // whether the hourly cap (either kind's share) stopped the drain, the rest waiting for the next hour.
  const result = { sent: 0, retrying: 0, failed: 0, bounced: 0, capped: false };
  const wants = (kind: MailKind) => options.kinds?.includes(kind) ?? true;
  await options.watch?.(now);
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
    if (!wants(kind) || (kind === 'course' && !options.contentDir)) return 0;
    if (!counted) return batch;
    const sent = counted.find((row) => row.action === capAction[kind])?.hits ?? 0;
    return Math.max(0, Math.min(batch, options.confirmPerHour - sent));
  };
  const room = { confirm: roomFor('confirm'), course: roomFor('course') };
  // Issues are the operator's own sending, outside the cap, paced instead (NEWSLETTER_PER_SECOND).
  const issueRoom = options.contentDir && wants('issue') ? batch : 0;
  const lease = leaseMs(room.confirm + room.course + issueRoom);
  // Waited for before the claim too, so a drain stopped while it waits holds no letter.
  if (issueRoom > 0 && options.perSecond) await issueTurn();
  if (wants('confirm')) await queueRequestedLetters(db, now, room.confirm);
  await queueCourseLetters(db, now, room.course);
  // Outside the hourly cap: one letter about held comments at a time, which lists them all when it leaves.
  const operatorRoom = options.operator && wants('moderation') ? 1 : 0;
  const moderation = await claim(db, now, 'moderation', operatorRoom, leaseMs(1));
  const confirms = await claim(db, now, 'confirm', room.confirm, lease);
  const course = await claim(db, now, 'course', room.course, lease);
  const issues = await claim(db, now, 'issue', issueRoom, lease);
  // The cap, not the batch size, decided how many to take, and all were taken.
  result.capped =
    (wants('confirm') && room.confirm < batch && confirms.length === room.confirm) ||
    (room.course < batch && course.length === room.course && wants('course') && !!options.contentDir);
  // The operator's first, then the oldest first, whichever kind.
  const claimed = [
    ...moderation,
    ...[...confirms, ...course, ...issues].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
  ];
  if (claimed.length === 0) return result;
  // The templates (React Email, half a second to load) only once there is a letter: the API's routes
  // import this module, and most of their cold starts send nothing.
  const { confirmationLetter, courseLetter, issueLetter } = await import('./letters.ts');
  /**
   * The letter a claimed row stands for, with what to do once it left; undefined when there is nobody to
   * send it to, or nothing to say. A subscriber's is made from the row alone (its id and time, step or
   * issue), so a letter sent again after a crash is the same letter, with the same Message-ID, and mail
   * programs show it once.
   */
  const make = async (letter: typeof mailQueue.$inferSelect): Promise<Made | undefined> => {
    const { kind, id, subscriberId, issue, courseStep, createdAt } = letter;
    if (kind === 'moderation' && options.operator) {
      return moderationLetterNow(db, options.context, options.operator, now);
    }
    // Unsubscribed or deleted since the claim (a batch takes a while): the row took this letter with it.
    const [recipient] = await db
      .select({ id: subscribers.id, email: subscribers.email, language: subscribers.language })
      .from(subscribers)
      .where(eq(subscribers.id, subscriberId ?? ''));
    if (!recipient) return undefined;
    const contentDir = options.contentDir ?? '';
    if (issue !== null) {
      const text = (await loadIssue(contentDir, issue))[recipient.language];
      const made = await issueLetter(options.context, recipient, issue, text);
      await paceIssue(options.perSecond);
      return made;
    }
    if (courseStep !== null) return courseLetter(contentDir, options.context, recipient, courseStep);
    return confirmationLetter(options.context, recipient, createdAt, id);
  };
  for (const letter of claimed) {
    const itsRow = eq(mailQueue.id, letter.id);
    try {
      const made = await make(letter);
      if (!made) {
        await db.delete(mailQueue).where(itsRow);
        continue;
      }
      const { file } = await withinTimeout(options.transport.send(made), letterTimeoutMs);
      // An issue's letter stays, sent, so `newsletter send` run again adds none for this reader.
      if (letter.kind === 'issue') {
        await db.update(mailQueue).set({ status: 'sent', nextAttemptAt: now }).where(itsRow);
      } else await db.delete(mailQueue).where(itsRow);
      await made.sent?.();
      await countSentLetter(db, letter.kind, now);
      if (options.confirmPerHour > 0 && letter.kind in capAction) {
        await countAttempt(db, { ...hourCounter, action: capAction[letter.kind as CappedKind] });
      }
      result.sent++;
      lettersSentTotal.inc({ kind: letter.kind });
      options.onSent?.({ confirmUrl: made.confirmUrl, file });
    } catch (error) {
      if (letter.subscriberId && isPermanentRefusal(error)) {
        // The mailbox does not exist: no further letter goes there (a retry, the next of the course),
        // which mail providers would count against the sender. Forgotten as an unsubscribe is.
        await forgetSubscriber(db, options.context.secret, letter.subscriberId);
        await countBounce(db);
        result.bounced++;
        lettersFailedTotal.inc({ kind: letter.kind, outcome: 'bounced' });
        continue;
      }
      const gaveUp = await recordFailure(db, letter, now, error);
      result[gaveUp ? 'failed' : 'retrying']++;
      lettersFailedTotal.inc({ kind: letter.kind, outcome: gaveUp ? 'gave_up' : 'retry' });
    }
  }
  return result;
}

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
    /** A whole drain that starts from now: after the one in progress, if any (`newsletter send`). */
    drainAfter: async () => {
      await running;
      await drain();
    },
    /** Stops the timer and waits for a drain in progress. */
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
