// Loaded before every Node command (`node --import ./functions/startup.ts functions/server/serve.ts`,
// see package.json): two savings at start, together about 0.6 s of the 1 s it takes to load the API.
import { existsSync } from 'node:fs';
import { enableCompileCache, registerHooks } from 'node:module';

// One configuration for the server and every command: the `.env` of the folder they run in (npm runs
// them in the project's), or the file ENV_FILE names (empty: none; the tests' processes read none).
// Variables already in the environment win. Not `--env-file-if-exists`, which prints ".env not found"
// at every start of a setup that has none.
const envFile = process.env.ENV_FILE ?? '.env';
if (envFile && existsSync(envFile)) process.loadEnvFile(envFile);

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
