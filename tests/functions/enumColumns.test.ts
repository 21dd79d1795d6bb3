// The text columns with a fixed set of values: their TypeScript type (schema.ts) and what the migrated
// database enforces must be the same set, or rows would carry values their type says cannot occur.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { languages, moderationStatuses } from '../../functions/contract.ts';
import {
  comments,
  mailKinds,
  mailStatuses,
  sendStatuses,
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
  ['newsletter_sends_status', sendStatuses],
  ['tip_ratings_language', languages],
  ['comments_language', languages],
  ['comments_status', moderationStatuses],
];

/** PostgreSQL's error code, possibly wrapped by drizzle. */
function pgCode(error: unknown): unknown {
  if (!(error instanceof Error)) return undefined;
  return 'code' in error ? error.code : pgCode(error.cause);
}

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

  it('refuses a value outside the set, so a row read back always has one of its type', async () => {
    const refused = (run: () => Promise<unknown>) =>
      run().then(
        () => 'stored',
        (error: unknown) => String(pgCode(error) ?? error),
      );
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
