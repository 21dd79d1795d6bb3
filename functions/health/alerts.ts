// The operator hears of trouble first: at each drain of the mail queue (every two seconds in `npm run
// serve`, every minute on Netlify) the health problems are compared with the last ones seen, kept in
// `settings` (`health_alert.<code>`), and ADMIN_EMAIL gets one letter when a problem begins and one when
// it ends, at most one beginning a day per problem (a problem that comes back within the day is only
// logged). When mail itself fails the log says so at once; the letter goes when mail works again. The
// database's own trouble is not lettered: with no database there is no drain and no record of what was said.
import { like, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { settings } from '../db/schema.ts';
import type { Database, Db } from '../db/types.ts';
import type { MailTransport } from '../mail/transport.ts';
import { safeError } from '../safeError.ts';
import { healthProblems, type Problem, problemCodes } from './problems.ts';

const dayMs = 86_400_000;
// A letter that could not go is tried again at most this often, so a failing one is not logged every drain.
const retryMs = 60_000;

interface Watch {
  /** When the problem began (ISO); null while all is well. */
  since: string | null;
  /** Whether the operator was told of this beginning. */
  told: boolean;
  /** When the last letter of a beginning went. */
  lastStart: string | null;
  /** An ending the operator was told the beginning of, not yet told itself. */
  endOwed: { since: string; until: string } | null;
  retryAt?: string;
}

const fresh: Watch = { since: null, told: false, lastStart: null, endOwed: null };

export interface WatchOptions {
  config: Parameters<typeof healthProblems>[0] & Pick<Config, 'admin'>;
  database: () => Promise<Database>;
  transport: MailTransport;
  siteUrl: string;
  log: (message: string) => void;
}

/** Stores `next` if the row still holds `old` (another drainer may have moved it); whether it did. */
async function swap(db: Db, key: string, old: string | undefined, next: Watch): Promise<boolean> {
  const value = JSON.stringify(next);
  const rows =
    old === undefined
      ? await db.insert(settings).values({ key, value }).onConflictDoNothing().returning()
      : await db
          .update(settings)
          .set({ value })
          .where(sql`${settings.key} = ${key} and ${settings.value} = ${old}`)
          .returning();
  return rows.length > 0;
}

/** What the problem's state becomes at `now`, and the letter owed to the operator, if any. */
function step(state: Watch, problem: Problem | undefined, now: Date, operator: boolean) {
  const next: Watch = { ...state };
  const at = now.toISOString();
  if (problem && !state.since) Object.assign(next, { since: at, told: false });
  if (!problem && state.since) {
    Object.assign(next, {
      since: null,
      told: false,
      endOwed: state.told ? { since: state.since, until: at } : state.endOwed,
    });
  }
  const mayTry = operator && (!state.retryAt || now >= new Date(state.retryAt));
  const dayAfterLast = !state.lastStart || now.getTime() - Date.parse(state.lastStart) >= dayMs;
  const letter =
    mayTry && problem && next.since && !next.told && dayAfterLast
      ? ('start' as const)
      : mayTry && next.endOwed
        ? ('end' as const)
        : undefined;
  return { next, letter };
}

/** Compares the problems now with the last ones seen and tells the operator of what changed. */
export async function watchHealth(options: WatchOptions, now = new Date()): Promise<Problem[]> {
  const problems = await healthProblems(options.config, options.database, now);
  if (problems.some((p) => p.code === 'database')) return problems;
  const { db } = await options.database();
  const stored = new Map(
    (await db.select().from(settings).where(like(settings.key, 'health_alert.%'))).map((r) => [
      r.key,
      r.value,
    ]),
  );
  const operator = options.config.admin.email;
  for (const code of problemCodes.filter((c) => c !== 'database')) {
    const key = `health_alert.${code}`;
    const old = stored.get(key);
    const state: Watch = old ? JSON.parse(old) : fresh;
    const problem = problems.find((p) => p.code === code);
    const { next, letter } = step(state, problem, now, operator !== undefined);
    if (problem && !state.since && code === 'mail') {
      options.log(
        `Mail is failing: ${problem.detail}. Letters wait in the queue; ${operator ? 'the letter to ADMIN_EMAIL about it goes once mail works again' : 'set ADMIN_EMAIL to hear of it by mail'}.`,
      );
    } else if (!problem && state.since && code === 'mail') options.log('Mail works again.');
    if (!letter) {
      if (JSON.stringify(next) !== JSON.stringify(state)) await swap(db, key, old, next);
      continue;
    }
    // Claimed before sending, so of two drainers only one writes the letter.
    const sent: Watch =
      letter === 'start'
        ? { ...next, told: true, lastStart: now.toISOString(), retryAt: undefined }
        : { ...next, endOwed: null, retryAt: undefined };
    if (!(await swap(db, key, old, sent)) || !operator) continue;
    try {
      const { healthLetter } = await import('../mail/letters.ts');
      const since = new Date((letter === 'start' ? next.since : next.endOwed?.since) ?? now);
      const until = letter === 'end' && next.endOwed ? new Date(next.endOwed.until) : undefined;
      const detail = problem?.detail ?? '';
      const to = { email: operator, language: options.config.admin.language };
      await options.transport.send(
        await healthLetter(options.siteUrl, to, letter, { code, detail, since, until }),
      );
    } catch (error) {
      if (code !== 'mail') options.log(`Could not tell the operator about ${code}: ${safeError(error)}`);
      await swap(db, key, JSON.stringify(sent), {
        ...next,
        retryAt: new Date(now.getTime() + retryMs).toISOString(),
      });
    }
  }
  return problems;
}
