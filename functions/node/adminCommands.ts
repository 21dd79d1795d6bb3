// `npm run admin`: what each command does. admin.ts is the command line around it; the tests call
// runAdmin() with their own database and output.
import { isValidEmail, normaliseEmail } from '../contract.ts';
import type { Db } from '../db/types.ts';
import { queueReport } from '../mail/queueReport.ts';
import { deleteComment, heldComments, setCommentStatus } from '../moderation.ts';
import { deletePerson, exportPerson } from '../personalData.ts';
import { formatTipReport, tipReport, tipReportCsv } from '../tipRanking.ts';
import { parseTipsOptions, type TipsOptions } from '../tipReportOptions.ts';

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
  help                    show this help`;

type AdminCommand =
  | { name: 'help' }
  | { name: 'held' | 'queue' }
  | { name: 'export' | 'delete'; email: string }
  | { name: 'approve' | 'hide' | 'delete-comment'; id: number }
  | { name: 'tips'; options: TipsOptions };

/** Turns argv into a command, or a message saying what is wrong with it. */
function parseArgs(args: string[]): AdminCommand | { error: string } {
  const [name, value, ...extra] = args;
  if (name === 'tips') {
    const options = parseTipsOptions(args.slice(1));
    return 'error' in options ? options : { name, options };
  }
  if (extra.length > 0) return { error: `Too many arguments: ${extra.join(' ')}` };
  switch (name) {
    case undefined:
      return { error: 'No command given.' };
    case 'help':
    case '--help':
    case '-h':
      return value === undefined ? { name: 'help' } : { error: 'help takes no arguments.' };
    case 'held':
    case 'queue':
      return value === undefined ? { name } : { error: `${name} takes no arguments.` };
    case 'export':
    case 'delete': {
      const email = normaliseEmail(value ?? '');
      return isValidEmail(email) ? { name, email } : { error: `${name} needs an e-mail address.` };
    }
    case 'approve':
    case 'hide':
    case 'delete-comment':
      return value && /^\d{1,9}$/.test(value) && Number(value) > 0
        ? { name, id: Number(value) }
        : { error: `${name} needs a comment id (a positive whole number).` };
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
  { db, hashSecret, contentDir }: Omit<AdminDatabase, 'close'>,
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
  const command = parseArgs(args);
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
