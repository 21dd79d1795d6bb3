import type { Db } from './types.ts';

/**
 * Builds a query once per database and reuses it. For the hot paths: building a drizzle query costs
 * about as much as PGlite running it, and on PostgreSQL a named statement is also parsed only once
 * per connection. Example:
 * `const byEmail = perDatabase((db) => db.select().from(t).where(eq(t.email, sql.placeholder('email'))).prepare('by_email'));`
 * then `await byEmail(db).execute({ email })`.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    const query = built.get(db) ?? build(db);
    built.set(db, query);
    return query;
  };
}
