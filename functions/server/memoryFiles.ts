// Every file of dist/ with the headers it is sent with, and the small ones (pages, scripts, styles, each
// with its .br and .gz) held in memory: streaming a file from disk on every request (open, a fresh
// buffer, read, close, on the thread pool) cost four times the processor time of sending bytes already
// held (docs/measurements.md). A file over the limits is streamed from disk.
import fs from 'node:fs/promises';
import path from 'node:path';
import { lookup as mimeType } from 'mrmime';

export interface MemoryLimits {
  /** Files larger than this stay on disk. */
  fileBytes: number;
  /** Files once this much is held stay on disk. */
  totalBytes: number;
}

export const defaultMemoryLimits: MemoryLimits = { fileBytes: 256 * 1024, totalBytes: 64 * 1024 * 1024 };

export interface IndexedFile {
  /** Where it is on disk. */
  path: string;
  size: number;
  headers: { [name: string]: string | number; ETag: string; 'Content-Type': string };
  /** Its bytes, when it is held in memory. */
  body?: Buffer;
}

/**
 * Text the build writes in UTF-8, given a charset. Not HTML: every page says `<meta charset="utf-8">` in
 * its first 1,024 bytes (tests/e2e/firstFlight.test.ts), and its header bytes are in its first flight.
 */
const textual =
  /^(?:text\/(?!html)[\w.+-]+|application\/(?:javascript|json|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)$/;

/**
 * The path of a request's URL: up to a `#` and then a `?` (neither counted as the first character),
 * percent-decoded where that is valid.
 */
export function urlPathname(url: string): string {
  const end = url.slice(1).search(/[#?]/);
  let pathname = end === -1 ? url : url.slice(0, end + 1);
  if (pathname.includes('%')) {
    try {
      pathname = decodeURI(pathname);
    } catch {
      // A malformed escape is looked up as it is: no file has such a name.
    }
  }
  return pathname;
}

/** Files never served: dot-files and dot-folders, apart from .well-known. */
function dotted(name: string): boolean {
  return !/\.well-known[\\+/]/.test(name) && /(^\.|[\\+|/+]\.)/.test(name);
}

/**
 * A file's headers: its type (of the file inside a .br or .gz), size and weak ETag. No Last-Modified:
 * revalidation is by ETag alone, and a page's every header byte is in its first flight.
 */
function headersOf(name: string, size: number, mtime: Date): IndexedFile['headers'] {
  const encoding = { '.br': 'br', '.gz': 'gzip' }[name.slice(-3)];
  let type = mimeType(encoding ? name.slice(0, -3) : name) ?? '';
  if (textual.test(type)) type += '; charset=utf-8';
  return {
    'Content-Length': size,
    'Content-Type': type,
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    // Size and time in base 36: the same validator in fewer of a page's first-flight bytes.
    ETag: `W/"${size.toString(36)}-${mtime.getTime().toString(36)}"`,
  };
}

/** Reads dist/ and holds the small files' bytes (none with `false`). */
export async function readMemoryFiles(root: string, limits: MemoryLimits | false) {
  const names = (await fs.readdir(root, { recursive: true })).filter((name) => !dotted(name));
  // Every file, held or not: a bigger variant found first must not be passed over.
  const index = new Map<string, IndexedFile>();
  let heldBytes = 0;
  const inside = `${await fs.realpath(root)}${path.sep}`;
  const read = async (name: string) => {
    // A symbolic link is served only when it stays inside the build: one to elsewhere (a secret, the
    // data folder) would publish what it points at.
    const real = await fs.realpath(path.join(root, name)).catch(() => '');
    if (!real.startsWith(inside)) return;
    const file = await fs.open(real).catch(() => undefined);
    if (!file) return;
    try {
      const stats = await file.stat();
      if (!stats.isFile()) return;
      const key = `/${name.normalize().replace(/\\+/g, '/')}`;
      const indexed: IndexedFile = {
        path: path.join(root, name),
        size: stats.size,
        headers: headersOf(name, stats.size, stats.mtime),
      };
      index.set(key, indexed);
      if (!limits || stats.size > limits.fileBytes || heldBytes + stats.size > limits.totalBytes) return;
      heldBytes += stats.size; // counted before the read: other files are read meanwhile
      const body = await file.readFile();
      // Written to while read: its bytes would not match its headers; it is streamed (a rebuild follows).
      if (body.length === stats.size) indexed.body = body;
      else heldBytes -= stats.size;
    } finally {
      await file.close();
    }
  };
  // A few at a time: a build has a thousand files or more.
  for (let start = 0; start < names.length; start += 16) {
    await Promise.all(names.slice(start, start + 16).map(read));
  }

  /** The file to send for this path (as `urlPathname` gives it) and Accept-Encoding, if any. */
  function find(requested: string, acceptEncoding: string): IndexedFile | undefined {
    const pathname = requested.endsWith('/') ? requested.slice(0, -1) : requested;
    // Brotli, then gzip, as the client takes them, then the file, then the page (sirv's order).
    const suffixes = [
      ...(/(br|brotli)/i.test(acceptEncoding) ? ['.html.br', '.br'] : []),
      ...(acceptEncoding.includes('gzip') ? ['.html.gz', '.gz'] : []),
      '',
      '.html',
    ];
    for (const suffix of suffixes) {
      for (const name of pathname ? [pathname + suffix, `${pathname}/index${suffix}`] : [`/index${suffix}`]) {
        const file = index.get(name);
        if (file) return file;
      }
    }
    return undefined;
  }

  return { find };
}
