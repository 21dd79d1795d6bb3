import { statSync } from 'node:fs';
import type { AstroIntegration } from 'astro';
import compressor from 'astro-compressor';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX as compressible } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';

// Smaller files gain less from compression than the encoded answer costs (hono's compress uses 1024 too).
const minBytes = 1024;

/**
 * Whether the build writes `.br` and `.gz` beside a file: text types that `serveStatic` looks up a
 * precompressed variant for, from 1 KiB on. Share cards (PNG) and fonts (WOFF2) are compressed already.
 */
export function isPrecompressible(file: string, size: number): boolean {
  const type = getMimeType(file);
  return type !== undefined && compressible.test(type) && size >= minBytes;
}

/**
 * Writes `x.br` and `x.gz` beside every precompressible file in dist/ at build time, so `npm run serve`
 * sends them as they are instead of compressing per request. Must be the last integration: it
 * compresses the pages as the integrations before it left them.
 */
export function precompress(): AstroIntegration {
  return compressor({
    zstd: false,
    hooks: { fileFilter: ({ filePath }) => isPrecompressible(filePath, statSync(filePath).size) },
  });
}
