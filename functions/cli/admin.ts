// `npm run admin -- <command>`: the operator's tool for privacy requests, comment moderation, tip ratings
// and the site's figures.
// Exit codes: 0 done, 1 could not (nothing found, database unavailable), 2 bad arguments.
import { runAdmin } from './adminCommands.ts';

process.exitCode = await runAdmin(
  process.argv.slice(2),
  async () => {
    // Loaded only when a command needs it, so a usage error answers at once.
    const { openForOperator } = await import('./operatorDatabase.ts');
    const { databaseInUse } = await import('../stats.ts');
    const { config, services, close } = await openForOperator();
    return {
      db: (await services.db()).db,
      hashSecret: services.hashSecret,
      contentDir: config.contentDir,
      database: databaseInUse(config),
      dataDir: config.dataDir,
      close,
    };
  },
  console,
);
