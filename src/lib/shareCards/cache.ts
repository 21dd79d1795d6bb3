import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fontsDigest } from './fonts.ts';
import { cardCacheDir } from './paths.ts';
import { renderCard } from './render.ts';
import type { ShareCardContent } from './ShareCard.tsx';
import { stylesheet } from './themeColors.ts';

const rendererDir = join(process.cwd(), 'src/lib/shareCards');

/** What else decides a card's pixels: this folder's code, the palette, the fonts, the three libraries. */
async function rendererDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await readdir(rendererDir)).sort())
    hash.update(await readFile(join(rendererDir, file)));
  hash.update(await readFile(stylesheet));
  hash.update(await fontsDigest());
  for (const pkg of ['satori', '@resvg/resvg-js', 'sharp']) {
    hash.update(await readFile(join(process.cwd(), 'node_modules', pkg, 'package.json')));
  }
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

/**
 * A card's PNG from the cache, or drawn and stored there. A reused file gets its access time set to
 * now and a drawn one its modification time, so the build can count both and drop cards no page uses.
 */
export async function cachedCard(
  card: ShareCardContent,
  dir: string = cardCacheDir,
): Promise<{ png: Uint8Array; rendered: boolean }> {
  const file = join(dir, `${await cardKey(card)}.png`);
  const cached = await readFile(file).catch(() => null);
  if (cached) {
    await utimes(file, new Date(), (await stat(file)).mtime);
    return { png: cached, rendered: false };
  }
  const png = await renderCard(card);
  await mkdir(dir, { recursive: true });
  // Written aside and renamed, so an interrupted build never leaves half a picture under the real name.
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, png);
  await rename(partial, file);
  return { png, rendered: true };
}
