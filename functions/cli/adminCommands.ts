// `npm run admin`: what each command does. admin.ts is the command line around it; the tests call
// runAdmin() with their own database and output.
import { isValidEmail, type Lang, languages, normaliseEmail } from '../contract.ts';
import type { Db } from '../db/types.ts';
import { deleteOutboxLetters } from '../mail/outbox.ts';
import { queueReport } from '../mail/queueReport.ts';
import { deleteComment, heldComments, setCommentStatus } from '../moderation.ts';
import { deletePerson, exportPerson } from '../personalData.ts';
import { type DatabaseInUse, formatStats, siteStats } from '../stats.ts';
import { formatTipReport, tipReport, tipReportCsv } from '../tipRanking.ts';
import { asksForHelp, parseCommandArgs } from './commandLine.ts';

const usage = `Usage: npm run admin -- <command>

  export <email>          print everything held about this e-mail address (JSON)
  delete <email>          delete everything held about this e-mail address
  held                    list comments held for review (they contain links)
  queue                   list letters waiting in the mail queue or failed (no addresses shown)
  approve <comment-id>    publish a held or hidden comment
  hide <comment-id>       hide a comment from the site
  delete-comment <id>     delete a comment for good
  tips [--lang en|bg] [--csv]
                          likes and dislikes per tip, best and worst first, and how many were never rated
  stats [--json]          subscribers, letters, comments, ratings and the database in use, at a glance
  help                    show this help (so does --help after any command)`;

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
  | { name: 'stats'; json: boolean };

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
      return isValidEmail(email) ? { name, email } : { error: `${name} needs an e-mail address.` };
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
    default:
      return { error: `Unknown command: ${name}` };
  }
}

/** Where a command writes: stdout and stderr in the tool, collected lines in the tests. */
export interface AdminOutput {
  log(text: string): void;
  error(text: string): void;
}

/** Runs one command (not `help`) and resolves with the exit code: 0 done, 1 not found. */
async function runCommand(
  command: Exclude<AdminCommand, { name: 'help' }>,
  { db, hashSecret, contentDir, database, dataDir }: Omit<AdminDatabase, 'close'>,
  out: AdminOutput,
): Promise<number> {
  switch (command.name) {
    case 'export': {
      const data = await exportPerson(db, await hashSecret(), command.email);
      out.log(JSON.stringify(data, null, 2));
      return 0;
    }
    case 'delete': {
      const gone = await deletePerson(db, await hashSecret(), command.email);
      await deleteOutboxLetters(dataDir, [command.email]);
      out.log(
        `Deleted for ${command.email}: ${gone.subscribers} subscription(s) with ${gone.queuedLetters} queued ` +
          `letter(s) and ${gone.newsletterSends} send-log row(s), ${gone.comments} comment(s), ` +
          `${gone.articleRatings} article rating(s).`,
      );
      return 0;
    }
    case 'held': {
      const held = await heldComments(db);
      if (held.length === 0) out.log('No comments are held for review.');
      for (const c of held) {
        out.log(
          `#${c.id}  article ${c.articleId}  ${c.createdAt.toISOString()}  ${c.language}  ${JSON.stringify(c.name)}\n    ${JSON.stringify(c.comment)}`,
        );
      }
      return 0;
    }
    case 'queue': {
      out.log(await queueReport(db));
      return 0;
    }
    case 'approve':
    case 'hide': {
      const status = command.name === 'approve' ? 'published' : 'hidden';
      if (!(await setCommentStatus(db, command.id, status))) {
        out.error(`No comment with id ${command.id}.`);
        return 1;
      }
      out.log(`Comment ${command.id} is now ${status}.`);
      return 0;
    }
    case 'tips': {
      const reports = await tipReport(db, contentDir, command.options.languages);
      out.log(command.options.csv ? tipReportCsv(reports) : formatTipReport(reports));
      return 0;
    }
    case 'stats': {
      const stats = await siteStats(db, database);
      out.log(command.json ? JSON.stringify(stats, null, 2) : formatStats(stats));
      return 0;
    }
    case 'delete-comment': {
      if (!(await deleteComment(db, command.id))) {
        out.error(`No comment with id ${command.id}.`);
        return 1;
      }
      out.log(`Comment ${command.id} deleted.`);
      return 0;
    }
  }
}

/** An open database for the commands; `close` is called when the command is done. */
export interface AdminDatabase {
  db: Db;
  hashSecret(): Promise<string>;
  /** Where the tips are read from (`tips` names every known tip, rated or not). */
  contentDir: string;
  /** Which database this is, for `stats`. */
  database: DatabaseInUse;
  /** DATA_DIR, whose outbox holds copies of letters (deleted with their address). */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Runs `npm run admin -- <args>` and resolves with its exit code: 0 done, 1 could not (nothing found),
 * 2 bad arguments. The database is opened only for a valid command that needs it.
 */
export async function runAdmin(
  args: string[],
  open: () => Promise<AdminDatabase>,
  out: AdminOutput,
): Promise<number> {
  const command = parseCommand(args);
  if ('error' in command) {
    out.error(`${command.error}\n\n${usage}`);
    return 2;
  }
  if (command.name === 'help') {
    out.log(usage);
    return 0;
  }
  const database = await open();
  try {
    return await runCommand(command, database, out);
  } finally {
    await database.close();
  }
}
