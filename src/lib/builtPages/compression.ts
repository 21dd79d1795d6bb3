// `x.br` and `x.gz` beside every file worth compressing, at the highest settings (a build has time;
// a request has not), so `npm run serve` and static hosts send them as they are.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX as compressible } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';
import { cached, pruneCache } from '../buildCache.ts';

// Smaller files gain less from compression than the encoded answer costs (hono's compress uses 1024 too).
const minBytes = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Whether the build writes `.br` and `.gz` beside a file: text types that `serveStatic` looks up a
 * precompressed variant for, from 1 KiB on. Share cards (PNG) and fonts (WOFF2) are compressed already.
 */
export function isPrecompressible(file: string, size: number): boolean {
  const type = getMimeType(file);
  return type !== undefined && compressible.test(type) && size >= minBytes;
}

/** Compresses every precompressible file under `root`, all pages and scripts included; returns a log line. */
export async function compressFiles(root: string): Promise<string> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  const done = await Promise.all(
    entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .filter((file) => isPrecompressible(file, Number.POSITIVE_INFINITY))
      .map(async (file) => {
        const data = await readFile(file);
        if (!isPrecompressible(file, data.length)) return [];
        const [br, gzipped] = await Promise.all([
          cached('brotli', [`brotli@${process.versions.brotli}`, data], () =>
            brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          ),
          cached('gzip', [`zlib@${process.versions.zlib}`, data], () =>
            gz(data, { level: constants.Z_BEST_COMPRESSION }),
          ),
        ]);
        await Promise.all([writeFile(`${file}.br`, br.data), writeFile(`${file}.gz`, gzipped.data)]);
        return [{ kept: br.cached, saved: data.length - br.data.length }];
      }),
  );
  const files = done.flat();
  const kept = files.filter((file) => file.kept).length;
  const saved = files.reduce((sum, file) => sum + file.saved, 0);
  await Promise.all(['brotli', 'gzip'].map((kind) => pruneCache(kind)));
  return `${files.length} files compressed (brotli, gzip; ${kept} kept from an earlier build), brotli saves ${(saved / 1024).toFixed(0)} KiB`;
}
