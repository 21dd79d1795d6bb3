// `npm run newsletter -- <command>`: the operator's tool for issues of the newsletter.
// Exit codes: 0 done, 1 could not (some letters failed, database unavailable), 2 bad arguments.
import fs from 'node:fs/promises';
import path from 'node:path';
import { escapeUTF8 } from 'entities';
import { type Config, ConfigError, loadConfig, productionProblem } from '../config.ts';
import { languages } from '../contract.ts';
import type { Issue } from '../newsletter/issues.ts';
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
  const { IssueError, listIssues, loadIssue } = await import('../newsletter/issues.ts');
  if (command.name === 'preview' && command.slug === 'course') {
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
  return command.name === 'preview' ? preview(config, command.slug, issue) : send(config, command, issue);
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

async function send(config: Config, command: { slug: string; dryRun: boolean }, issue: Issue) {
  // Letters to real mailboxes must carry the links the site's server accepts, to its public address.
  const problem = productionProblem(
    config,
    Boolean(config.mail.smtpUrl) && !command.dryRun,
    'letters sent through SMTP_URL',
  );
  if (problem) {
    console.error(problem);
    return 1;
  }
  const { openForOperator } = await import('./operatorDatabase.ts');
  const { createMailTransport } = await import('../mail/transport.ts');
  const { sendIssue } = await import('../newsletter/send.ts');
  const { progressBar } = await import('./progressBar.ts');
  const { services, close } = await openForOperator();
  const transport = createMailTransport(config);
  try {
    const { db } = await services.db();
    const bar = progressBar();
    console.log(
      `${command.dryRun ? 'Dry run of' : 'Sending'} ${command.slug} through ${transport.description}, ` +
        `at most ${config.mail.perSecond} letter(s) a second.`,
    );
    const { SendRunningError } = await import('../newsletter/sendLock.ts');
    const summary = await sendIssue(db, {
      transport,
      context: { secret: await services.hashSecret(), siteUrl: siteUrlOf(config) },
      slug: command.slug,
      issue,
      perSecond: config.mail.perSecond,
      dryRun: command.dryRun,
      onProgress: (done, total) => bar.update(done, total),
    }).catch((error: unknown) => {
      if (error instanceof SendRunningError) return error;
      throw error;
    });
    if (summary instanceof Error) {
      console.error(summary.message);
      return 1;
    }
    const lines = [
      command.dryRun
        ? `Dry run: ${summary.total} letter(s) would go (en ${summary.byLanguage.en}, bg ${summary.byLanguage.bg}); nothing was sent.`
        : `Sent ${summary.sent} of ${summary.total} letter(s) (en ${summary.byLanguage.en}, bg ${summary.byLanguage.bg}).`,
      `${summary.alreadySent} subscriber(s) had this issue already and were skipped.`,
    ];
    if (summary.resumed > 0 && !command.dryRun) {
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
    console.log(lines.join('\n'));
    return summary.failed.length > 0 ? 1 : 0;
  } finally {
    transport.close();
    await close();
  }
}

const command = parseCommand(process.argv.slice(2));
if ('error' in command) {
  console.error(`${command.error}\n\n${usage}`);
  process.exit(2);
}
process.exitCode = await run(command);
