// `npm run newsletter -- <command>`: the operator's tool for issues of the newsletter.
// Exit codes: 0 done, 1 could not (some letters failed, database unavailable), 2 bad arguments.
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream as WebStream } from 'node:stream/web';
import { escapeUTF8 } from 'entities';
import { parseResponse } from 'hono/client';
import { adminSocketPath, answers } from '../admin/adminSocket.ts';
import { loadConfig, siteUrlOf } from '../config.ts';
import { languages } from '../contract.ts';
import type { SendLine, SendSummary } from '../mail/issueLetters.ts';
import type { LetterContext } from '../mail/letters.ts';
import type { Letter } from '../mail/transport.ts';
import { CommandFailure, commandFailure, needsArgument, runCommandLine, withSite } from './commandLine.ts';

const usage = `Usage: npm run newsletter -- <command>

  preview <slug>            write the letter (HTML and text, both languages) to a folder and print where
  preview course            write every letter of the 30-day course the same way, with an index.html
  send <slug> [--dry-run]   send the issue to every confirmed subscriber, each in their language;
                            --dry-run makes every letter and counts them, and sends nothing
  help                      show this help (so does --help after any command)

An issue is content/newsletter/en/<slug>.md and content/newsletter/bg/<slug>.md (or .mdx). The course's
letters are content/newsletter/course/<lang>/*.md; the serve process sends them by itself.`;

/** A made-up reader: the preview's links look real but unsubscribe nobody. */
const reader = { id: '00000000-0000-4000-8000-000000000000', email: 'reader@example.com' };

/** Writes `letter` into `dir` (made if need be) as `name`.html and `name`.txt. */
async function writeLetter(dir: string, name: string, letter: Letter) {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, `${name}.html`), letter.html);
  await fs.writeFile(path.join(dir, `${name}.txt`), `Subject: ${letter.subject}\n\n${letter.text}\n`);
}

/** Writes the issue `slug` (or the course) into DATA_DIR/newsletter-preview and says where. */
async function preview(slug: string) {
  try {
    // A bad setting is a ConfigError, printed in its own words.
    const config = loadConfig();
    const { loadIssue } = await import('../newsletter/issues.ts');
    // The links `send` would write: the running site's address, else what a server here would use.
    const siteUrl = (await answers(adminSocketPath(config.dataDir)))?.siteUrl ?? siteUrlOf(config);
    const context = { secret: 'preview', siteUrl };
    const dir = path.join(config.dataDir, 'newsletter-preview', slug);
    if (slug === 'course') return await previewCourse(config.contentDir, context, dir);
    const issue = await loadIssue(config.contentDir, slug);
    const { issueLetter } = await import('../mail/letters.ts');
    for (const language of languages) {
      const letter = await issueLetter(context, { ...reader, language }, slug, issue[language]);
      await writeLetter(dir, language, letter);
    }
    return `Preview of ${slug} written to ${dir} (en.html, en.txt, bg.html, bg.txt).`;
  } catch (error) {
    throw commandFailure(error, 'Preview failed');
  }
}

/** Every letter of the course in both languages, and an index.html that lists them by day. */
async function previewCourse(contentDir: string, context: LetterContext, dir: string) {
  const { courseLetter } = await import('../mail/letters.ts');
  const { loadCourse } = await import('../newsletter/course.ts');
  const course = await loadCourse(contentDir);
  const rows: string[] = [];
  for (const letter of course) {
    const cells: string[] = [];
    for (const language of languages) {
      const made = await courseLetter(contentDir, context, { ...reader, language }, letter.step);
      const name = `day-${String(letter.day).padStart(2, '0')}.${language}`;
      await writeLetter(dir, name, made);
      cells.push(
        `<td lang="${language}"><a href="${name}.html">${escapeUTF8(made.subject)}</a> ` +
          `(<a href="${name}.txt">text</a>)<br><small>${escapeUTF8(letter.text[language].preview)}</small></td>`,
      );
    }
    rows.push(`<tr><th scope="row">${letter.day}</th>${cells.join('')}</tr>`);
  }
  const index = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>The course: preview</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}td,th{padding:.5rem 1rem;text-align:left;vertical-align:top}</style>
<h1>The 30-day course</h1>
<table><thead><tr><th scope="col">Day</th>${languages.map((l) => `<th scope="col">${l}</th>`).join('')}</tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
</html>
`;
  await fs.writeFile(path.join(dir, 'index.html'), index);
  return `Preview of the course (${course.length} letters, ${languages.join(' and ')}) written to ${dir}: open index.html.`;
}

/** What a finished send says: how many went, were skipped, resumed, gone, retrying or failed. */
function describeSend(summary: SendSummary): string {
  const { en, bg } = summary.byLanguage;
  const lines = [
    summary.dryRun
      ? `Dry run: ${summary.total} letter(s) would go (en ${en}, bg ${bg}); nothing was sent.`
      : `Sent ${summary.sent} of ${summary.total} letter(s) (en ${en}, bg ${bg}).`,
    `${summary.alreadySent} subscriber(s) had this issue already and were skipped.`,
  ];
  if (summary.resumed > 0) {
    lines.push(
      `${summary.resumed} letter(s) queued by an earlier run that stopped were taken up, each with its own Message-ID.`,
    );
  }
  if (summary.gone > 0) {
    lines.push(
      `${summary.gone} subscriber(s) left during the run (unsubscribed, or their mail server refused the ` +
        'mailbox for good) and got nothing.',
    );
  }
  if (summary.retrying > 0) {
    lines.push(
      `${summary.retrying} letter(s) could not be sent yet: the site's mail queue tries them again ` +
        '(`npm run admin -- queue` shows them), or run the same command again later.',
    );
  }
  if (summary.failed.length > 0) {
    lines.push(
      `${summary.failed.length} letter(s) FAILED after retries; run the same command again to retry them:`,
      ...summary.failed.map((failure) => `  subscriber ${failure.subscriberId}: ${failure.error}`),
    );
  }
  return lines.join('\n');
}

/** A one-line progress bar on a terminal; one line per step when the output is a file or a pipe. */
function showProgress(done: number, total: number, width = 30) {
  if (!process.stdout.isTTY) {
    process.stdout.write(`${done}/${total}\n`);
    return;
  }
  const part = total === 0 ? 1 : done / total;
  const filled = Math.round(part * width);
  process.stdout.write(
    `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${Math.floor(part * 100)}%`,
  );
  if (done === total) process.stdout.write('\n');
}

/** Sends through the site: its transport, secret and SITE_URL make the letters; progress comes back. */
function send(slug: string, dryRun: boolean) {
  return withSite(async (client) => {
    const response = await client.newsletter.send.$post({ json: { slug, dryRun } });
    if (!response.ok) await parseResponse(response); // throws the site's refusal
    // The answer is lines of JSON, each read as it arrives.
    const lines = readline.createInterface({ input: Readable.fromWeb(response.body as WebStream) });
    for await (const text of lines) {
      const line = JSON.parse(text) as SendLine;
      if ('error' in line) throw new CommandFailure(line.error);
      if ('summary' in line) {
        console.log(describeSend(line.summary));
        return line.summary.failed.length + line.summary.retrying > 0 ? 1 : 0;
      }
      if (line.transport) {
        console.log(
          `${dryRun ? 'Dry run of' : 'Sending'} ${slug} through ${line.transport}, ` +
            `at most ${line.perSecond} letter(s) a second.`,
        );
      } else showProgress(line.done, line.total);
    }
    throw new CommandFailure(
      'The site stopped before the send finished: run the same command again to resume it.',
    );
  });
}

const issueName = (name: string) => needsArgument(`${name} needs exactly one issue name (slug).`);
const commands = {
  preview: { ...issueName('preview'), run: ([slug = '']: string[]) => preview(slug) },
  send: {
    ...issueName('send'),
    options: { 'dry-run': { type: 'boolean' } } as const,
    run: ([slug = '']: string[], values: { 'dry-run'?: unknown }) => send(slug, values['dry-run'] === true),
  },
};
process.exitCode = await runCommandLine(process.argv.slice(2), commands, usage, console);
