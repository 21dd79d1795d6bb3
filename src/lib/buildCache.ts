// What the build made before and will make again, kept in node_modules/.cache/build/<kind>: font cuts
// and compressed files are most of the post-build passes' time, and most builds make the same ones
// again (`npm test` builds the site twice, once with an operator's tag; a rebuild after an edit
// changes a few pages at most). An entry is found by everything that decides its bytes, including the
// maker's version; one no build has used for 30 days is removed.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const cacheRoot = join(process.cwd(), 'node_modules/.cache/build');
const unusedMs = 30 * 86_400_000;

/** Hashes of large inputs (a font read once, cut many times), each computed once. */
const hashes = new WeakMap<Uint8Array, string>();
function hashOf(part: string | Uint8Array): string {
  if (typeof part === 'string') return createHash('sha256').update(part).digest('hex');
  const known = hashes.get(part) ?? createHash('sha256').update(part).digest('hex');
  hashes.set(part, known);
  return known;
}

/** The bytes `make` returns for `key`: kept from an earlier build, or made now and kept. */
export async function cached(
  kind: string,
  key: (string | Uint8Array)[],
  make: () => Promise<Buffer>,
): Promise<{ data: Buffer; cached: boolean }> {
  const dir = join(cacheRoot, kind);
  const file = join(dir, hashOf(key.map(hashOf).join()));
  try {
    const data = await readFile(file);
    const now = new Date();
    await utimes(file, now, now);
    return { data, cached: true };
  } catch {
    // Not made before, or the cache was cleared.
  }
  const data = await make();
  await mkdir(dir, { recursive: true });
  // Written whole under another name first: two builds at once never read half a file.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, data);
  await rename(partial, file);
  return { data, cached: false };
}

/** Removes the entries of `kind` that no build has used for 30 days. */
export async function pruneCache(kind: string, now = Date.now()): Promise<void> {
  const dir = join(cacheRoot, kind);
  for (const name of await readdir(dir).catch(() => [])) {
    const file = join(dir, name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > unusedMs) await rm(file, { force: true });
  }
}

/** `name@version` of an installed package, for keys of what it makes. */
export function installedVersion(name: string): string {
  const manifest = readFileSync(join(process.cwd(), 'node_modules', name, 'package.json'), 'utf8');
  const { version } = z.object({ version: z.string() }).parse(JSON.parse(manifest));
  return `${name}@${version}`;
}
