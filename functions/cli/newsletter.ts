// `npm run newsletter -- <command>`: the operator's tool for issues of the newsletter.
// Exit codes: 0 done, 1 could not (some letters failed, database unavailable), 2 bad arguments.
import fs from 'node:fs/promises';
import path from 'node:path';
import { escapeUTF8 } from 'entities';
import type { SendLine } from '../admin/sendRoute.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { languages } from '../contract.ts';
import type { Issue } from '../newsletter/issues.ts';
import type { SendSummary } from '../newsletter/send.ts';
import { asksForHelp, type OptionSpec, parseCommandArgs } from './commandLine.ts';

const usage = `Usage: npm run newsletter -- <command>

  preview <slug>            write the letter (HTML and text, both languages) to a folder and print where
  preview course            write every letter of the 30-day course the same way, with an index.html
  send <slug> [--dry-run]   send the issue to every confirmed subscriber, each in their language;
                            --dry-run makes every letter and counts them, and sends nothing
  help                      show this help (so does --help after any command)

An issue is content/newsletter/en/<slug>.md and content/newsletter/bg/<slug>.md (or .mdx). The course's
letters are content/newsletter/course/<lang>/*.md; the serve process sends them by itself.`;

type Command =
  | { name: 'help' }
  | { name: 'preview'; slug: string }
  | { name: 'send'; slug: string; dryRun: boolean };

function parseCommand(args: string[]): Command | { error: string } {
  const [name, ...rest] = args;
  if (name === undefined) return { error: 'No command given.' };
  if (asksForHelp(name)) return rest.length === 0 ? { name: 'help' } : { error: 'help takes no arguments.' };
  if (name !== 'preview' && name !== 'send') return { error: `Unknown command: ${name}` };
  const options: OptionSpec = name === 'send' ? { 'dry-run': { type: 'boolean' } } : {};
  const parsed = parseCommandArgs(name, rest, options, 1);
  if (!('values' in parsed)) return parsed;
  const [slug] = parsed.positionals;
  if (!slug) return { error: `${name} needs exactly one issue name (slug).` };
  return name === 'send' ? { name, slug, dryRun: parsed.values['dry-run'] === true } : { name, slug };
}

/** Where the letters' links point: SITE_URL, or the address `npm run serve` uses by default. */
const siteUrlOf = (config: Config) => config.siteUrl ?? `http://${config.host}:${config.port || 4321}`;

async function run(command: Command): Promise<number> {
  if (command.name === 'help') {
    console.log(usage);
    return 0;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : String(error));
    return 1;
  }
  // The running site (or this process, with none running) loads the issue it sends from its content.
  if (command.name === 'send') return send(command);
  const { IssueError, listIssues, loadIssue } = await import('../newsletter/issues.ts');
  if (command.slug === 'course') {
    try {
      return await previewCourse(config);
    } catch (error) {
      if (!(error instanceof IssueError)) throw error;
      console.error(error.message);
      return 1;
    }
  }
  const known = await listIssues(config.contentDir);
  if (!known.includes(command.slug)) {
    console.error(
      `Unknown issue: ${command.slug}. ` +
        (known.length > 0
          ? `Issues: ${known.join(', ')}.`
          : 'There are no issues in content/newsletter yet.'),
    );
    return 2;
  }
  let issue: Issue;
  try {
    issue = await loadIssue(config.contentDir, command.slug);
  } catch (error) {
    if (!(error instanceof IssueError)) throw error;
    console.error(error.message);
    return 1;
  }
  return preview(config, command.slug, issue);
}

async function preview(config: Config, slug: string, issue: Issue) {
  const { issueLetter } = await import('../mail/letters.ts');
  const dir = path.join(config.dataDir, 'newsletter-preview', slug);
  await fs.mkdir(dir, { recursive: true });
  // A made-up reader: the preview's links look real but unsubscribe nobody.
  const context = { secret: 'preview', siteUrl: siteUrlOf(config) };
  for (const language of languages) {
    const reader = { id: '00000000-0000-4000-8000-000000000000', email: 'reader@example.com', language };
    const letter = await issueLetter(context, reader, slug, issue[language]);
    await fs.writeFile(path.join(dir, `${language}.html`), letter.html);
    await fs.writeFile(path.join(dir, `${language}.txt`), `Subject: ${letter.subject}\n\n${letter.text}\n`);
  }
  console.log(`Preview of ${slug} written to ${dir} (en.html, en.txt, bg.html, bg.txt).`);
  return 0;
}

/** Every letter of the course in both languages, and an index.html that lists them by day. */
async function previewCourse(config: Config) {
  const { courseLetter } = await import('../mail/letters.ts');
  const { loadCourse, tipText } = await import('../newsletter/course.ts');
  const course = await loadCourse(config.contentDir);
  const dir = path.join(config.dataDir, 'newsletter-preview', 'course');
  await fs.mkdir(dir, { recursive: true });
  const context = { secret: 'preview', siteUrl: siteUrlOf(config) };
  const rows: string[] = [];
  for (const letter of course) {
    const cells: string[] = [];
    for (const language of languages) {
      const reader = { id: '00000000-0000-4000-8000-000000000000', email: 'reader@example.com', language };
      const tip = await tipText(config.contentDir, letter.tip, language);
      const made = await courseLetter(context, reader, letter, tip);
      const name = `day-${String(letter.day).padStart(2, '0')}.${language}`;
      await fs.writeFile(path.join(dir, `${name}.html`), made.html);
      await fs.writeFile(path.join(dir, `${name}.txt`), `Subject: ${made.subject}\n\n${made.text}\n`);
      const { preview } = letter.text[language];
      cells.push(
        `<td lang="${language}"><a href="${name}.html">${escapeUTF8(made.subject)}</a> ` +
          `(<a href="${name}.txt">text</a>)<br><small>${escapeUTF8(preview)}</small></td>`,
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
  console.log(
    `Preview of the course (${course.length} letters, ${languages.join(' and ')}) written to ${dir}: open index.html.`,
  );
  return 0;
}

/** The answer's lines of JSON, each as it arrives. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<SendLine> {
  let buffered = '';
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffered += decoder.decode(read.value, { stream: true });
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    for (const line of complete) if (line.trim()) yield JSON.parse(line) as SendLine;
  }
}

/** What a finished send says: how many went, were skipped, resumed, gone or failed. */
function describeSend(summary: SendSummary): string {
  const lines = [
    summary.dryRun
      ? `Dry run: ${summary.total} letter(s) would go (en ${summary.byLanguage.en}, bg ${summary.byLanguage.bg}); nothing was sent.`
      : `Sent ${summary.sent} of ${summary.total} letter(s) (en ${summary.byLanguage.en}, bg ${summary.byLanguage.bg}).`,
    `${summary.alreadySent} subscriber(s) had this issue already and were skipped.`,
  ];
  if (summary.resumed > 0 && !summary.dryRun) {
    lines.push(
      `${summary.resumed} letter(s) interrupted by an earlier run went again, with their original Message-ID.`,
    );
  }
  if (summary.gone > 0)
    lines.push(`${summary.gone} subscriber(s) unsubscribed during the run and got nothing.`);
  if (summary.failed.length > 0) {
    lines.push(
      `${summary.failed.length} letter(s) FAILED after retries; run the same command again to retry them:`,
    );
    for (const failure of summary.failed)
      lines.push(`  subscriber ${failure.subscriberId}: ${failure.error}`);
  }
  return lines.join('\n');
}

/** Sends through the site: its transport, secret and SITE_URL make the letters; progress comes back. */
async function send(command: { slug: string; dryRun: boolean }) {
  const { openForOperator } = await import('./operatorDatabase.ts');
  const { progressBar } = await import('./progressBar.ts');
  const { client, close } = await openForOperator();
  try {
    const response = await client.newsletter.send.$post({
      json: { slug: command.slug, dryRun: command.dryRun },
    });
    if (!response.ok || !response.body) {
      const body = (await response.json()) as { error?: unknown };
      console.error(typeof body.error === 'string' ? body.error : JSON.stringify(body));
      return response.status === 404 ? 2 : 1;
    }
    const bar = progressBar();
    for await (const line of lines(response.body)) {
      if ('error' in line) {
        console.error(line.error);
        return 1;
      }
      if ('summary' in line) {
        console.log(describeSend(line.summary));
        return line.summary.failed.length > 0 ? 1 : 0;
      }
      if (line.transport) {
        console.log(
          `${command.dryRun ? 'Dry run of' : 'Sending'} ${command.slug} through ${line.transport}, ` +
            `at most ${line.perSecond} letter(s) a second.`,
        );
      } else bar.update(line.done, line.total);
    }
    console.error('The site stopped before the send finished: run the same command again to resume it.');
    return 1;
  } finally {
    await close();
  }
}

const command = parseCommand(process.argv.slice(2));
if ('error' in command) {
  console.error(`${command.error}\n\n${usage}`);
  process.exit(2);
}
process.exitCode = await run(command);
