// One `newsletter send` per issue at a time, on either database: a lease row in `settings`, taken
// atomically (insert, or compare-and-set over one whose lease ran out or whose process is gone),
// renewed while the run goes on and removed at its end. A run killed with -9 on this host is taken
// over at once (its pid is gone); one on another host when its lease runs out (two minutes at most).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, or, sql } from 'drizzle-orm';
import { settings } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

const leaseMs = 2 * 60_000;
const renewEveryMs = 30_000;

export class SendRunningError extends Error {
  override name = 'SendRunningError';
}

/** `<lease end, ISO>|<run id>|<host>|<pid>`: the end is what a takeover compares with the clock. */
const leaseValue = (run: string) =>
  `${new Date(Date.now() + leaseMs).toISOString()}|${run}|${os.hostname().replaceAll('|', '')}|${process.pid}`;

/** Whether the lease was written by a process of this host that no longer runs. */
function ownerGone(value: string): boolean {
  const [, , host, pid] = value.split('|');
  if (host !== os.hostname().replaceAll('|', '') || !pid || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as { code?: string }).code === 'ESRCH';
  }
}

/** Takes the issue's lock, or throws SendRunningError when another run holds it. */
export async function lockIssueSend(db: Db, slug: string, renewMs = renewEveryMs) {
  const key = `newsletter-send:${slug}`;
  const run = randomUUID();
  const [held] = await db.select().from(settings).where(eq(settings.key, key));
  // Free, its lease run out, or (compare-and-set, whoever races) held by a gone process of this host.
  const taken = await db
    .insert(settings)
    .values({ key, value: leaseValue(run) })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value` },
      setWhere: or(
        sql`split_part(${settings.value}, '|', 1)::timestamptz < now()`,
        held && ownerGone(held.value) ? eq(settings.value, held.value) : undefined,
      ),
    })
    .returning({ key: settings.key });
  if (taken.length === 0) {
    throw new SendRunningError(
      `Another \`newsletter send\` of ${slug} is running; this one stops. Run it again once that one ` +
        'has ended: it sends only to those still without the issue.',
    );
  }
  const mine = and(eq(settings.key, key), sql`split_part(${settings.value}, '|', 2) = ${run}`);
  // Why the lease is no longer ours, once it is not: another run may then be sending the same issue.
  let lost: string | undefined;
  const renew = setInterval(() => {
    db.update(settings)
      .set({ value: leaseValue(run) })
      .where(mine)
      .returning({ key: settings.key })
      .then((rows) => {
        if (rows.length === 0) lost ??= 'another run took over its lease';
      })
      .catch(() => {
        lost ??= 'its lease could not be renewed';
      });
  }, renewMs);
  renew.unref();
  return {
    /** Throws SendRunningError once a renewal failed or found the lease taken: the run must stop. */
    check: () => {
      if (lost) {
        throw new SendRunningError(
          `This \`newsletter send\` of ${slug} stopped: ${lost}. Run it again: it sends only to those still without the issue.`,
        );
      }
    },
    release: async () => {
      clearInterval(renew);
      await db.delete(settings).where(mine);
    },
  };
}
