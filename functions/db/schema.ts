// The tables, for typed queries. Changing this file? Generate the next SQL migration with
// `npx drizzle-kit generate --config functions/db/drizzle.config.ts --name <what-changed>`.
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  type PgColumn,
  pgSchema,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { languages, moderationStatuses } from '../contract.ts';

// Each text column with a fixed set of values names its set once: the column's type (so rows carry
// `'en' | 'bg'`, not string) and its CHECK constraint both come from it.
export const subscriberStatuses = ['pending', 'confirmed'] as const;
export const mailKinds = ['confirm', 'moderation', 'course', 'issue'] as const;
export type MailKind = (typeof mailKinds)[number];
export const mailStatuses = ['waiting', 'failed', 'sent'] as const;

/** `column in ('a', 'b')`: the values are constants of this file, never input. */
const oneOf = (column: PgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
// Rows about a subscriber go with it (unsubscribe, purge).
const subscriberId = () => uuid('subscriber_id').references(() => subscribers.id, { onDelete: 'cascade' });

/**
 * Newsletter addresses (trimmed, lower-cased), the address itself being the key. `pending` until the
 * link in the confirmation letter is followed; the purge deletes pending rows after 48 hours and every
 * row 30 days after `created_at` (a scan of a small table, so no index of its own). `id` is what the
 * links carry (signed with HASH_SECRET), never the address. `confirm_sent_at` is when the last
 * confirmation letter was asked for, `confirm_earlier_at` when the one before it was (two a day).
 *
 * `mailbox` is the mailbox the address reaches, made by the database's `mailbox_key()` (migration
 * mailbox-key): the local part before any `+`, and at Gmail without dots and at gmail.com. One mailbox is
 * one subscriber: a new row's mailbox must be free (`mailbox_rank` 0). Rows stored before the key that
 * share a mailbox were all kept, ranked 1, 2, … after the first.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    email: text('email').primaryKey(),
    createdAt: createdAt(),
    id: uuid('id').notNull().unique().defaultRandom(),
    language: text('language', { enum: languages }).notNull().default('en'),
    status: text('status', { enum: subscriberStatuses }).notNull().default('pending'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    confirmEarlierAt: timestamp('confirm_earlier_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // A confirmation letter was asked for and is not in mail_queue yet. The subscribe request sets only
    // this (one row written, so subscribing stays cheap); the queue drainer moves it into mail_queue.
    confirmWanted: boolean('confirm_wanted').notNull().default(false),
    mailbox: text('mailbox').notNull().generatedAlwaysAs(sql`mailbox_key(email)`),
    mailboxRank: smallint('mailbox_rank').notNull().default(0),
  },
  (t) => [
    uniqueIndex('subscribers_mailbox').on(t.mailbox, t.mailboxRank),
    check('subscribers_status', oneOf(t.status, subscriberStatuses)),
    check('subscribers_language', oneOf(t.language, languages)),
  ],
);

/**
 * Letters waiting to leave: moved here from `subscribers.confirm_wanted` (a confirmation letter) or
 * `course_schedule` (a letter of the course, `course_step` 0-4) by the queue drainer, or put here by
 * `newsletter send` (an issue, one row per reader); sent by the drainer and deleted once sent, except an
 * issue's, kept `sent` (its `next_attempt_at` then being when it left) so no reader gets an issue twice.
 * A letter holds no address or link: both are made from the subscriber row at sending time. `failed`
 * letters gave up after their last retry and wait for the operator (`npm run admin -- queue`). Beyond the
 * key, only the guards that one course letter and one moderation letter wait at a time, and that a
 * reader has one row per issue.
 *
 * A `moderation` letter goes to the operator (ADMIN_EMAIL), not a subscriber: it has no subscriber and
 * lists, when it leaves, every held comment the operator has not been told about. At most one waits at
 * a time, so comments held while it waits join it (the hourly digest).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriberId: subscriberId(),
    kind: text('kind', { enum: mailKinds }).notNull().default('confirm'),
    status: text('status', { enum: mailStatuses }).notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    courseStep: smallint('course_step'),
    /** The issue's slug, for an `issue` letter. */
    issue: text('issue'),
  },
  (t) => [
    check('mail_queue_kind', oneOf(t.kind, mailKinds)),
    check('mail_queue_status', oneOf(t.status, mailStatuses)),
    check('mail_queue_recipient', sql`(${t.kind} = 'moderation') = (${t.subscriberId} is null)`),
    uniqueIndex('mail_queue_one_moderation_letter')
      .on(t.kind)
      .where(sql`${t.kind} = 'moderation' and ${t.status} = 'waiting'`),
    check(
      'mail_queue_course_step',
      sql`(${t.kind} = 'course') = (${t.courseStep} is not null) and ${t.courseStep} between 0 and 4`,
    ),
    uniqueIndex('mail_queue_course_letter')
      .on(t.subscriberId, t.courseStep)
      .where(sql`${t.courseStep} is not null`),
    check('mail_queue_issue', sql`(${t.kind} = 'issue') = (${t.issue} is not null)`),
    check('mail_queue_sent', sql`${t.status} <> 'sent' or ${t.kind} = 'issue'`),
    uniqueIndex('mail_queue_issue_letter').on(t.subscriberId, t.issue).where(sql`${t.issue} is not null`),
  ],
);

/**
 * The course of five letters (days 0, 7, 14, 21, 28 after confirming): one row per confirmed subscriber
 * with letters still to come, `step` being the next one (0-4) and `due_at` when it may go. The queue
 * drainer moves a due step into mail_queue and, in the same statement, advances the row (or deletes it
 * after the last step), so a step is queued once whatever restarts or runs beside it.
 */
export const courseSchedule = pgTable(
  'course_schedule',
  {
    subscriberId: subscriberId().primaryKey(),
    step: smallint('step').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** When the subscription was confirmed: the days of the course count from here. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('course_schedule_due').on(t.dueAt),
    check('course_schedule_step', sql`${t.step} between 0 and 4`),
  ],
);

/**
 * How many letters the mail queue sent per UTC day and kind (`npm run admin -- stats`). A counter, not
 * a log: no recipient, one row per day and kind (a few hundred rows a year), so nothing is purged.
 */
export const lettersSent = pgTable(
  'letters_sent',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: mailKinds }).notNull(),
    sent: integer('sent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind] }), check('letters_sent_kind', oneOf(t.kind, mailKinds))],
);

/** One like (1) or dislike (0) per tip, language and anonymous browser session. No IP, no e-mail. */
export const tipRatings = pgTable(
  'tip_ratings',
  {
    tipId: text('tip_id').notNull(),
    language: text('language', { enum: languages }).notNull(),
    sessionId: text('session_id').notNull(),
    rating: smallint('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tipId, t.language, t.sessionId] }),
    check('tip_ratings_rating', sql`${t.rating} in (0, 1)`),
    check('tip_ratings_language', oneOf(t.language, languages)),
  ],
);

/** One 1-5 star rating per article and person; the person is a keyed hash of their e-mail address. */
export const articleRatings = pgTable(
  'article_ratings',
  {
    articleId: integer('article_id').notNull(),
    emailHash: text('email_hash').notNull(),
    rating: smallint('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.emailHash] }),
    check('article_ratings_rating', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * One thread per article shared by both languages. `email_hash` is the keyed hash of the mailbox an
 * optional address reaches (erasure.ts): never published, only for finding a person's comments on
 * request. `email` held addresses as typed before that; the start hashes and clears any left.
 * `operator_told_at` is when a moderation letter about this held comment left (null: not yet).
 */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    articleId: integer('article_id').notNull(),
    name: text('name').notNull(),
    comment: text('comment').notNull(),
    email: text('email'),
    emailHash: text('email_hash'),
    language: text('language', { enum: languages }).notNull(),
    status: text('status', { enum: moderationStatuses }).notNull(),
    createdAt: createdAt(),
    operatorToldAt: timestamp('operator_told_at', { withTimezone: true }),
  },
  (t) => [
    index('comments_thread').on(t.articleId, t.status, t.createdAt, t.id),
    index('comments_email').on(t.email),
    index('comments_email_hash').on(t.emailHash),
    check('comments_status', oneOf(t.status, moderationStatuses)),
    check('comments_language', oneOf(t.language, languages)),
  ],
);

/**
 * Attempts per client, action and clock hour. `client_key` is a keyed hash of the client address that
 * changes every UTC day; raw addresses are never stored. Rows older than two hours are purged (a scan
 * of a few hours of rows, so no index on the window: every attempt writes here, and fewer indexes
 * make that cheaper).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    clientKey: text('client_key').notNull(),
    action: text('action').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientKey, t.action, t.windowStart] })],
);

/**
 * Confirmation letters sent in the last day, one row each, by a keyed hash of the inbox they reach
 * (`inbox_key()`, never the address): the two-a-day cap outlives the pending row it was sent for, so
 * purging that row or subscribing again under another spelling sends no more. The purge keeps one day.
 */
export const confirmLetters = pgTable(
  'confirm_letters',
  {
    inboxHash: text('inbox_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('confirm_letters_inbox').on(t.inboxHash, t.sentAt)],
);

/** Small key-value store, e.g. the generated hash secret, so all instances share it. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const erasureScopes = ['subscription', 'person'] as const;

/** Backups leave this schema out (`--exclude-schema`); restores empty only `public`. */
export const erasuresSchema = pgSchema('erasures');

/**
 * Who asked to be forgotten, and when: a keyed hash of the mailbox (never the address) per scope
 * (`subscription`: unsubscribed; `person`: erased with comments and ratings). Its own schema, which
 * backups leave out and restores never touch, so a restore cannot roll it back (erasure.ts).
 */
export const erasureLog = erasuresSchema.table(
  'log',
  {
    mailboxHash: text('mailbox_hash').notNull(),
    scope: text('scope', { enum: erasureScopes }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.mailboxHash, t.scope] }),
    check('log_scope', oneOf(t.scope, erasureScopes)),
  ],
);
