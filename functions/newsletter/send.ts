// Sends an issue to every confirmed subscriber, each in their language, resumably: the send log holds
// one row per (issue, subscriber), written `sending` before the letter goes and `sent` once the mail
// server took it. A second run, or a run after a crash or kill -9, sends only to those without `sent`.
// A letter cut off between the two writes goes again with the same Message-ID, which mail programs
// show once.
import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Lang } from '../contract.ts';
import { newsletterSends, type sendStatuses, subscribers } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { forgetSubscriber } from '../erasure.ts';
import { countBounce, isPermanentRefusal } from '../mail/bounces.ts';
import { issueLetter, type LetterContext } from '../mail/letters.ts';
import { backoffMs } from '../mail/retries.ts';
import type { Letter, MailTransport } from '../mail/transport.ts';
import { safeError } from '../safeError.ts';
import type { Issue } from './issues.ts';
import { lockIssueSend } from './sendLock.ts';

type SendStatus = (typeof sendStatuses)[number];

export interface SendOptions {
  transport: MailTransport;
  context: LetterContext;
  slug: string;
  issue: Issue;
  /** Letters per second at most (NEWSLETTER_PER_SECOND). */
  perSecond: number;
  dryRun?: boolean;
  /** Tries per letter before it counts as failed; the waits between them double (backoffMs). */
  tries?: number;
  firstRetryMs?: number;
  /** After each letter: how many of `total` are done (sent or failed) so far. */
  onProgress?: (done: number, total: number) => void;
  /** Stops the run after the letter in hand (the command that asked for it went away). */
  signal?: AbortSignal;
}

export interface SendSummary {
  /** Confirmed subscribers without this issue when the run started. */
  total: number;
  sent: number;
  /** Had it from an earlier run and were skipped. */
  alreadySent: number;
  /** Were being sent when an earlier run stopped, so were sent again. */
  resumed: number;
  failed: { subscriberId: string; error: string }[];
  /** Unsubscribed while the run went on, so not written to. */
  gone: number;
  /** Refused for good by their mail server (5xx), so unsubscribed (mail/bounces.ts). */
  bounced: number;
  byLanguage: Record<Lang, number>;
  dryRun: boolean;
}

/** PostgreSQL's foreign_key_violation, possibly wrapped by drizzle: the subscriber row is gone. */
const subscriberGone = (error: unknown) =>
  [error, (error as { cause?: unknown } | undefined)?.cause].some(
    (e) => (e as { code?: unknown })?.code === '23503',
  );

/**
 * Confirmed subscribers who have not got the issue, oldest first, with the state of their log row (one
 * at most: the log's primary key is the issue and the subscriber).
 */
function recipientsOf(db: Db, slug: string) {
  return db
    .select({
      id: subscribers.id,
      email: subscribers.email,
      language: subscribers.language,
      logStatus: newsletterSends.status,
    })
    .from(subscribers)
    .leftJoin(
      newsletterSends,
      and(eq(newsletterSends.subscriberId, subscribers.id), eq(newsletterSends.issue, slug)),
    )
    .where(and(eq(subscribers.status, 'confirmed'), sql`${newsletterSends.status} is distinct from 'sent'`))
    .orderBy(asc(subscribers.createdAt), asc(subscribers.id));
}

/** Writes the letter's row of the send log; `sending` counts a try. */
async function log(db: Db, slug: string, subscriberId: string, status: SendStatus, error?: string) {
  const attempts = status === 'sending' ? 1 : 0;
  const lastError = error ?? null;
  await db
    .insert(newsletterSends)
    .values({ issue: slug, subscriberId, status, attempts, lastError })
    .onConflictDoUpdate({
      target: [newsletterSends.issue, newsletterSends.subscriberId],
      set: {
        status,
        lastError,
        updatedAt: sql`now()`,
        attempts: sql`${newsletterSends.attempts} + ${attempts}`,
      },
    });
}

async function sendWithRetries(
  transport: MailTransport,
  letter: Letter,
  tries: number,
  firstRetryMs: number,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      await transport.send(letter);
      return;
    } catch (error) {
      if (attempt >= tries || isPermanentRefusal(error)) throw error;
      await sleep(backoffMs(attempt, firstRetryMs));
    }
  }
}

/**
 * Sends the issue (or, with `dryRun`, makes every letter without sending). Throws SendRunningError
 * when another run is sending the same issue.
 */
export async function sendIssue(db: Db, options: SendOptions): Promise<SendSummary> {
  const lock = options.dryRun ? undefined : await lockIssueSend(db, options.slug);
  try {
    return await sendUnlocked(db, options, () => lock?.check());
  } finally {
    await lock?.release();
  }
}

/** `check` throws when the run must stop before its next letter (its lease was lost). */
async function sendUnlocked(db: Db, options: SendOptions, check: () => void): Promise<SendSummary> {
  const { slug, issue, transport, context } = options;
  const sent = and(eq(newsletterSends.issue, slug), eq(newsletterSends.status, 'sent'));
  const queue = await recipientsOf(db, slug);
  const summary: SendSummary = {
    total: queue.length,
    sent: 0,
    alreadySent: await db.$count(newsletterSends, sent),
    resumed: queue.filter((row) => row.logStatus === 'sending').length,
    failed: [],
    gone: 0,
    bounced: 0,
    byLanguage: { en: 0, bg: 0 },
    dryRun: options.dryRun ?? false,
  };
  if (options.dryRun) {
    // Everything but the sending: the letters are made, so a broken issue shows now, not mid-send.
    for (const recipient of queue) {
      await issueLetter(context, recipient, slug, issue[recipient.language]);
      summary.byLanguage[recipient.language]++;
    }
    return summary;
  }
  const gapMs = 1000 / options.perSecond;
  let nextStart = 0;
  for (const [index, recipient] of queue.entries()) {
    await sleep(Math.max(0, nextStart - Date.now()));
    if (options.signal?.aborted) break;
    check();
    nextStart = Date.now() + gapMs;
    try {
      await log(db, slug, recipient.id, 'sending');
    } catch (error) {
      if (!subscriberGone(error)) throw error;
      summary.gone++;
      options.onProgress?.(index + 1, queue.length);
      continue;
    }
    try {
      const letter = await issueLetter(context, recipient, slug, issue[recipient.language]);
      await sendWithRetries(transport, letter, options.tries ?? 3, options.firstRetryMs ?? 1000);
      await log(db, slug, recipient.id, 'sent');
      summary.sent++;
      summary.byLanguage[recipient.language]++;
    } catch (error) {
      if (isPermanentRefusal(error)) {
        // No such mailbox: no letter goes there again (its log row goes with it).
        await forgetSubscriber(db, context.secret, recipient.id);
        await countBounce(db);
        summary.bounced++;
        options.onProgress?.(index + 1, queue.length);
        continue;
      }
      // Never the server's message: it may quote the refused address.
      const message = safeError(error);
      await log(db, slug, recipient.id, 'failed', message);
      summary.failed.push({ subscriberId: recipient.id, error: message });
    }
    options.onProgress?.(index + 1, queue.length);
  }
  return summary;
}
