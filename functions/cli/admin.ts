// `npm run admin -- <command>`: the operator's tool for privacy requests, comment moderation, tip ratings,
// the site's figures, backups and restores.
// Exit codes: 0 done, 1 could not (nothing found, database unavailable), 2 bad arguments.
import { runAdmin } from './adminCommands.ts';

process.exitCode = await runAdmin(process.argv.slice(2));
