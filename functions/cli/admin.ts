// `npm run admin -- <command>`: the operator's tool for privacy requests, comment moderation, tip ratings,
// the site's figures, backups and restores, each command through the admin API (functions/admin).
// Exit codes: 0 done, 1 could not (nothing found, database unavailable), 2 bad arguments.
import { parseResponse } from 'hono/client';
import type { AdminClient } from '../admin/adminClient.ts';
import { isValidEmail, languages, normaliseEmail } from '../contract.ts';
import { writePrivateFile } from '../privateFiles.ts';
import {
  type Command,
  CommandFailure,
  needsArgument,
  type OpenApi,
  type OptionValues,
  type Output,
  openForOperator,
  operatorPath,
  runCommandLine,
  withSite,
} from './commandLine.ts';
import { formatStats } from './statsText.ts';
import { formatTipReport, tipReportCsv } from './tipReportText.ts';

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
  stats [--json]          subscribers, letters, comments, ratings, the database, the newest backup, health
  backup <file>           write the whole database to <file> as plain SQL (pg_dump's), while the site serves
  restore <file> [--replace] [--unsigned]
                          load a backup this site signed into DATA_DIR or DATABASE_URL (no server
                          running on it), migrate it forward and forget again whoever asked since;
                          --replace empties a database that holds rows first, --unsigned takes a
                          file from elsewhere (every statement in it runs)
  help                    show this help (so does --help after any command)

Commands ask the running server (its socket in DATA_DIR), or open the database themselves when none
runs. Settings come from .env at the project root and the environment.`;

/** A command done through the admin API: what it prints, from its one plain argument and its options. */
type ApiCommand = Omit<Command, 'run'> & {
  say(api: AdminClient, arg: string, values: OptionValues): Promise<string>;
};

const email = (name: string) =>
  needsArgument(`${name} needs an email address.`, (arg) => isValidEmail(normaliseEmail(arg)));
const commentId = (name: string) =>
  needsArgument(
    `${name} needs a comment id (a positive whole number).`,
    (id) => /^\d{1,9}$/.test(id) && Number(id) > 0,
  );

/** Every command of `npm run admin`; those of the API open it with `open` when they run. */
function adminCommands(open: OpenApi): Record<string, Command> {
  const api = ({ say, ...command }: ApiCommand): Command => ({
    ...command,
    run: (positionals, values) => withSite((client) => say(client, positionals[0] ?? '', values), open),
  });
  // approve and hide set the comment's status; delete-comment (no status) deletes it.
  const moderate = (name: string, status?: 'published' | 'hidden') =>
    api({
      ...commentId(name),
      say: async (client, id) => {
        const param = { id: String(Number(id)) };
        const comment = client.comments[':id'];
        const { found } = await parseResponse(
          status ? comment.status.$post({ param, json: { status } }) : comment.$delete({ param }),
        );
        if (!found) throw new CommandFailure(`No comment with id ${Number(id)}.`);
        return `Comment ${Number(id)} ${status ? `is now ${status}` : 'deleted'}.`;
      },
    });
  return {
    export: api({
      ...email('export'),
      say: async (client, address) => {
        const data = await parseResponse(client.people.export.$post({ json: { email: address } }));
        return JSON.stringify(data, null, 2);
      },
    }),
    delete: api({
      ...email('delete'),
      say: async (client, address) => {
        const email = normaliseEmail(address);
        const gone = await parseResponse(client.people.delete.$post({ json: { email } }));
        return (
          `Deleted for ${email}: ${gone.subscribers} subscription(s) with ${gone.queuedLetters} letter(s) ` +
          `(queued, or issues sent), ${gone.comments} comment(s), ` +
          `${gone.articleRatings} article rating(s).`
        );
      },
    }),
    held: api({
      say: async (client) => {
        const held = await parseResponse(client.comments.held.$get());
        if (held.length === 0) return 'No comments are held for review.';
        return held
          .map(
            (c) =>
              `#${c.id}  article ${c.articleId}  ${c.createdAt}  ${c.language}  ${JSON.stringify(c.name)}\n    ${JSON.stringify(c.comment)}`,
          )
          .join('\n');
      },
    }),
    queue: api({ say: async (client) => (await parseResponse(client.queue.$get())).report }),
    approve: moderate('approve', 'published'),
    hide: moderate('hide', 'hidden'),
    'delete-comment': moderate('delete-comment'),
    tips: api({
      options: { lang: { type: 'string' }, csv: { type: 'boolean' } },
      problem: (_, { lang }) =>
        lang === undefined || languages.some((language) => language === lang)
          ? undefined
          : 'tips --lang needs en or bg.',
      say: async (client, _, { lang, csv }) => {
        const only = languages.find((language) => language === lang);
        const reports = await parseResponse(client.tips.$get({ query: only ? { lang: only } : {} }));
        return csv ? tipReportCsv(reports) : formatTipReport(reports);
      },
    }),
    stats: api({
      options: { json: { type: 'boolean' } },
      say: async (client, _, { json }) => {
        const stats = await parseResponse(client.stats.$get());
        return json ? JSON.stringify(stats, null, 2) : formatStats(stats);
      },
    }),
    backup: api({
      ...needsArgument('backup needs the file to write.'),
      say: async (client, named) => {
        const dump = await parseResponse(client.backup.$post());
        const file = operatorPath(named);
        await writePrivateFile(file, dump);
        return `Backup written to ${file} (plain SQL; only its owner can read it).`;
      },
    }),
    restore: {
      ...needsArgument('restore needs the backup file to read.'),
      options: { replace: { type: 'boolean' }, unsigned: { type: 'boolean' } },
      run: async ([file = ''], { replace, unsigned }) =>
        (await import('./restoreCommand.ts')).restoreCommand(file, {
          replace: replace === true,
          unsigned: unsigned === true,
        }),
    },
  };
}

/**
 * Runs `npm run admin -- <args>` and resolves with its exit code: 0 done, 1 could not (nothing found),
 * 2 bad arguments. The API is opened only for a valid command that needs it.
 */
export const runAdmin = (args: string[], open: OpenApi = openForOperator, out: Output = console) =>
  runCommandLine(args, adminCommands(open), usage, out);

// Run as the tool; the tests import runAdmin() and call it with their own API and output.
if (import.meta.main) process.exitCode = await runAdmin(process.argv.slice(2));
