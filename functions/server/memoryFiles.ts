// Every file of dist/ as sirv indexes it, with the headers sirv would send for it, and the small ones
// (pages, scripts, styles, each with its .br and .gz) held in memory. sirv streams every file from disk
// on every request (open, a fresh 64 KiB buffer, read, close, on the thread pool), several times the
// cost of sending bytes already in memory. The lookup is sirv's own, so a file answers from here exactly
// when sirv would send it; a file not held (over the limits) goes to sirv, or is read here for a range
// (byteRange.ts: sirv gets several wrong).
import fs from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
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
  /** sirv's headers for the file, in sirv's order. */
  headers: OutgoingHttpHeaders & { ETag: string };
  /** Its bytes, when it is held in memory. */
  body?: Buffer;
}

export interface MemoryFiles {
  /** The file sirv would send for this path (as `sirvPathname` gives it) and Accept-Encoding, if any. */
  find(pathname: string, acceptEncoding: string): IndexedFile | undefined;
  /** How many files and bytes are held. */
  held: { files: number; bytes: number };
}

/** sirv's file names, with the extension the options of staticSite.ts give it. */
const extensions = ['html'];
const gzips = [...extensions.map((x) => `${x}.gz`), 'gz'];
const brotlis = [...extensions.map((x) => `${x}.br`), 'br'];

/**
 * The path of a request's URL as sirv reads it: up to a `#` and then a `?` (neither counted as the first
 * character), percent-decoded where that is valid.
 */
export function sirvPathname(url: string): string {
  let pathname = url;
  for (const mark of ['#', '?']) {
    const at = pathname.indexOf(mark, 1);
    if (at !== -1) pathname = pathname.slice(0, at);
  }
  if (pathname.includes('%')) {
    try {
      pathname = decodeURI(pathname);
    } catch {
      // A malformed escape is looked up as it is: no file has such a name.
    }
  }
  return pathname;
}

/** Files sirv leaves out of its index: dot-files and dot-folders, apart from .well-known. */
function dotted(name: string): boolean {
  return !/\.well-known[\\+/]/.test(name) && /(^\.|[\\+|/+]\.)/.test(name);
}

/** sirv's headers for a file (its toHeaders with etag on and no maxAge). */
function headersOf(name: string, size: number, mtime: Date): IndexedFile['headers'] {
  const encoding = { '.br': 'br', '.gz': 'gzip' }[name.slice(-3)];
  let type = mimeType(encoding ? name.slice(0, -3) : name) ?? '';
  if (type === 'text/html') type += ';charset=utf-8';
  return {
    'Content-Length': size,
    'Content-Type': type,
    'Last-Modified': mtime.toUTCString(),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    ETag: `W/"${size}-${mtime.getTime()}"`,
  };
}

/** Reads dist/ as sirv indexes it and holds the small files' bytes (none with `false`). */
export async function readMemoryFiles(root: string, limits: MemoryLimits | false): Promise<MemoryFiles> {
  const names = (await fs.readdir(root, { recursive: true })).filter((name) => !dotted(name));
  // Every file, held or not: a bigger file that sirv would choose first must not be passed over.
  const index = new Map<string, IndexedFile>();
  const held = { files: 0, bytes: 0 };
  const read = async (name: string) => {
    const file = await fs.open(path.join(root, name)).catch(() => undefined);
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
      if (!limits || stats.size > limits.fileBytes || held.bytes + stats.size > limits.totalBytes) return;
      held.bytes += stats.size; // counted before the read: other files are read meanwhile
      const body = await file.readFile();
      if (body.length !== stats.size) {
        // Written to while read: its bytes would not match its headers; sirv sends it (a rebuild follows).
        held.bytes -= stats.size;
        return;
      }
      indexed.body = body;
      held.files++;
    } finally {
      await file.close();
    }
  };
  // A few at a time: a build has a thousand files or more.
  for (let start = 0; start < names.length; start += 16) {
    await Promise.all(names.slice(start, start + 16).map(read));
  }

  function find(requested: string, acceptEncoding: string): IndexedFile | undefined {
    // As sirv: without its trailing slash.
    const pathname = requested.endsWith('/') ? requested.slice(0, -1) : requested;
    // sirv's order: brotli, then gzip, as the client takes them, then the file, then the page.
    const suffixes = [
      ...(/(br|brotli)/i.test(acceptEncoding) ? brotlis : []),
      ...(acceptEncoding.includes('gzip') ? gzips : []),
      '',
      ...extensions,
    ];
    for (const suffix of suffixes) {
      const dot = suffix ? `.${suffix}` : '';
      for (const name of pathname ? [pathname + dot, `${pathname}/index${dot}`] : [`/index${dot}`]) {
        if (index.has(name)) return index.get(name);
      }
    }
    return undefined;
  }

  return { find, held };
}
