// `npm run admin -- tips`: ratings stored through the real API, then the command's report, ranked by the
// lower bound of the Wilson interval; and the ranking rule on its own. The report runs once as the real
// command line, its options in this process (runAdmin); admin.test.ts covers the refusal while serve
// holds PGlite.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { wilsonLowerBound } from '../../functions/tipRanking.ts';
import { adminOn } from '../support/adminInProcess.ts';
import { makeContentDir } from '../support/fixtures.ts';
import { sessionId } from '../support/http.ts';
import { createTestApp, type TestApp } from '../support/inProcessApp.ts';
import { type Finished, runScript } from '../support/processes.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

const adminProcess = (args: string[], env: Record<string, string>) =>
  runScript('functions/cli/admin.ts', args, env);

it('ranks one lone like below 40 likes out of 50, with the textbook Wilson bounds', () => {
  expect(wilsonLowerBound(1, 1)).toBeCloseTo(0.2065, 4);
  expect(wilsonLowerBound(40, 50)).toBeCloseTo(0.6696, 4);
  expect(wilsonLowerBound(0, 0)).toBe(0);
  expect(wilsonLowerBound(0, 10)).toBe(0);
  expect(wilsonLowerBound(40, 50)).toBeGreaterThan(wilsonLowerBound(1, 1));
});

describeDb('admin tips', () => {
  // The fixture content knows tips 1, 5 and r3 in both languages.
  let env: Record<string, string>;
  let app: TestApp | undefined;

  /** The command in this process; the database opens after the real command line's run has closed it. */
  async function admin(args: string[]): Promise<Finished> {
    app ??= await createTestApp(env);
    return adminOn(app, args);
  }

  beforeAll(async () => {
    env = { ...(await freshDatabaseEnv()), CONTENT_DIR: makeContentDir(), RATING_LIMIT_PER_HOUR: '0' };
    const t = await createTestApp(env);
    try {
      const rate = async (tipId: string, language: 'en' | 'bg', rating: 0 | 1, times: number) => {
        for (let i = 0; i < times; i++) {
          const res = await t.post('/api/tip-ratings', { tipId, language, rating, sessionId: sessionId() });
          expect(res.status).toBe(201);
        }
      };
      await rate('en_1', 'en', 1, 40);
      await rate('en_1', 'en', 0, 10);
      await rate('en_5', 'en', 1, 1);
      await rate('5', 'bg', 1, 3);
      await rate('r3', 'bg', 0, 4);
      // A second choice from the same session replaces the first: one like, not a dislike and a like.
      const session = sessionId();
      await t.post('/api/tip-ratings', { tipId: '1', language: 'bg', rating: 0, sessionId: session });
      await t.post('/api/tip-ratings', { tipId: '1', language: 'bg', rating: 1, sessionId: session });
    } finally {
      await t.database.close();
    }
  });
  afterAll(async () => {
    await app?.database.close();
  });

  it('prints likes, dislikes and the fair ranking per language, best and worst first, and the never rated', async () => {
    const run = await adminProcess(['tips'], env);
    expect(run.code, run.stderr).toBe(0);
    const [english, bulgarian] = run.stdout.split(/^(?=Bulgarian \(bg\))/m);
    expect(english).toMatch(/^English \(en\): 2 of 3 tips rated, 1 never rated/);
    const best = english?.split('Worst first')[0] ?? '';
    const bestRows = best.split('\n').filter((line) => /^\s+\d+ {2}en_/.test(line));
    expect(bestRows.map((row) => row.trim().split(/\s+/).slice(0, 5))).toEqual([
      ['1', 'en_1', '40', '10', '0.670'],
      ['2', 'en_5', '1', '0', '0.207'],
    ]);
    expect(bestRows[0]).toContain('Tip 1');
    expect(bulgarian).toMatch(/^Bulgarian \(bg\): 3 of 3 tips rated, 0 never rated/);
    const worst = bulgarian?.split('Worst first')[1] ?? '';
    const worstRows = worst.split('\n').filter((line) => /^\s+\d+ {2}\S/.test(line));
    expect(worstRows.map((row) => row.trim().split(/\s+/).slice(0, 4))).toEqual([
      ['1', 'r3', '0', '4'],
      ['2', '1', '1', '0'],
      ['3', '5', '3', '0'],
    ]);
    expect(worstRows[0]).toContain('Съвет r3');
  });

  it('gives one language with --lang and every tip as CSV with --csv', async () => {
    const run = await admin(['tips', '--lang', 'bg', '--csv']);
    expect(run.code, run.stderr).toBe(0);
    const [header, ...rows] = run.stdout.trim().split('\n');
    expect(header).toBe('language,rank,tip,likes,dislikes,like_score,dislike_score,text');
    expect(rows.map((row) => row.split(',').slice(0, 5))).toEqual([
      ['bg', '1', '5', '3', '0'],
      ['bg', '2', '1', '1', '0'],
      ['bg', '3', 'r3', '0', '4'],
    ]);
    const english = await admin(['tips', '--csv', '--lang', 'en']);
    expect(english.stdout.trim().split('\n').slice(1)).toEqual([
      'en,1,en_1,40,10,0.6696,0.1124,Tip 1',
      'en,2,en_5,1,0,0.2065,0.0000,Tip 5',
      'en,,en_r3,0,0,,,Tip r3',
    ]);
  });

  it('refuses bad options with the usage and exit code 2', async () => {
    for (const args of [
      ['tips', '--lang'],
      ['tips', '--lang', 'fr'],
      ['tips', '--json'],
      ['tips', 'en'],
    ]) {
      const run = await admin(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage: npm run admin -- <command>');
      expect(run.stdout).toBe('');
    }
  });
});
