// Every page within the first flight: Lighthouse's simulation (its Lantern model) delivers the first
// 14,600 bytes of an answer, status line and headers included, in the first round trip (ten TCP segments
// of 1,460); a page one byte over paints a round trip later. Each built page is asked of the real server
// as a browser asks (Brotli accepted), and its head and body are counted as they come over the wire.
import http from 'node:http';
import { expect, inject, it } from 'vitest';
import { builtPageFiles } from '../support/builtSite.ts';

const firstFlightBytes = 14_600;

/** The address of every built page: `index.html` → `/`, `bg/blog/1.html` → `/bg/blog/1`. */
const pagePaths = builtPageFiles()
  .map((file) => `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1')}`)
  .sort();

/** The bytes of one answer on the wire: status line, headers, the blank line, and the body. */
function answerBytes(url: string): Promise<{ status: number; head: number; body: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        let head = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          head += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
        let body = 0;
        res.on('data', (chunk: Buffer) => {
          body += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, head, body }));
      })
      .on('error', reject);
  });
}

it("declares every page's encoding in its first 1,024 bytes, as its header names none", async () => {
  for (const page of pagePaths) {
    const response = await fetch(`${inject('baseURL')}${page}`);
    expect(response.headers.get('content-type'), page).toBe('text/html');
    const start = Buffer.from(await response.arrayBuffer())
      .subarray(0, 1024)
      .toString('latin1');
    expect(start, page).toContain('<meta charset="utf-8">');
  }
});

it('sends every page, headers included, within the first flight', async () => {
  expect(pagePaths.length).toBeGreaterThan(250);
  const over: string[] = [];
  let largest = { path: '', bytes: 0 };
  for (const page of pagePaths) {
    const { status, head, body } = await answerBytes(`${inject('baseURL')}${page}`);
    expect(status, page).toBe(/(^|\/)404$/.test(page) ? 404 : 200);
    const bytes = head + body;
    if (bytes > largest.bytes) largest = { path: page, bytes };
    if (bytes > firstFlightBytes)
      over.push(
        `${page}: ${bytes} bytes (${body} of Brotli + ${head} of headers), ${bytes - firstFlightBytes} over`,
      );
  }
  console.log(`${pagePaths.length} pages; the largest, ${largest.path}, is ${largest.bytes} bytes`);
  expect(over, `pages over the first flight's ${firstFlightBytes} bytes`).toEqual([]);
});
