// One mailbox is one subscription: only bare addresses are accepted, stored in one spelling, written to
// as that address alone; the operator finds a person from any spelling; the migration merges the rows
// older versions stored under other spellings.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { isValidEmail, normaliseEmail } from '../../functions/contract.ts';
import { openDatabase } from '../../functions/db/client.ts';
import { comments, mailQueue, subscribers } from '../../functions/db/schema.ts';
import { drainQueue } from '../../functions/mail/queue.ts';
import type { MailTransport } from '../../functions/mail/transport.ts';
import { adminOn } from '../support/adminInProcess.ts';
import { uniqueEmail } from '../support/http.ts';
import type { TestApp } from '../support/inProcessApp.ts';
import { startMailingApp, stopMailingApp } from '../support/mailingApp.ts';
import { migrationsBefore } from '../support/migrationsBefore.ts';
import type { TestSmtp } from '../support/smtpServer.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv, onPostgres } from '../support/testDb.ts';

const secret = 'addresses-test-secret-0123456789abcdef';
const site = 'https://advice.example';

describe('the address rule', () => {
  it.each([
    ['a display name', 'x1<victim@example.com>'],
    ['a display name and a space', 'x1 <victim@example.com>'],
    ['angle brackets alone', '<victim@example.com>'],
    ['a comment', 'victim@example.com(x2)'],
    ['a quoted local part', '"victim"@example.com'],
    ['an inner space', 'vic tim@example.com'],
    ['two addresses', 'a@example.com,b@example.com'],
    ['a domain without a dot', 'victim@localhost'],
    ['a doubled dot', 'vic..tim@example.com'],
    ['a hyphen-led label', 'victim@-example.com'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@example.com`],
  ])('refuses %s', (_, input) => {
    expect(isValidEmail(normaliseEmail(input))).toBe(false);
  });

  it.each([
    [' Victim@Example.COM ', 'victim@example.com'],
    ['victim@example.com.', 'victim@example.com'],
    ['ana@пример.бг', 'ana@xn--e1afmkfd.xn--90ae'],
    ['ana@ПРИМЕР.БГ.', 'ana@xn--e1afmkfd.xn--90ae'],
    ['ana@example。com', 'ana@example.com'],
    ["o'brien+news@mail.example.co.uk", "o'brien+news@mail.example.co.uk"],
  ])('writes %j as %j', (input, canonical) => {
    expect(normaliseEmail(input)).toBe(canonical);
    expect(isValidEmail(canonical)).toBe(true);
  });
});

describeDb('one mailbox, one subscription', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let transport: MailTransport;
  let clientNumber = 0;

  beforeAll(async () => {
    ({ smtp, t, transport } = await startMailingApp({ HASH_SECRET: secret, SITE_URL: site }));
  });
  afterAll(() => stopMailingApp({ smtp, t, transport }));

  const subscribe = async (email: string) => {
    const res = await t.post('/api/subscribe', { email }, `198.51.100.${++clientNumber}`);
    return { status: res.status, body: await res.json() };
  };

  it('refuses a display name or comment with the valid-email message, and takes other spellings as the same address', async () => {
    const victim = uniqueEmail('victim');
    const [local, domain] = victim.split('@');
    expect(await subscribe(victim)).toEqual({ status: 201, body: { success: true } });
    for (const spelling of [`x1<${victim}>`, `x1 <${victim}>`, `${victim}(x2)`, `"${local}"@${domain}`]) {
      expect(await subscribe(spelling), spelling).toEqual({
        status: 400,
        body: { success: false, error: 'Please enter a valid email address' },
      });
    }
    for (const spelling of [`${victim}.`, ` ${victim.toUpperCase()} `, `${local}@${domain}。`]) {
      expect((await subscribe(spelling)).status, spelling).toBe(200);
    }
    const rows = await t.database.db
      .select({ email: subscribers.email })
      .from(subscribers)
      .where(sql`${subscribers.email} like ${`%${local}%`}`);
    expect(rows).toEqual([{ email: victim }]);

    // One letter reached the mailbox, addressed to the bare address with no name.
    await drainQueue(t.database.db, { transport, context: { secret, siteUrl: site }, confirmPerHour: 0 });
    const letters = smtp.received.filter((letter) => letter.raw.includes(local ?? ''));
    expect(letters).toHaveLength(1);
    expect(letters[0]?.to).toEqual([victim]);
    expect(letters[0]?.raw).toMatch(new RegExp(`^To: ${victim.replaceAll('.', '\\.')}\\r?$`, 'm'));
  });

  it('stores an internationalised domain in its ASCII form, whichever form was typed', async () => {
    const local = uniqueEmail('idn').split('@')[0];
    expect((await subscribe(`${local}@пример.бг`)).status).toBe(201);
    expect((await subscribe(`${local}@xn--e1afmkfd.xn--90ae`)).status).toBe(200);
    const [row] = await t.database.db
      .select({ email: subscribers.email })
      .from(subscribers)
      .where(sql`${subscribers.email} like ${`${local}@%`}`);
    expect(row?.email).toBe(`${local}@xn--e1afmkfd.xn--90ae`);
  });

  it('lets the operator export and delete a person by any spelling of the address', async () => {
    const email = uniqueEmail('any-spelling');
    expect((await subscribe(email)).status).toBe(201);
    const exported = await adminOn(t, ['export', `${email.toUpperCase()}.`]);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({
      mailbox: email,
      subscription: { email, status: 'pending' },
    });
    expect((await adminOn(t, ['delete', ` ${email}. `])).code).toBe(0);
    expect(await t.database.db.select().from(subscribers).where(eq(subscribers.email, email))).toEqual([]);
  });
});

describeDb('the migration to one spelling per address', () => {
  it('canonicalises stored addresses, merges one mailbox into one row and keeps its send log', async () => {
    // The migrations before this one, then rows as older versions stored them, then the rest.
    const env = onPostgres ? await freshDatabaseEnv() : { DATA_DIR: tempDir('pglite') };
    const config = loadConfig(env);
    const database = await openDatabase(config, migrationsBefore('canonical_addresses'));
    try {
      const { db } = database;
      const at = (day: number) => new Date(Date.UTC(2026, 10, day));
      const people: [string, number, 'pending' | 'confirmed', Date | null][] = [
        ['ana@example.com', 5, 'pending', null],
        ['x1 <ana@example.com>', 3, 'confirmed', at(4)],
        ['ana@example.com(x2)', 2, 'pending', null],
        ['ana@example.com.', 1, 'confirmed', at(6)],
        ['bob@example.com.', 7, 'pending', null],
      ];
      const rows: { id: string; email: string }[] = [];
      for (const [email, day, status, confirmedAt] of people) {
        const inserted = (await db.execute(sql`insert into subscribers
          (email, created_at, status, confirmed_at, confirm_wanted)
          values (${email}, ${at(day).toISOString()}, ${status}, ${confirmedAt?.toISOString() ?? null}, ${status === 'pending'})
          returning id, email`)) as unknown as { rows: { id: string; email: string }[] };
        rows.push(...inserted.rows);
      }
      const id = (email: string) => rows.find((row) => row.email === email)?.id ?? '';
      for (const email of ['ana@example.com', 'bob@example.com.'])
        await db.execute(sql`insert into mail_queue (subscriber_id) values (${id(email)})`);
      await db.execute(sql`insert into newsletter_sends (issue, subscriber_id, status) values
        ('one', ${id('ana@example.com.')}, 'sent'),
        ('one', ${id('x1 <ana@example.com>')}, 'failed'),
        ('two', ${id('ana@example.com(x2)')}, 'sent')`);
      await db.execute(sql`insert into comments (article_id, name, comment, email, language, status)
        values (1, 'Ana', 'Hi', 'Ana <ANA@Example.com.>', 'en', 'published')`);

      await database.close();
      const migrated = await openDatabase(config);
      try {
        const after = await migrated.db.select().from(subscribers).orderBy(subscribers.email);
        expect(after.map((row) => row.email)).toEqual(['ana@example.com', 'bob@example.com']);
        const [ana, bob] = after;
        // The confirmed row with the earliest subscription survives, with the group's earliest dates.
        expect(ana).toMatchObject({
          id: id('ana@example.com.'),
          status: 'confirmed',
          createdAt: at(1),
          confirmedAt: at(4),
          confirmWanted: false,
        });
        // Bob's letter is already queued, so none is asked for again.
        expect(bob).toMatchObject({ id: id('bob@example.com.'), status: 'pending', confirmWanted: false });
        // No confirmation letter for a confirmed address; bob keeps his.
        const queued = await migrated.db.select().from(mailQueue).where(eq(mailQueue.kind, 'confirm'));
        expect(queued.map((letter) => letter.subscriberId)).toEqual([bob?.id]);
        // The send log, merged, then moved into the mail queue by a later migration (issue-letters).
        const sends = await migrated.db
          .select({ issue: mailQueue.issue, subscriberId: mailQueue.subscriberId, status: mailQueue.status })
          .from(mailQueue)
          .where(eq(mailQueue.kind, 'issue'))
          .orderBy(mailQueue.issue);
        expect(sends).toEqual([
          { issue: 'one', subscriberId: ana?.id, status: 'sent' },
          { issue: 'two', subscriberId: ana?.id, status: 'sent' },
        ]);
        const [comment] = await migrated.db.select({ email: comments.email }).from(comments);
        expect(comment?.email).toBe('ana@example.com');
      } finally {
        await migrated.close();
      }
    } catch (error) {
      await database.close().catch(() => {});
      throw error;
    }
  });
});
