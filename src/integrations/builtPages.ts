import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every page of a build: the `.html` files under `dir`, at any depth. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** Runs `edit` over every page of a build, writing back the pages it changed; returns how many. */
export async function editPages(
  dir: string,
  edit: (html: string) => string | Promise<string>,
): Promise<number> {
  let changed = 0;
  for (const file of await htmlFiles(dir)) {
    const html = await readFile(file, 'utf8');
    const page = await edit(html);
    if (page === html) continue;
    await writeFile(file, page);
    changed++;
  }
  return changed;
}
