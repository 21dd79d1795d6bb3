// Where the site keeps its data (DATA_DIR), in a module of its own: a command finds the running
// server's socket there without loading, and checking, the whole configuration (config.ts).
import path from 'node:path';

export const defaultDataDir = './data';

/** DATA_DIR of `env` as an absolute path; empty counts as unset, as everywhere in the configuration. */
export const dataDirOf = (env: Record<string, string | undefined>) =>
  path.resolve(env.DATA_DIR || defaultDataDir);
