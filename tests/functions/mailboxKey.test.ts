// One mailbox, however it is spelled: `+tags` everywhere and dots at Gmail reach the same inbox, so its
// spellings are one subscriber, and one inbox (Yahoo's -keywords too) has two confirmation letters a
// day, kept past the purge of its pending row; the migration gives the rows
// stored before it their mailbox and keeps every one of them.
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { openDatabase } from '../../functions/db/client.ts';
import { defaultMigrationsDir } from '../../functions/db/migrate.ts';
import { confirmLetters, subscribers } from '../../functions/db/schema.ts';
import type { Db } from '../../functions/db/types.ts';
import { drainQueue } from '../../functions/mail/queue.ts';
import type { MailTransport } from '../../functions/mail/transport.ts';
import { purgeExpired } from '../../functions/retention.ts';
import { inboxHash } from '../../functions/routes/subscribe.ts';
import { deriveKey } from '../../functions/security/derivedKeys.ts';
import { adminOn } from '../support/adminInProcess.ts';
import type { TestApp } from '../support/inProcessApp.ts';
import { startMailingApp, stopMailingApp } from '../support/mailingApp.ts';
import type { TestSmtp } from '../support/smtpServer.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv, onPostgres } from '../support/testDb.ts';

const secret = 'mailbox-key-test-secret-0123456789abcdef';
const site = 'https://advice.example';

/** The database's mailbox_key() of each address. */
async function keysOf(db: Db, emails: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const email of emails) {
    const result = JSON.stringify(await db.execute(sql`select mailbox_key(${email}) as key`));
    keys.push(JSON.parse(/"key":("[^"]*")/.exec(result)?.[1] ?? 'null'));
  }
  return keys;
}

describeDb('one mailbox, however spelled', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let transport: MailTransport;
  let clientNumber = 0;

  beforeAll(async () => {
    ({ smtp, t, transport } = await startMailingApp({ HASH_SECRET: secret, SITE_URL: site }));
  });
  afterAll(() => stopMailingApp({ smtp, t, transport }));

  // A new client each time: the per-client limit must not be what stops the letters.
  const subscribe = async (email: string) =>
    (await t.post('/api/subscribe', { email }, `198.51.100.${++clientNumber}`)).status;
  const drain = () =>
    drainQueue(t.database.db, { transport, context: { secret, siteUrl: site }, confirmPerHour: 0 });
  const lettersTo = (local: string) =>
    smtp.received.filter((letter) => letter.to.some((to) => to.replaceAll('.', '').startsWith(local)));
  const capKey = deriveKey(secret, 'confirm-cap').toString('hex');
  /** The confirmation letters the cap counts for the inbox of `email`. */
  const inboxLetters = (email: string) => sql`${confirmLetters.inboxHash} = ${inboxHash(email, capKey)}`;
  // Moves the mailbox's letters back in time, as if the next request came that much later.
  const later = async (mailbox: string, minutes: number) => {
    await t.database.db
      .update(subscribers)
      .set({
        confirmSentAt: sql`${subscribers.confirmSentAt} - make_interval(mins => ${minutes})`,
        confirmEarlierAt: sql`${subscribers.confirmEarlierAt} - make_interval(mins => ${minutes})`,
      })
      .where(eq(subscribers.mailbox, mailbox));
    await t.database.db
      .update(confirmLetters)
      .set({ sentAt: sql`${confirmLetters.sentAt} - make_interval(mins => ${minutes})` })
      .where(inboxLetters(mailbox));
  };

  it('keys a mailbox by the local part before any +, and at Gmail without dots', async () => {
    expect(
      await keysOf(t.database.db, [
        'vic@gmail.com',
        'v.i.c+news@gmail.com',
        'v.ic+x@googlemail.com',
        'ana+tag+more@example.com',
        'a.na@example.com',
        '+only@example.com',
        'ana@xn--e1afmkfd.xn--90ae',
      ]),
    ).toEqual([
      'vic@gmail.com',
      'vic@gmail.com',
      'vic@gmail.com',
      'ana@example.com',
      'a.na@example.com',
      '+only@example.com',
      'ana@xn--e1afmkfd.xn--90ae',
    ]);
  });

  it('sends seven Gmail spellings and five +tag spellings of two mailboxes at most two letters each', async () => {
    const gmail = ['vic@gmail.com', 'vic+1@gmail.com', 'v.ic@gmail.com', 'v.i.c@gmail.com'];
    gmail.push('vic+x@googlemail.com', 'v.i.c+2@googlemail.com', 'vi.c+3@gmail.com');
    const tagged = [
      'bo@example.org',
      'bo+1@example.org',
      'bo+2@example.org',
      'bo+x@example.org',
      'bo+y+z@example.org',
    ];
    // The first spelling subscribes; every other is the same subscriber (200, pending: "look for the letter").
    expect(await subscribe(gmail[0] ?? '')).toBe(201);
    expect(await subscribe(tagged[0] ?? '')).toBe(201);
    for (let round = 0; round < 4; round++) {
      for (const email of [...gmail, ...tagged]) expect(await subscribe(email), email).toBe(200);
      await drain();
      // Four rounds of asking, each eleven minutes after the last.
      await later('vic@gmail.com', 11);
      await later('bo@example.org', 11);
    }
    await drain();
    expect(lettersTo('vic@')).toHaveLength(2);
    expect(lettersTo('bo@')).toHaveLength(2);
    const rows = await t.database.db
      .select({ email: subscribers.email })
      .from(subscribers)
      .where(sql`${subscribers.mailbox} in ('vic@gmail.com', 'bo@example.org')`)
      .orderBy(subscribers.email);
    expect(rows).toEqual([{ email: 'bo@example.org' }, { email: 'vic@gmail.com' }]);
    // Letters go to the spelling that subscribed.
    expect(lettersTo('vic@').flatMap((letter) => letter.to)).toEqual(['vic@gmail.com', 'vic@gmail.com']);

    // A day after the first letter, the mailbox may have one more.
    await later('bo@example.org', 24 * 60);
    expect(await subscribe('bo+later@example.org')).toBe(200);
    expect(await subscribe('bo+again@example.org')).toBe(200);
    await drain();
    expect(lettersTo('bo@')).toHaveLength(3);
  });

  it('keys the cap by inbox: a leading + ends at the next +, and Yahoo names end at the first -', async () => {
    const inboxes = async (emails: string[]) => {
      const keys: string[] = [];
      for (const email of emails) {
        const result = JSON.stringify(await t.database.db.execute(sql`select inbox_key(${email}) as key`));
        keys.push(JSON.parse(/"key":("[^"]*")/.exec(result)?.[1] ?? 'null'));
      }
      return keys;
    };
    expect(
      await inboxes([
        '+ana+x@example.com',
        '+ana@example.com',
        'v.i.c+news@gmail.com',
        'bob-shop@yahoo.com',
        'bob-news+x@yahoo.co.uk',
        'bob-x@ymail.com',
        'mary-jane@example.com',
        '+@example.com',
      ]),
    ).toEqual([
      '+ana@example.com',
      '+ana@example.com',
      'vic@gmail.com',
      'bob@yahoo.com',
      'bob@yahoo.co.uk',
      'bob@ymail.com',
      'mary-jane@example.com',
      '+@example.com',
    ]);
  });

  it('sends one inbox two letters a day across spellings the mailbox key tells apart', async () => {
    for (const spellings of [
      ['zed-shop@yahoo.com', 'zed-news@yahoo.com', 'zed-more@yahoo.com', 'zed@yahoo.com'],
      ['+kim+a@example.net', '+kim+b@example.net', '+kim@example.net'],
    ]) {
      // Each is a subscriber of its own (its own mailbox), but they share the inbox's two letters.
      expect(await subscribe(spellings[0] ?? '')).toBe(201);
      expect(await subscribe(spellings[1] ?? '')).toBe(201);
      for (const email of spellings.slice(2)) expect(await subscribe(email), email).toBe(200);
      await drain();
    }
    expect(lettersTo('zed')).toHaveLength(2);
    expect(lettersTo('+kim')).toHaveLength(2);
  });

  it('keeps the cap when the pending row is purged, and sends again once the day has passed', async () => {
    expect(await subscribe('lena@example.org')).toBe(201);
    await drain();
    await later('lena@example.org', 11);
    expect(await subscribe('lena+2@example.org')).toBe(200);
    await drain();
    expect(lettersTo('lena@')).toHaveLength(2);
    // The pending row goes with the purge (48 hours), as if those letters went just before it.
    await t.database.db
      .update(subscribers)
      .set({ createdAt: sql`now() - interval '49 hours'` })
      .where(eq(subscribers.mailbox, 'lena@example.org'));
    await purgeExpired(t.database.db);
    expect(
      await t.database.db.select().from(subscribers).where(eq(subscribers.mailbox, 'lena@example.org')),
    ).toEqual([]);
    // Subscribing again stores the address, told its letter is on its way, but sends no third one today.
    expect(await subscribe('lena@example.org')).toBe(200);
    await drain();
    expect(lettersTo('lena@')).toHaveLength(2);
    // The purge keeps the cap's rows for a day; a day later the inbox may have a letter again.
    await later('lena@example.org', 24 * 60 + 1);
    await purgeExpired(t.database.db);
    expect(await t.database.db.select().from(confirmLetters).where(inboxLetters('lena@example.org'))).toEqual(
      [],
    );
    await later('lena@example.org', 11);
    expect(await subscribe('lena@example.org')).toBe(200);
    await drain();
    expect(lettersTo('lena@')).toHaveLength(3);
  });

  it('answers a data request in any spelling of the mailbox: export finds it, delete removes it', async () => {
    expect(await subscribe('ana.maria+news@gmail.com')).toBe(201);
    const exported = await adminOn(t, ['export', 'AnaMaria@googlemail.com']);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout).subscription?.status).toBe('pending');
    const deleted = await adminOn(t, ['delete', 'a.n.a.m.a.r.i.a@gmail.com']);
    expect([deleted.code, deleted.stdout]).toEqual([0, expect.stringContaining(': 1 subscription(s)')]);
    const left = await t.database.db
      .select({ email: subscribers.email })
      .from(subscribers)
      .where(eq(subscribers.mailbox, 'anamaria@gmail.com'));
    expect(left).toEqual([]);
    expect(
      JSON.parse((await adminOn(t, ['export', 'ana.maria+news@gmail.com'])).stdout).subscription,
    ).toBeNull();
  });

  it('sends a confirmed mailbox no letter, whatever the spelling', async () => {
    expect(await subscribe('done@example.net')).toBe(201);
    await drain();
    await t.database.db
      .update(subscribers)
      .set({ status: 'confirmed' })
      .where(eq(subscribers.email, 'done@example.net'));
    await later('done@example.net', 2 * 24 * 60);
    for (const email of ['done@example.net', 'done+1@example.net', 'done+2@example.net']) {
      expect(await subscribe(email)).toBe(409);
    }
    await drain();
    expect(lettersTo('done@')).toHaveLength(1);
  });
});

describeDb('the mailbox-key migration', () => {
  it('keys the rows stored before it, keeps all of them, and refuses a new spelling of a stored mailbox', async () => {
    // Every migration but this one, rows as the previous version stored them, then this migration.
    const files = fs.readdirSync(defaultMigrationsDir());
    const own = files.find((file) => file.endsWith('_mailbox-key.sql'));
    if (!own) throw new Error('the migration is missing');
    const before = tempDir('migrations');
    for (const file of files) {
      if (file.endsWith('.sql') && file < own)
        fs.copyFileSync(path.join(defaultMigrationsDir(), file), path.join(before, file));
    }
    const env = onPostgres ? await freshDatabaseEnv() : { DATA_DIR: tempDir('pglite') };
    const config = loadConfig(env);
    const old = await openDatabase(config, before);
    const stored = [
      // email, status, day created: three spellings of one Gmail mailbox, the confirmed one not the first.
      ['v.ic@gmail.com', 'pending', 1],
      ['vic+news@googlemail.com', 'confirmed', 2],
      ['vic@gmail.com', 'pending', 3],
      ['bo+1@example.org', 'pending', 4],
      ['bo+2@example.org', 'pending', 5],
      ['solo@example.org', 'confirmed', 6],
    ] as const;
    try {
      for (const [email, status, day] of stored) {
        await old.db.execute(sql`insert into subscribers (email, status, created_at)
          values (${email}, ${status}, ${new Date(Date.UTC(2026, 10, day)).toISOString()})`);
      }
    } finally {
      await old.close();
    }
    const migrated = await openDatabase(config);
    try {
      const rows = await migrated.db
        .select({ email: subscribers.email, mailbox: subscribers.mailbox, rank: subscribers.mailboxRank })
        .from(subscribers)
        .orderBy(subscribers.mailbox, subscribers.mailboxRank);
      // Every row stays; the confirmed one is its mailbox's subscriber, then the earliest.
      expect(rows).toEqual([
        { email: 'bo+1@example.org', mailbox: 'bo@example.org', rank: 0 },
        { email: 'bo+2@example.org', mailbox: 'bo@example.org', rank: 1 },
        { email: 'solo@example.org', mailbox: 'solo@example.org', rank: 0 },
        { email: 'vic+news@googlemail.com', mailbox: 'vic@gmail.com', rank: 0 },
        { email: 'v.ic@gmail.com', mailbox: 'vic@gmail.com', rank: 1 },
        { email: 'vic@gmail.com', mailbox: 'vic@gmail.com', rank: 2 },
      ]);
      // A new row may not take a stored mailbox, whatever rank it claims to be.
      const refused = await migrated.db
        .execute(sql`insert into subscribers (email) values ('solo+x@example.org')`)
        .then(
          () => 'stored',
          () => 'refused',
        );
      expect(refused).toBe('refused');
    } finally {
      await migrated.close();
    }
  });

  it('refuses a new spelling of a mailbox whose first row is gone while an older spelling stayed', async () => {
    const { t, smtp, transport } = await startMailingApp({ HASH_SECRET: secret, SITE_URL: site });
    try {
      // As the migration leaves a mailbox stored twice: rank 1 beside rank 0, then rank 0 unsubscribes.
      await t.database.db.insert(subscribers).values([
        { email: 'kim@example.com', status: 'confirmed' },
        { email: 'kim+old@example.com', status: 'confirmed', mailboxRank: 1 },
      ]);
      await t.database.db.delete(subscribers).where(eq(subscribers.email, 'kim@example.com'));
      expect((await t.post('/api/subscribe', { email: 'kim+new@example.com' })).status).toBe(409);
      expect((await t.database.db.select().from(subscribers)).map((row) => row.email)).toEqual([
        'kim+old@example.com',
      ]);
    } finally {
      await stopMailingApp({ t, smtp, transport });
    }
  });
});
