import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cached, installedVersion } from '../buildCache.ts';
import { fontFiles, stylesheet } from './fonts.ts';
import { shareCardsCacheKind } from './paths.ts';
import { renderCard } from './render.ts';
import type { ShareCardContent } from './ShareCard.tsx';

const rendererDir = join(process.cwd(), 'src/lib/shareCards');

/** What else decides a card's pixels: this folder's code, the palette, the fonts, the three libraries. */
async function rendererDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await readdir(rendererDir)).sort())
    hash.update(await readFile(join(rendererDir, file)));
  for (const file of [stylesheet, ...fontFiles.map(({ path }) => path)]) hash.update(await readFile(file));
  hash.update(['satori', '@resvg/resvg-js', 'sharp'].map(installedVersion).join());
  return hash.digest('hex');
}

let renderer: Promise<string> | undefined;

/** The cache key of a card: a hash of what it shows and of everything that draws it. */
export async function cardKey(card: ShareCardContent): Promise<string> {
  renderer ??= rendererDigest();
  return createHash('sha256')
    .update(await renderer)
    .update(JSON.stringify(card))
    .digest('hex')
    .slice(0, 32);
}

/** A card's PNG, kept in the build cache (`kind`) under its key, or drawn now and kept. */
export async function cachedCard(
  card: ShareCardContent,
  kind = shareCardsCacheKind,
): Promise<{ png: Uint8Array; rendered: boolean }> {
  const { data, cached: reused } = await cached(kind, [await cardKey(card)], async () =>
    Buffer.from(await renderCard(card)),
  );
  return { png: data, rendered: !reused };
}
