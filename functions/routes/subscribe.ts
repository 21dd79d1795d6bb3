// POST /api/subscribe: the newsletter form. The address is stored as pending, its confirmation letter
// asked for in the same row; the letter itself leaves later (functions/mail/queue.ts), so a slow or
// absent mail server never slows or fails a subscription.
// One mailbox is one subscriber however it is spelled (`+tags`, Gmail's dots: schema.ts `mailbox`), and
// one inbox gets at most two confirmation letters a day (`confirm_letters`, which outlives the pending
// row), so nobody can fill a stranger's inbox with spellings or by waiting for a purge.
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { errorMessages } from '../contract.ts';
import { perDatabase } from '../db/perDatabase.ts';
import { confirmLetters, subscribers } from '../db/schema.ts';
import { deriveKey } from '../http/derivedKeys.ts';
import { validJson } from '../http/jsonBody.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { subscribeBody } from '../schemas.ts';
import type { AppEnv } from '../services.ts';

/** A pending address asking again gets a fresh confirmation letter once the last one is this old. */
const confirmResendAfterMs = 10 * 60_000;
/** At most this many confirmation letters reach one mailbox in any 24 hours, however it is spelled. */
const confirmLettersPerDay = 2;

// The inbox's keyed hash, computed where inbox_key() lives: SHA-256 over a derived key and the inbox (a
// fixed-length secret prefix, so nobody without HASH_SECRET can test an address against a row).
const inboxHash = sql`encode(sha256(convert_to(${sql.placeholder('capKey')} || inbox_key(${sql.placeholder('email')}), 'UTF8')), 'hex')`;

/** Confirmation letters the inbox got in the last 24 hours, whichever rows they were sent for. */
const lettersToday = sql`(select count(*) from ${confirmLetters} where ${confirmLetters.inboxHash} = ${inboxHash}
                          and ${confirmLetters.sentAt} > now() - interval '1 day')`;

const noteLetter = perDatabase((db) =>
  db
    .insert(confirmLetters)
    .values({ inboxHash: sql`${inboxHash}` })
    .prepare('note_confirm_letter'),
);

// One row written: the unique mailbox decides (two simultaneous requests for one mailbox, in any
// spellings, store one row), and `confirm_wanted` is the queued confirmation letter, moved into mail_queue
// by the drainer. The rank is that of a row the mailbox already has, if any, so any row of it conflicts
// (0 otherwise: after the migration a mailbox's rank 0 may have gone while an older spelling stayed).
const insertSubscriber = perDatabase((db) =>
  db
    .insert(subscribers)
    .values({
      email: sql.placeholder('email'),
      language: sql.placeholder('language'),
      confirmSentAt: sql`case when ${lettersToday} < ${confirmLettersPerDay} then now() end`,
      confirmWanted: sql`${lettersToday} < ${confirmLettersPerDay}`,
      mailboxRank: sql`(select coalesce(min(${subscribers.mailboxRank}), 0) from ${subscribers}
                        where ${subscribers.mailbox} = mailbox_key(${sql.placeholder('email')}))`,
    })
    .onConflictDoNothing()
    .returning({ id: subscribers.id, letter: subscribers.confirmWanted })
    .prepare('insert_subscriber'),
);

// A mailbox already stored, in any spelling: its pending subscriber gets another letter when none of its
// rows is confirmed, the last letter is ten minutes old and fewer than two reached the inbox in the last
// 24 hours (the rows' own two dates count too: letters sent before `confirm_letters` existed). The
// letter goes to the spelling stored, which reaches the same mailbox.
const resendConfirmation = perDatabase((db) =>
  db
    .update(subscribers)
    .set({
      confirmEarlierAt: sql`${subscribers.confirmSentAt}`,
      confirmSentAt: sql`now()`,
      confirmWanted: true,
    })
    .where(
      sql`${subscribers.id} = (select id from ${subscribers} where mailbox = mailbox_key(${sql.placeholder('email')})
                               order by mailbox_rank limit 1)
          and ${subscribers.status} = 'pending'
          and not exists (select 1 from ${subscribers} other where other.mailbox = ${subscribers.mailbox}
            and (other.status = 'confirmed'
                 or other.confirm_sent_at >= now() - make_interval(secs => ${confirmResendAfterMs / 1000})))
          and greatest(${lettersToday},
                (select count(*) from ${subscribers} other, unnest(array[other.confirm_sent_at, other.confirm_earlier_at]) sent (at)
                 where other.mailbox = ${subscribers.mailbox} and sent.at > now() - interval '1 day')) < ${confirmLettersPerDay}`,
    )
    .returning({ id: subscribers.id })
    .prepare('resend_confirmation'),
);

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
    const [inserted] = await insertSubscriber(db).execute({ email, language, capKey });
    if (inserted?.letter) await noteLetter(db).execute({ email, capKey });
    // A new row whose inbox had its two letters today waits, like a pending one, for tomorrow's.
    if (inserted) return inserted.letter ? c.json({ success: true }, 201) : c.json(pendingAnswer, 200);
    if ((await mailboxConfirmed(db).execute({ email })).length > 0)
      return c.json({ success: false, error: errorMessages.emailTaken }, 409);
    // Another letter only under the rules above (ten minutes since the last, two a day).
    const resent = await resendConfirmation(db).execute({ email, capKey });
    if (resent.length > 0) await noteLetter(db).execute({ email, capKey });
    return c.json(pendingAnswer, 200);
  },
);
