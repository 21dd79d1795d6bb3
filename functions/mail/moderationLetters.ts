// Letters to the operator about held comments. A held comment queues one `moderation` letter unless
// one already waits; it goes at once when none left in the past hour, else an hour after the last one.
// When it leaves it lists every held comment the operator was not told about yet, so the first comment
// of a quiet hour arrives alone and the ones after it gather into one digest.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Lang } from '../contract.ts';
import { comments, mailQueue } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { reviewColumns } from '../moderation.ts';
import type { LetterContext } from './letters.ts';

/** Comments shown in full in one letter; the others are counted (`npm run admin -- held` lists all). */
const listedPerLetter = 20;
/** Held comments one letter accounts for; a flood beyond this goes in the next letter, an hour later. */
const coveredPerLetter = 500;

/**
 * Queues the letter about held comments unless one waits already (the partial unique index
 * `mail_queue_one_moderation_letter` makes a second insert do nothing, whoever races). Due now, or an
 * hour after the last letter about comments left.
 */
export async function queueModerationLetter(db: Db, now = new Date()): Promise<void> {
  await db.execute(sql`
    insert into ${mailQueue} (kind, next_attempt_at)
    select 'moderation', greatest(${now.toISOString()}::timestamptz, max(operator_told_at) + interval '1 hour')
    from ${comments}
    on conflict do nothing`);
}

/** The operator's mailbox for held comments (ADMIN_EMAIL), their language and the articles' titles. */
export interface Operator {
  email: string;
  language: Lang;
  articleTitle(id: number, language: Lang): Promise<string | undefined>;
}

const untoldHeld = and(eq(comments.status, 'held'), isNull(comments.operatorToldAt));

/**
 * The letter about the held comments the operator was not told about yet, with what to do once it left
 * (queue.ts sends it like any letter); undefined when none is left to tell (all decided meanwhile).
 */
export async function moderationLetterNow(db: Db, context: LetterContext, operator: Operator, now: Date) {
  const covered = await db
    .select(reviewColumns)
    .from(comments)
    .where(untoldHeld)
    .orderBy(asc(comments.id))
    .limit(coveredPerLetter);
  if (covered.length === 0) return undefined;
  const { moderationLetter } = await import('./templates/ModerationLetter.ts');
  const listed = await Promise.all(
    covered.slice(0, listedPerLetter).map(async (row) => ({
      ...row,
      articleTitle: (await operator.articleTitle(row.articleId, operator.language)) ?? `#${row.articleId}`,
    })),
  );
  const letter = await moderationLetter(context, operator, listed, covered.length - listed.length, now);
  const told = covered.map(({ id }) => id);
  const sent = async () => {
    await db.update(comments).set({ operatorToldAt: now }).where(inArray(comments.id, told));
    // Comments held while this letter was being made, or beyond what it covered, get the next one.
    if ((await db.$count(comments, untoldHeld)) > 0) await queueModerationLetter(db, now);
  };
  return { ...letter, sent };
}
