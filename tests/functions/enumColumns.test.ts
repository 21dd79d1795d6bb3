// The text columns with a fixed set of values: their TypeScript type (schema.ts) and what the migrated
// database enforces must be the same set, or rows would carry values their type says cannot occur.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { languages, moderationStatuses } from '../../functions/contract.ts';
import {
  comments,
  lettersSent,
  mailKinds,
  mailStatuses,
  subscriberStatuses,
  tipRatings,
} from '../../functions/db/schema.ts';
import type { Database } from '../../functions/db/types.ts';
import { describeDb, freshDatabaseEnv, openDatabaseFor } from '../support/testDb.ts';

const enforced: [constraint: string, values: readonly string[]][] = [
  ['subscribers_language', languages],
  ['subscribers_status', subscriberStatuses],
  ['mail_queue_kind', mailKinds],
  ['mail_queue_status', mailStatuses],
  ['letters_sent_kind', mailKinds],
  ['tip_ratings_language', languages],
  ['comments_language', languages],
  ['comments_status', moderationStatuses],
];

/** PostgreSQL's error code, possibly wrapped by drizzle. */
function pgCode(error: unknown): unknown {
  if (!(error instanceof Error)) return undefined;
  return 'code' in error ? error.code : pgCode(error.cause);
}

/** 'stored', or the error code the database refused the statement with. */
const refused = (run: () => Promise<unknown>) =>
  run().then(
    () => 'stored',
    (error: unknown) => String(pgCode(error) ?? error),
  );

const migrations = fileURLToPath(new URL('../../functions/migrations', import.meta.url));

describeDb('columns with a fixed set of values', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabaseFor(await freshDatabaseEnv());
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(enforced)('%s allows exactly the values of its type', async (constraint, values) => {
    // The result's shape differs between the drivers; its JSON holds the one definition either way.
    const result = JSON.stringify(
      await database.db.execute(
        sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = ${constraint}`,
      ),
    );
    const definition = /"definition":"([^"]*)"/.exec(result)?.[1];
    expect(definition, `constraint ${constraint}`).toBeDefined();
    const allowed = [...(definition ?? '').matchAll(/'([^']*)'/g)].map((match) => match[1]);
    expect(allowed.sort()).toEqual([...values].sort());
  });

  it('keeps the counts of letters sent before their kind was checked (the letters-sent-kind migration)', async () => {
    // The database as it was before: no constraint, a count of each kind the queue ever wrote.
    await database.db.execute(sql`alter table ${lettersSent} drop constraint letters_sent_kind`);
    const before = mailKinds
      .filter((kind) => kind !== 'issue')
      .map((kind, i) => ({ day: '2026-11-01', kind, sent: i + 1 }));
    await database.db.insert(lettersSent).values(before);
    // Found by name, not number: migrations are renumbered when branches meet.
    const file = fs.readdirSync(migrations).find((name) => name.endsWith('_letters-sent-kind.sql'));
    await database.db.execute(sql.raw(fs.readFileSync(path.join(migrations, file ?? 'missing'), 'utf8')));
    expect(await database.db.select().from(lettersSent).orderBy(lettersSent.sent)).toEqual(before);
    expect(
      await refused(() =>
        database.db.execute(
          sql`insert into ${lettersSent} (day, kind, sent) values ('2026-11-01', 'spam', 1)`,
        ),
      ),
    ).toBe('23514');
  });

  it('refuses a value outside the set, so a row read back always has one of its type', async () => {
    const comment = { articleId: 1, name: 'N', comment: 'C', language: 'en', status: 'published' } as const;
    expect(
      await refused(() =>
        database.db.execute(sql`insert into ${comments} (article_id, name, comment, language, status)
        values (1, 'N', 'C', 'fr', 'published')`),
      ),
    ).toBe('23514');
    expect(
      await refused(() =>
        database.db.execute(sql`insert into ${tipRatings} (tip_id, language, session_id, rating)
        values ('en_1', 'de', 's', 1)`),
      ),
    ).toBe('23514');
    await database.db.insert(comments).values(comment);
    const [stored] = await database.db
      .select({ language: comments.language, status: comments.status })
      .from(comments);
    expect(stored).toEqual({ language: 'en', status: 'published' });
  });
});
