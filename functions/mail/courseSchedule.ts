// When the letters of the course go. Confirming writes the subscriber's row in course_schedule (step 0,
// due at once); the queue drainer moves each due step into mail_queue and advances the row in the same
// statement, under a row lock other drainers skip, so each step is queued exactly once whatever restarts,
// crashes or runs beside it. The queue then sends it like any letter (retries, one Message-ID per step).
//
// Catching up: a step goes when due; the one after it is due on its own day, but never less than a day
// after the step before was queued. A server down for days sends the oldest missed letter when it is
// back, the next one a day later at the earliest, and so on: never two course letters on one day.
import { and, eq, sql } from 'drizzle-orm';
import { courseSchedule, mailQueue, subscribers } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { courseDays } from '../newsletter/courseSchema.ts';

const lastStep = courseDays.length - 1;
// The day of each step, as a PostgreSQL array (1-based): constants of ours, never input.
const daysArray = sql.raw(`array[${courseDays.join(',')}]`);

/**
 * Confirms a pending subscriber and starts their course, in one transaction: both happen or neither.
 * Resolves to whether this call confirmed (false when the row is gone or confirmed already).
 */
export async function confirmAndStartCourse(db: Db, subscriberId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(subscribers)
      .set({ status: 'confirmed', confirmedAt: sql`now()` })
      .where(and(eq(subscribers.id, subscriberId), eq(subscribers.status, 'pending')))
      .returning({ id: subscribers.id });
    if (!confirmed) return false;
    // now() is the transaction's start, so the course starts at the very moment of confirming.
    await tx
      .insert(courseSchedule)
      .values({ subscriberId, step: 0, dueAt: sql`now()`, startedAt: sql`now()` });
    return true;
  });
}

/**
 * Moves up to `limit` course letters due at `now` into mail_queue, advancing each schedule row (or
 * ending it after the last letter) in the same statement.
 */
export async function queueCourseLetters(db: Db, now: Date, limit: number): Promise<void> {
  if (limit <= 0) return;
  await db.execute(sql`
    with due as (
      select c.subscriber_id, c.step from ${courseSchedule} c
      join ${subscribers} s on s.id = c.subscriber_id and s.status = 'confirmed'
      where c.due_at <= ${now}
      order by c.due_at limit ${limit}
      for update of c skip locked),
    advanced as (
      update ${courseSchedule} c
      set step = c.step + 1,
          due_at = greatest(c.started_at + (${daysArray})[c.step + 2] * interval '1 day',
                            ${now}::timestamptz + interval '1 day')
      from due where c.subscriber_id = due.subscriber_id and due.step < ${lastStep}
      returning c.subscriber_id),
    ended as (
      delete from ${courseSchedule} c using due
      where c.subscriber_id = due.subscriber_id and due.step = ${lastStep}
      returning c.subscriber_id)
    insert into ${mailQueue} (subscriber_id, kind, course_step, next_attempt_at)
    select subscriber_id, 'course', step, ${now} from due
    on conflict (subscriber_id, course_step) where course_step is not null do nothing`);
}
