// `npm run admin`: what each command does, through the admin API (functions/admin). admin.ts is the
// command line around it; the tests call runAdmin() with their own API and output.
import type { AdminClient } from '../admin/adminClient.ts';
import { isValidEmail, type Lang, languages, normaliseEmail } from '../contract.ts';
import { writePrivateFile } from '../db/dump.ts';
import { formatStats } from '../stats.ts';
import { formatTipReport, tipReportCsv } from '../tipRanking.ts';
import { asksForHelp, operatorPath, parseCommandArgs } from './commandLine.ts';

const usage = `Usage: npm run admin -- <command>

  export <email>          print everything held about this email address (JSON)
  delete <email>          delete everything held about this email address
  held                    list comments held for review (they contain links)
  queue                   list letters waiting in the mail queue or failed (no addresses shown)
  approve <comment-id>    publish a held or hidden comment
  hide <comment-id>       hide a comment from the site
  delete-comment <id>     delete a comment for good
  tips [--lang en|bg] [--csv]
                          likes and dislikes per tip, best and worst first, and how many were never rated
  stats [--json]          subscribers, letters, comments, ratings, the database and the newest backup
  backup <file>           write the whole database to <file> as plain SQL (pg_dump's), while the site serves
  restore <file> [--replace]
                          load a backup into DATA_DIR or DATABASE_URL (no server running on it), then
                          migrate it forward; --replace empties a database that holds rows first
  help                    show this help (so does --help after any command)

Commands ask the running server (its socket in DATA_DIR), or open the database themselves when none
runs. Settings come from .env at the project root and the environment.`;

/** What `tips` prints: which languages, and every tip as CSV or the best and worst as a table. */
interface TipsOptions {
  languages: Lang[];
  csv: boolean;
}

type AdminCommand =
  | { name: 'help' }
  | { name: 'held' | 'queue' }
  | { name: 'export' | 'delete'; email: string }
  | { name: 'approve' | 'hide' | 'delete-comment'; id: number }
  | { name: 'tips'; options: TipsOptions }
  | { name: 'stats'; json: boolean }
  | { name: 'backup'; file: string }
  | { name: 'restore'; file: string; replace: boolean };

/** Turns argv into a command, or a message saying what is wrong with it. */
function parseCommand(args: string[]): AdminCommand | { error: string } {
  const [name, ...rest] = args;
  if (name === undefined) return { error: 'No command given.' };
  if (asksForHelp(name)) return rest.length === 0 ? { name: 'help' } : { error: 'help takes no arguments.' };
  switch (name) {
    case 'held':
    case 'queue': {
      const parsed = parseCommandArgs(name, rest, {}, 0);
      return 'values' in parsed ? { name } : parsed;
    }
    case 'export':
    case 'delete': {
      const parsed = parseCommandArgs(name, rest, {}, 1);
      if (!('values' in parsed)) return parsed;
      const email = normaliseEmail(parsed.positionals[0] ?? '');
      return isValidEmail(email) ? { name, email } : { error: `${name} needs an email address.` };
    }
    case 'approve':
    case 'hide':
    case 'delete-comment': {
      const parsed = parseCommandArgs(name, rest, {}, 1);
      if (!('values' in parsed)) return parsed;
      const [id] = parsed.positionals;
      return id && /^\d{1,9}$/.test(id) && Number(id) > 0
        ? { name, id: Number(id) }
        : { error: `${name} needs a comment id (a positive whole number).` };
    }
    case 'tips': {
      const parsed = parseCommandArgs(name, rest, { lang: { type: 'string' }, csv: { type: 'boolean' } }, 0);
      if (!('values' in parsed)) return parsed;
      const { lang, csv = false } = parsed.values;
      const only = languages.find((language) => language === lang);
      if (lang !== undefined && !only) return { error: 'tips --lang needs en or bg.' };
      return { name, options: { languages: only ? [only] : [...languages], csv } };
    }
    case 'stats': {
      const parsed = parseCommandArgs(name, rest, { json: { type: 'boolean' } }, 0);
      return 'values' in parsed ? { name, json: parsed.values.json ?? false } : parsed;
    }
    case 'backup': {
      const parsed = parseCommandArgs(name, rest, {}, 1);
      if (!('values' in parsed)) return parsed;
      const [file] = parsed.positionals;
      return file ? { name, file } : { error: 'backup needs the file to write.' };
    }
    case 'restore': {
      const parsed = parseCommandArgs(name, rest, { replace: { type: 'boolean' } }, 1);
      if (!('values' in parsed)) return parsed;
      const [file] = parsed.positionals;
      return file
        ? { name, file, replace: parsed.values.replace === true }
        : { error: 'restore needs the backup file to read.' };
    }
    default:
      return { error: `Unknown command: ${name}` };
  }
}

/** Where a command writes: stdout and stderr in the tool, collected lines in the tests. */
export interface AdminOutput {
  log(text: string): void;
  error(text: string): void;
}

type Body<R> = R extends { json(): Promise<infer T> } ? T : never;

/** The admin API's answer as JSON, or undefined with its error printed. */
async function answer<R extends { ok: boolean; json(): Promise<unknown> }>(
  response: R,
  out: AdminOutput,
): Promise<Exclude<Body<R>, { error: string } | { success: false }> | undefined> {
  const body = (await response.json()) as { error?: unknown };
  if (response.ok) return body as Exclude<Body<R>, { error: string } | { success: false }>;
  out.error(typeof body.error === 'string' ? body.error : JSON.stringify(body.error ?? body));
  return undefined;
}

/** How long ago `at` was, in the largest whole unit. */
function age(at: string, now = Date.now()) {
  const minutes = Math.max(0, Math.round((now - Date.parse(at)) / 60_000));
  if (minutes < 120) return `${minutes} minute(s) ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hour(s) ago` : `${Math.round(hours / 24)} day(s) ago`;
}

/** Runs one command of the API and resolves with the exit code: 0 done, 1 not found or refused. */
async function runCommand(
  command: Exclude<AdminCommand, { name: 'help' | 'restore' }>,
  api: AdminClient,
  out: AdminOutput,
): Promise<number> {
  switch (command.name) {
    case 'export': {
      const data = await answer(await api.people.export.$post({ json: { email: command.email } }), out);
      if (!data) return 1;
      out.log(JSON.stringify(data, null, 2));
      return 0;
    }
    case 'delete': {
      const gone = await answer(await api.people.delete.$post({ json: { email: command.email } }), out);
      if (!gone) return 1;
      out.log(
        `Deleted for ${command.email}: ${gone.subscribers} subscription(s) with ${gone.queuedLetters} queued ` +
          `letter(s) and ${gone.newsletterSends} send-log row(s), ${gone.comments} comment(s), ` +
          `${gone.articleRatings} article rating(s).`,
      );
      return 0;
    }
    case 'held': {
      const held = await answer(await api.comments.held.$get(), out);
      if (!held) return 1;
      if (held.length === 0) out.log('No comments are held for review.');
      for (const c of held) {
        out.log(
          `#${c.id}  article ${c.articleId}  ${c.createdAt}  ${c.language}  ${JSON.stringify(c.name)}\n    ${JSON.stringify(c.comment)}`,
        );
      }
      return 0;
    }
    case 'queue': {
      const queue = await answer(await api.queue.$get(), out);
      if (!queue) return 1;
      out.log(queue.report);
      return 0;
    }
    case 'approve':
    case 'hide': {
      const status = command.name === 'approve' ? 'published' : 'hidden';
      const param = { id: String(command.id) };
      const result = await answer(await api.comments[':id'].status.$post({ param, json: { status } }), out);
      if (!result) return 1;
      if (!result.found) {
        out.error(`No comment with id ${command.id}.`);
        return 1;
      }
      out.log(`Comment ${command.id} is now ${status}.`);
      return 0;
    }
    case 'delete-comment': {
      const result = await answer(
        await api.comments[':id'].$delete({ param: { id: String(command.id) } }),
        out,
      );
      if (!result) return 1;
      if (!result.found) {
        out.error(`No comment with id ${command.id}.`);
        return 1;
      }
      out.log(`Comment ${command.id} deleted.`);
      return 0;
    }
    case 'tips': {
      const [lang] = command.options.languages.length === 1 ? command.options.languages : [];
      const reports = await answer(await api.tips.$get({ query: lang ? { lang } : {} }), out);
      if (!reports) return 1;
      out.log(command.options.csv ? tipReportCsv(reports) : formatTipReport(reports));
      return 0;
    }
    case 'stats': {
      const stats = await answer(await api.stats.$get(), out);
      if (!stats) return 1;
      if (command.json) {
        out.log(JSON.stringify(stats, null, 2));
        return 0;
      }
      const { backups } = stats;
      const newest = backups ? `${backups.file} (${age(backups.at)})` : 'none in BACKUP_DIR';
      out.log(`${formatStats(stats)}\n${'Newest backup'.padEnd(24)}${newest}`);
      return 0;
    }
    case 'backup': {
      const response = await api.backup.$post();
      if (!response.ok) {
        await answer(response, out);
        return 1;
      }
      const file = operatorPath(command.file);
      await writePrivateFile(file, await response.text());
      out.log(`Backup written to ${file} (plain SQL; only its owner can read it).`);
      return 0;
    }
  }
}

/** What the commands need from outside: the admin API (opened only when needed) and restore. */
export interface AdminTools {
  open(): Promise<{ client: AdminClient; close(): Promise<void> }>;
  /** Loads the backup in `file` into the configured database; resolves with what it says to print. */
  restore(file: string, replace: boolean): Promise<{ code: number; message: string }>;
}

/**
 * Runs `npm run admin -- <args>` and resolves with its exit code: 0 done, 1 could not (nothing found),
 * 2 bad arguments. The API is opened only for a valid command that needs it.
 */
export async function runAdmin(args: string[], tools: AdminTools, out: AdminOutput): Promise<number> {
  const command = parseCommand(args);
  if ('error' in command) {
    out.error(`${command.error}\n\n${usage}`);
    return 2;
  }
  if (command.name === 'help') {
    out.log(usage);
    return 0;
  }
  if (command.name === 'restore') {
    const { code, message } = await tools.restore(command.file, command.replace);
    if (code === 0) out.log(message);
    else out.error(message);
    return code;
  }
  const api = await tools.open();
  try {
    return await runCommand(command, api.client, out);
  } finally {
    await api.close();
  }
}
