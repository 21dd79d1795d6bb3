// A newsletter issue as letters of the mail queue: `newsletter send` queues one per confirmed reader (the
// key (reader, issue) makes a second run add none, so two runs at once, or one after a crash, send
// nobody the issue twice), then drains them and reads its progress back from the queue.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Lang } from '../contract.ts';
import { mailQueue, subscribers } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import type { Issue } from '../newsletter/issues.ts';
import type { LetterContext } from './letters.ts';

export interface SendSummary {
  /** Readers without the issue when the run started. */
  total: number;
  sent: number;
  /** Had it from an earlier run. */
  alreadySent: number;
  /** Queued by an earlier run that stopped before sending them. */
  resumed: number;
  /** Gave up after their last try; the error as stored (never the address). */
  failed: { subscriberId: string; error: string }[];
  /** Failed this time: the mail queue tries them again later (or a letter another drainer holds). */
  retrying: number;
  /** No longer subscribed when their turn came: unsubscribed, or refused for good by their mail server. */
  gone: number;
  byLanguage: Record<Lang, number>;
  dryRun: boolean;
}

const ofIssue = (slug: string) => and(eq(mailQueue.kind, 'issue'), eq(mailQueue.issue, slug));

/** The issue's letters per state and language, and how many wait due now. */
async function tally(db: Db, slug: string, now = new Date()) {
  const rows = await db
    .select({
      status: mailQueue.status,
      language: subscribers.language,
      n: count(),
      due: sql<number>`(count(*) filter (where ${mailQueue.nextAttemptAt} <= ${now}))::int`,
    })
    .from(mailQueue)
    .innerJoin(subscribers, eq(subscribers.id, mailQueue.subscriberId))
    .where(ofIssue(slug))
    .groupBy(mailQueue.status, subscribers.language);
  const sum = (status: string, language?: Lang) =>
    rows
      .filter((row) => row.status === status && (language === undefined || row.language === language))
      .reduce((total, row) => total + row.n, 0);
  const due = rows.filter((row) => row.status === 'waiting').reduce((total, row) => total + row.due, 0);
  return { sum, due };
}

/**
 * One statement: a letter of the issue for every confirmed reader without one; a letter that gave up
 * before is tried again from its first try (the operator asked again).
 */
async function queueIssue(db: Db, slug: string) {
  await db.execute(sql`
    insert into ${mailQueue} (subscriber_id, kind, issue)
    select id, 'issue', ${slug} from ${subscribers} where status = 'confirmed'
    on conflict (subscriber_id, issue) where issue is not null do update
      set status = 'waiting', attempts = 0, next_attempt_at = now(), last_error = null
      where ${mailQueue.status} = 'failed'`);
}

export interface IssueRun {
  slug: string;
  /** Sends due letters (the mail queue's drain); called while any of the issue's are due. */
  drain: () => Promise<unknown>;
  /** After each drain: how many of `total` are done (sent, failed or gone) so far. */
  onProgress?: (done: number, total: number) => void;
  /** Whether to stop the run after the drain in hand (the command that asked for it went away). */
  stopped?: () => boolean;
}

/** Queues the issue and drains its letters while any are due; what became of them. */
export async function sendIssue(db: Db, run: IssueRun): Promise<SendSummary> {
  const resumed = (await tally(db, run.slug)).sum('waiting');
  await queueIssue(db, run.slug);
  const start = await tally(db, run.slug);
  const total = start.sum('waiting');
  let end = start;
  for (let before = start; before.due > 0 && !run.stopped?.(); before = end) {
    await run.drain();
    end = await tally(db, run.slug);
    run.onProgress?.(total - end.sum('waiting'), total);
    // Nothing moved (the letters due are another drainer's to send): the queue sends them, not this run.
    if (end.due === before.due && end.sum('waiting') === before.sum('waiting')) break;
  }
  const sentIn = (language: Lang) => end.sum('sent', language) - start.sum('sent', language);
  const failed = await db
    .select({ subscriberId: mailQueue.subscriberId, error: mailQueue.lastError })
    .from(mailQueue)
    .where(and(ofIssue(run.slug), eq(mailQueue.status, 'failed')))
    .orderBy(asc(mailQueue.id));
  const sent = sentIn('en') + sentIn('bg');
  const retrying = end.sum('waiting');
  return {
    total,
    sent,
    alreadySent: start.sum('sent'),
    resumed,
    failed: failed.map((row) => ({ subscriberId: row.subscriberId ?? '', error: row.error ?? '' })),
    retrying,
    gone: total - sent - failed.length - retrying,
    byLanguage: { en: sentIn('en'), bg: sentIn('bg') },
    dryRun: false,
  };
}

/** Everything but the sending: each letter the issue would send is made, so a broken one shows now. */
export async function dryRunIssue(db: Db, context: LetterContext, slug: string, issue: Issue) {
  const { issueLetter } = await import('./letters.ts');
  const readers = await db
    .select({ id: subscribers.id, email: subscribers.email, language: subscribers.language })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.status, 'confirmed'),
        sql`not exists (select 1 from ${mailQueue} where ${mailQueue.subscriberId} = ${subscribers.id}
              and ${mailQueue.issue} = ${slug} and ${mailQueue.status} = 'sent')`,
      ),
    );
  const byLanguage = { en: 0, bg: 0 };
  for (const reader of readers) {
    await issueLetter(context, reader, slug, issue[reader.language]);
    byLanguage[reader.language]++;
  }
  return {
    total: readers.length,
    sent: 0,
    alreadySent: (await tally(db, slug)).sum('sent'),
    resumed: 0,
    failed: [],
    retrying: 0,
    gone: 0,
    byLanguage,
    dryRun: true,
  } satisfies SendSummary;
}

/** One line of `POST /newsletter/send`'s answer: progress, the end, or why it stopped. */
export type SendLine =
  | { done: number; total: number; transport?: string; perSecond?: number }
  | { summary: SendSummary }
  | { error: string };
