// Loaded before every Node command (`node --import ./functions/startup.ts functions/server/serve.ts`,
// see package.json): two savings at start, together about 0.6 s of the 1 s it takes to load the API.
import { enableCompileCache, registerHooks } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { loadEnvFile } from './envFile.ts';

// What the server and commands create (the database's files, letters, backups) is theirs alone,
// whatever the shell's umask: PGlite would otherwise write its files readable by everyone.
// Workers (the PGlite thread) share the process's umask and may not set it.
if (isMainThread) process.umask(0o077);

// One configuration for the server and every command (envFile.ts). Not `--env-file-if-exists`,
// which prints ".env not found" at every start of a setup that has none.
loadEnvFile();

// Compiled code, type-stripped TypeScript included, is kept on disk between runs.
enableCompileCache();

// To learn each loaded file's module type, Node 24 copies its package's whole package.json from C++ to
// JavaScript: drizzle-orm's is 178 KB and the API loads about 100 of its files, half a second of every
// start. Its package.json says "type": "module", so its relative `.js` imports are ES modules at the
// path they name; everything else is resolved as usual.
registerHooks({
  resolve: (specifier, context, nextResolve) =>
    context.parentURL?.includes('/node_modules/drizzle-orm/') && /^\..*\.js$/.test(specifier)
      ? { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true }
      : nextResolve(specifier, context),
});
