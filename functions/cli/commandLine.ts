// The operator tools' arguments: each command declares its options and how many plain arguments it
// takes, node:util parseArgs reads them, and every mistake comes back as one line to print above the usage.
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * A file the operator named, resolved where they typed it: `npm run` moves to the project root and keeps
 * the shell's folder in INIT_CWD.
 */
export const operatorPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/** A declared option: `--csv` (boolean) or `--lang en` (string). */
export type OptionSpec = Record<string, { type: 'boolean' | 'string' }>;

/** What a command's options came to: `true` for a boolean given, the text for a string one. */
export type OptionValues<O extends OptionSpec> = {
  [Name in keyof O]?: O[Name]['type'] extends 'string' ? string : boolean;
};

/** `--help`/`-h`, which every command understands. */
const helpOption = { help: { type: 'boolean', short: 'h' } } as const;

/** True for the ways of asking for the usage in place of a command name: `help`, `--help`, `-h`. */
export const asksForHelp = (name: string | undefined) =>
  name === 'help' || name === '--help' || name === '-h';

/**
 * Reads the arguments after a command's name by its declared `options`, allowing at most
 * `maxArguments` plain ones. Example: `parseCommandArgs('send', ['x', '--dry-run'], { 'dry-run':
 * { type: 'boolean' } }, 1)` gives `{ values: { 'dry-run': true }, positionals: ['x'] }`.
 */
export function parseCommandArgs<O extends OptionSpec>(
  command: string,
  args: readonly string[],
  options: O,
  maxArguments: number,
): { values: OptionValues<O>; positionals: string[] } | { name: 'help' } | { error: string } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      options: { ...options, ...helpOption },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    // Node's first sentence names the option ("Unknown option '--force'."); the rest is advice for programmers.
    return { error: `${command}: ${String((error as Error).message).split(/(?<=\.) |\n/)[0]}` };
  }
  if (parsed.values.help) return { name: 'help' };
  const extra = parsed.positionals.slice(maxArguments);
  if (extra.length > 0)
    return {
      error: `Too many arguments for ${command}: ${extra.map((arg) => JSON.stringify(arg)).join(' ')}`,
    };
  // Strict parsing gave each declared option a value of its declared type, which is what OptionValues says.
  return { values: parsed.values as OptionValues<O>, positionals: parsed.positionals };
}
