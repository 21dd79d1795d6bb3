// `npm run admin -- <command>`: the operator's tool for privacy requests and comment moderation.
// Exit codes: 0 done, 1 could not (nothing found, database unavailable), 2 bad arguments.
import { isValidEmail, normaliseEmail } from '../contract.ts';

const usage = `Usage: npm run admin -- <command>

  export <email>          print everything held about this e-mail address (JSON)
  delete <email>          delete everything held about this e-mail address
  held                    list comments held for review (they contain links)
  queue                   list letters waiting in the mail queue or failed (no addresses shown)
  approve <comment-id>    publish a held or hidden comment
  hide <comment-id>       hide a comment from the site
  delete-comment <id>     delete a comment for good
  help                    show this help`;

type Command =
  | { name: 'help' | 'held' | 'queue' }
  | { name: 'export' | 'delete'; email: string }
  | { name: 'approve' | 'hide' | 'delete-comment'; id: number };

/** Turns argv into a command, or a message saying what is wrong with it. */
function parseArgs(args: string[]): Command | { error: string } {
  const [name, value, ...extra] = args;
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

async function run(command: Command): Promise<number> {
  if (command.name === 'help') {
    console.log(usage);
    return 0;
  }
  // Loaded only now, so a usage error answers at once (the database modules take a moment to load).
  const { openForOperator } = await import('./operatorDatabase.ts');
  const { deleteComment, heldComments, setCommentStatus } = await import('../moderation.ts');
  const { deletePerson, exportPerson } = await import('../personalData.ts');
  const { services, close } = await openForOperator();
  try {
    const { db } = await services.db();
    switch (command.name) {
      case 'export': {
        const data = await exportPerson(db, await services.hashSecret(), command.email);
        console.log(JSON.stringify(data, null, 2));
        return 0;
      }
      case 'delete': {
        const gone = await deletePerson(db, await services.hashSecret(), command.email);
        console.log(
          `Deleted for ${command.email}: ${gone.subscribers} subscription(s) with ${gone.queuedLetters} queued ` +
            `letter(s) and ${gone.newsletterSends} send-log row(s), ${gone.comments} comment(s), ` +
            `${gone.articleRatings} article rating(s).`,
        );
        return 0;
      }
      case 'held': {
        const held = await heldComments(db);
        if (held.length === 0) console.log('No comments are held for review.');
        for (const c of held) {
          console.log(
            `#${c.id}  article ${c.articleId}  ${c.createdAt.toISOString()}  ${c.language}  ${JSON.stringify(c.name)}\n    ${JSON.stringify(c.comment)}`,
          );
        }
        return 0;
      }
      case 'queue': {
        const { queueReport } = await import('../mail/queueReport.ts');
        console.log(await queueReport(db));
        return 0;
      }
      case 'approve':
      case 'hide': {
        const status = command.name === 'approve' ? 'published' : 'hidden';
        if (!(await setCommentStatus(db, command.id, status))) {
          console.error(`No comment with id ${command.id}.`);
          return 1;
        }
        console.log(`Comment ${command.id} is now ${status}.`);
        return 0;
      }
      case 'delete-comment': {
        if (!(await deleteComment(db, command.id))) {
          console.error(`No comment with id ${command.id}.`);
          return 1;
        }
        console.log(`Comment ${command.id} deleted.`);
        return 0;
      }
    }
  } finally {
    await close();
  }
}

const command = parseArgs(process.argv.slice(2));
if ('error' in command) {
  console.error(`${command.error}\n\n${usage}`);
  process.exit(2);
}
process.exitCode = await run(command);
