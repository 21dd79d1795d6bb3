// The build writes .br and .gz beside each text file (src/lib/builtPages/compression.ts) and `npm run serve`
// sends them as they are: the variants must be of the finished files, and only where they help.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, inject, it } from 'vitest';
import { isPrecompressible } from '../../src/lib/builtPages/compression.ts';
import { builtDir } from '../support/builtSite.ts';

const files = fs
  .readdirSync(builtDir, { recursive: true, encoding: 'utf8' })
  .map((file) => path.join(builtDir, file))
  .filter((file) => fs.statSync(file).isFile() && !/\.(br|gz)$/.test(file));

it('compresses every text file of 1 KiB or more as the last integration left it', () => {
  const text = files.filter((file) => isPrecompressible(file, fs.statSync(file).size));
  expect(text.length).toBeGreaterThan(250);
  for (const file of text) {
    const original = fs.readFileSync(file);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(original), file).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(original), file).toBe(true);
  }
});

it('writes no variant of share cards, fonts or small files', () => {
  const others = files.filter((file) => !isPrecompressible(file, fs.statSync(file).size));
  expect(others.filter((file) => file.startsWith(path.join(builtDir, 'cards/'))).length).toBeGreaterThan(200);
  expect(others.filter((file) => fs.existsSync(`${file}.br`) || fs.existsSync(`${file}.gz`))).toEqual([]);
});

it("serves the home page's brotli file to a browser, byte for byte", async () => {
  const body = await new Promise<{ encoding?: string; bytes: Buffer }>((resolve, reject) => {
    http
      .get(`${inject('baseURL')}/`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
  expect(body.encoding).toBe('br');
  expect(body.bytes.equals(fs.readFileSync(path.join(builtDir, 'index.html.br')))).toBe(true);
});
