// The operator tools' command lines: each command declares its options and how many plain arguments it
// takes, node:util parseArgs reads them, and every mistake comes back as one line printed above the usage.
import path from 'node:path';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { DetailedError } from 'hono/client';
import type { AdminClient } from '../admin/adminClient.ts';

/**
 * A file the operator named, resolved where they typed it: `npm run` moves to the project root and keeps
 * the shell's folder in INIT_CWD.
 */
export const operatorPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/** What a command's options came to: `true` for a boolean given, the text for a string one. */
export type OptionValues = Record<string, string | boolean | undefined>;

/** One command of a tool. */
export interface Command {
  options?: ParseArgsOptionsConfig;
  /** How many plain arguments it takes at most (none when not said). */
  arguments?: number;
  /** What is wrong with its arguments, if anything: checked before anything is opened. */
  problem?(positionals: string[], values: OptionValues): string | undefined;
  /** Does it: resolves with what to print (exit 0) or with the exit code once it printed its own. */
  run(positionals: string[], values: OptionValues): Promise<string | number>;
}

/** Where a command writes: stdout and stderr in the tools, collected lines in the tests. */
export type Output = Pick<Console, 'log' | 'error'>;

/** Why a command could not do its work, printed without a stack trace; `code` is the exit code. */
export class CommandFailure extends Error {
  readonly code: number;
  constructor(message: string, code = 1) {
    super(message);
    this.code = code;
  }
}

/** A command taking one plain argument, and what it says when that is missing or not `valid`. */
export const needsArgument = (message: string, valid = (arg: string) => arg !== '') => ({
  arguments: 1,
  problem: ([arg = '']: string[]) => (valid(arg) ? undefined : message),
});

// Refusals whose message says it all; by name, as their classes live in modules that asking a running
// server never loads.
const known = ['ConfigError', 'DataDirLockedError', 'NoDatabaseError', 'RestoreRefusedError', 'IssueError'];

/**
 * What to print of `error`, caught `doing` something: a known refusal's own words, without a stack trace;
 * one that names nothing there is (status 404, as an unknown issue) is a bad argument.
 */
export function commandFailure(error: unknown, doing: string): CommandFailure {
  if (error instanceof CommandFailure) return error;
  const { name, message, status } = error as Error & { status?: number };
  return new CommandFailure(known.includes(name) ? message : `${doing}: ${message}`, status === 404 ? 2 : 1);
}

/**
 * The site's admin API for a command (admin/adminClient.ts), loaded when a command needs it; a plain
 * message and exit 1, instead of a stack trace, where the configuration or the database cannot be had.
 */
export async function openForOperator() {
  const { connectAdmin } = await import('../admin/adminClient.ts');
  return connectAdmin().catch((error: unknown) =>
    Promise.reject(commandFailure(error, 'Cannot open the database')),
  );
}

/** The admin API, opened for one command and closed after it (an `await using` resource). */
export type OpenApi = () => Promise<{ client: AdminClient; [Symbol.asyncDispose](): Promise<void> }>;

/** Runs `work` with the site's admin API (from `open`), closed after it. */
export async function withSite<T>(
  work: (client: AdminClient) => Promise<T>,
  open: OpenApi = openForOperator,
) {
  await using site = await open();
  return await work(site.client);
}

/** The command `args` names, with its arguments; a string saying what is wrong; undefined for help. */
function parseCommandLine(args: string[], commands: Record<string, Command>) {
  const [name, ...rest] = args;
  if (name === undefined) return 'No command given.';
  if (name === 'help' || name === '--help' || name === '-h') {
    return rest.length === 0 ? undefined : 'help takes no arguments.';
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) return `Unknown command: ${name}`;
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    const options = { ...command.options, help: { type: 'boolean', short: 'h' } } as const;
    parsed = parseArgs({ args: rest, options, strict: true, allowPositionals: true });
  } catch (error) {
    // Node's first sentence names the option ("Unknown option '--force'."); the rest is advice for programmers.
    return `${name}: ${String((error as Error).message).split(/(?<=\.) |\n/)[0]}`;
  }
  const { values, positionals } = parsed;
  if (values.help) return undefined;
  const extra = positionals.slice(command.arguments ?? 0);
  if (extra.length > 0) {
    return `Too many arguments for ${name}: ${extra.map((arg) => JSON.stringify(arg)).join(' ')}`;
  }
  return command.problem?.(positionals, values) ?? { command, values, positionals };
}

/**
 * Runs `args` (a command's name, then its arguments) and resolves with the exit code: 0 done, 1 could
 * not, 2 bad arguments (with the usage). `help`, `--help` and `-h`, also after a command, print the usage.
 */
export async function runCommandLine(
  args: string[],
  commands: Record<string, Command>,
  usage: string,
  out: Output,
): Promise<number> {
  const parsed = parseCommandLine(args, commands);
  if (typeof parsed === 'string') {
    out.error(`${parsed}\n\n${usage}`);
    return 2;
  }
  if (!parsed) {
    out.log(usage);
    return 0;
  }
  try {
    const result = await parsed.command.run(parsed.positionals, parsed.values);
    if (typeof result === 'number') return result;
    out.log(result);
    return 0;
  } catch (error) {
    if (error instanceof CommandFailure) {
      out.error(error.message);
      return error.code;
    }
    // A refusal of the admin API (hono's parseResponse): its `error` when a sentence, else the body as
    // JSON; an unknown issue (404) is a bad argument.
    if (!(error instanceof DetailedError)) throw error;
    const { data } = error.detail;
    out.error(typeof data?.error === 'string' ? data.error : JSON.stringify(data?.error ?? data));
    return error.statusCode === 404 ? 2 : 1;
  }
}
