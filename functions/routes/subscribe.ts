// POST /api/subscribe: the newsletter form. The address is stored as pending, its confirmation letter
// asked for in the same row; the letter itself leaves later (functions/mail/queue.ts), so a slow or
// absent mail server never slows or fails a subscription.
// One mailbox is one subscriber however it is spelled (`+tags`, Gmail's dots: schema.ts `mailbox`), and
// one inbox gets at most two confirmation letters a day (`confirm_letters`, which outlives the pending
// row), so nobody can fill a stranger's inbox with spellings or by waiting for a purge.
import { type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { errorMessages } from '../contract.ts';
import { perDatabase } from '../db/perDatabase.ts';
import { confirmLetters, subscribers } from '../db/schema.ts';
import { validJson } from '../http/jsonBody.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { subscribeBody } from '../schemas.ts';
import { deriveKey } from '../security/derivedKeys.ts';
import type { AppEnv } from '../services.ts';

/** A pending address asking again gets a fresh confirmation letter once the last one is this old. */
const confirmResendAfterMs = 10 * 60_000;
/** At most this many confirmation letters reach one mailbox in any 24 hours, however it is spelled. */
const confirmLettersPerDay = 2;

// The inbox's keyed hash, computed where inbox_key() lives: SHA-256 over a derived key and the inbox (a
// fixed-length secret prefix, so nobody without HASH_SECRET can test an address against a row).
export const inboxHash = (email: string, capKey: string) =>
  sql`encode(sha256(convert_to(${capKey} || inbox_key(${email}), 'UTF8')), 'hex')`;

/** Confirmation letters the inbox got in the last 24 hours, whichever rows they were sent for. */
const lettersToday = (hash: SQL) =>
  sql`(select count(*) from ${confirmLetters} where ${confirmLetters.inboxHash} = ${hash}
       and ${confirmLetters.sentAt} > now() - interval '1 day')`;

/**
 * One statement, one round trip to the database: the row, its confirmation letter when the inbox's cap
 * allows one, and that letter noted. The unique mailbox decides (two simultaneous requests for one
 * mailbox, in any spellings, store one row); `confirm_wanted` is the queued letter, moved into mail_queue
 * by the drainer. The rank is that of a row the mailbox already has, if any, so any row of it conflicts
 * (0 otherwise: after the migration a mailbox's rank 0 may have gone while an older spelling stayed).
 */
const insertSubscriber = (email: string, language: string, capKey: string) => sql`
  with inbox as (select ${inboxHash(email, capKey)} as hash),
  cap as (select ${lettersToday(sql`(select hash from inbox)`)} < ${confirmLettersPerDay} as open),
  inserted as (
    insert into ${subscribers} (email, language, confirm_sent_at, confirm_wanted, mailbox_rank)
    select ${email}, ${language}, case when cap.open then now() end, cap.open,
           (select coalesce(min(${subscribers.mailboxRank}), 0) from ${subscribers}
             where ${subscribers.mailbox} = mailbox_key(${email}))
    from cap
    on conflict do nothing
    returning id, confirm_wanted),
  noted as (insert into ${confirmLetters} (inbox_hash) select hash from inbox, inserted where inserted.confirm_wanted)
  select id, confirm_wanted as letter from inserted`;

// A mailbox already stored, in any spelling: its pending subscriber gets another letter when none of its
// rows is confirmed, the last letter is ten minutes old and fewer than two reached the inbox in the last
// 24 hours (the rows' own two dates count too: letters sent before `confirm_letters` existed). The
// letter goes to the spelling stored, which reaches the same mailbox.
const resendConfirmation = (email: string, capKey: string) => sql`
  with inbox as (select ${inboxHash(email, capKey)} as hash),
  resent as (
    update ${subscribers}
    set confirm_earlier_at = confirm_sent_at, confirm_sent_at = now(), confirm_wanted = true
    where id = (select id from ${subscribers} where mailbox = mailbox_key(${email}) order by mailbox_rank limit 1)
      and status = 'pending'
      and not exists (select 1 from ${subscribers} other where other.mailbox = ${subscribers.mailbox}
        and (other.status = 'confirmed'
             or other.confirm_sent_at >= now() - make_interval(secs => ${confirmResendAfterMs / 1000})))
      and greatest(${lettersToday(sql`(select hash from inbox)`)},
            (select count(*) from ${subscribers} other, unnest(array[other.confirm_sent_at, other.confirm_earlier_at]) sent (at)
             where other.mailbox = ${subscribers.mailbox} and sent.at > now() - interval '1 day')) < ${confirmLettersPerDay}
    returning id)
  insert into ${confirmLetters} (inbox_hash) select hash from inbox, resent`;

// Whether any spelling of the mailbox is confirmed: then the address is taken; else it waits for its letter.
const mailboxConfirmed = perDatabase((db) =>
  db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(
      sql`${subscribers.mailbox} = mailbox_key(${sql.placeholder('email')}) and ${subscribers.status} = 'confirmed'`,
    )
    .limit(1)
    .prepare('mailbox_confirmed'),
);

/** The rows of a raw statement: both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The answer to a mailbox that subscribed and has not confirmed yet: its letter is on its way. */
const pendingAnswer = { success: true, pending: true } as const;

export const subscribe = new Hono<AppEnv>().post(
  '/',
  // A pending mailbox asking again is told to look for its letter; that costs the visitor no attempt.
  rateLimit(
    'subscribe',
    'subscribe',
    { success: false, error: errorMessages.subscribeRateLimited },
    (answer) => answer.status === 200,
  ),
  validJson(subscribeBody, (error) => ({ success: false, error })),
  async (c) => {
    const { email, language, website } = c.req.valid('json');
    // Looks accepted, so a bot learns nothing; nothing is stored and nobody is written to.
    if (website) return c.json({ success: true }, 201);
    const { db } = await c.var.services.db();
    const capKey = deriveKey(await c.var.services.hashSecret(), 'confirm-cap').toString('hex');
    const [inserted] = rowsOf<{ id: number; letter: boolean }>(
      await db.execute(insertSubscriber(email, language, capKey)),
    );
    // A new row whose inbox had its two letters today waits, like a pending one, for tomorrow's.
    if (inserted) return inserted.letter ? c.json({ success: true }, 201) : c.json(pendingAnswer, 200);
    if ((await mailboxConfirmed(db).execute({ email })).length > 0)
      return c.json({ success: false, error: errorMessages.emailTaken }, 409);
    // Another letter only under the rules above (ten minutes since the last, two a day).
    await db.execute(resendConfirmation(email, capKey));
    return c.json(pendingAnswer, 200);
  },
);
