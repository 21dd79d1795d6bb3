// The build's cache: the same key gives the kept bytes without making them again, any other key makes
// its own, and an entry no build has used for 30 days is removed.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cached, pruneCache } from '../../src/lib/buildCache.ts';

const kind = `test-${randomUUID()}`;
const dir = path.join(process.cwd(), 'node_modules/.cache/build', kind);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('keeps what it made under its key, makes anew for another key, and drops entries unused for 30 days', async () => {
  let made = 0;
  const make = (text: string) => async () => {
    made++;
    return Buffer.from(text);
  };
  const source = Buffer.from('a font');
  const first = await cached(kind, ['v1', source, 'abc'], make('cut abc'));
  const again = await cached(kind, ['v1', Buffer.from('a font'), 'abc'], make('never made'));
  expect([first, again, made]).toEqual([
    { data: Buffer.from('cut abc'), cached: false },
    { data: Buffer.from('cut abc'), cached: true },
    1,
  ]);
  // Each part of the key counts: the maker's version, the source, the text.
  for (const key of [
    ['v2', source, 'abc'],
    ['v1', Buffer.from('other'), 'abc'],
    ['v1', source, 'abd'],
  ])
    expect((await cached(kind, key, make('new'))).cached).toBe(false);
  expect(made).toBe(4);
  expect(fs.readdirSync(dir)).toHaveLength(4);

  const [oldest] = fs.readdirSync(dir);
  const monthAgo = new Date(Date.now() - 31 * 86_400_000);
  fs.utimesSync(path.join(dir, oldest ?? ''), monthAgo, monthAgo);
  await pruneCache(kind);
  expect(fs.readdirSync(dir)).toHaveLength(3);
  expect(fs.readdirSync(dir)).not.toContain(oldest);
});
