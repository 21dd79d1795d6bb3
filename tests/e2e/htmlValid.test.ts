// Every built page is valid HTML for the W3C Nu validator (vnu-jar, run on Java), all in one JVM run.
// Its CSS checks lag behind current CSS (@property, margin-trim), so CSS messages are filtered out;
// every HTML error counts but one: it predates `<link rel="expect" blocking="render">` (WHATWG HTML
// allows `blocking` on rel=stylesheet and rel=expect; Chromium 124 on), so its complaint about that link
// is dropped for pages whose one blocking link is exactly the layout's.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { builtDir, builtPageFiles } from '../support/builtSite.ts';

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
  lastLine?: number;
}

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const control = fs.mkdtempSync(path.join(os.tmpdir(), 'ia-html-'));
afterAll(() => fs.rmSync(control, { recursive: true, force: true }));

it('finds no HTML error on any built page', async () => {
  // A page with the fault this check exists for (a script after </html>): proves the validator runs
  // and reports, in the same JVM run as the site.
  const broken = path.join(control, 'broken.html');
  fs.writeFileSync(broken, '<!doctype html><html lang="en"><title>x</title></html><script></script>');
  const pages = builtPageFiles().map((file) => path.join(builtDir, file));
  expect(pages.length).toBeGreaterThan(100);

  const { stderr } = await promisify(execFile)(
    'java',
    [
      // The quick compiler only and one garbage collector thread: half the processor time of the
      // defaults for one short batch (the quick compiler's larger frames need the bigger stack).
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-Xss8m',
      '-jar',
      vnuJar,
      '--errors-only',
      '--format',
      'json',
      '--no-langdetect',
      '--exit-zero-always',
      '--filterpattern',
      'CSS: .*',
      broken,
      ...pages,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
  const where = (m: VnuMessage) => path.relative(process.cwd(), new URL(m.url ?? 'file:/').pathname);
  const [controlMessages, siteMessages] = [
    messages.filter((m) => m.url?.endsWith('/broken.html')),
    messages.filter((m) => !m.url?.endsWith('/broken.html')),
  ];
  expect(controlMessages.map((m) => m.message)).toContain('Stray start tag “script”.');
  const renderExpect = '<link rel="expect" href="#f" blocking="render">';
  const onlyRenderExpect = (file: string) => {
    const html = fs.readFileSync(file, 'utf8');
    return html.split('blocking=').length === 2 && html.includes(renderExpect);
  };
  const olderThanExpect = (m: VnuMessage) =>
    m.message.startsWith('A “link” element with a “blocking” attribute must have a “rel” attribute') &&
    onlyRenderExpect(new URL(m.url ?? 'file:/').pathname);
  expect(
    siteMessages.filter((m) => !olderThanExpect(m)).map((m) => `${where(m)}:${m.lastLine}: ${m.message}`),
  ).toEqual([]);
});
