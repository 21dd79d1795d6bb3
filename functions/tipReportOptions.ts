// The options of `npm run admin -- tips`, apart from the report itself so that a usage error answers
// without loading the database modules.
import type { Lang } from './contract.ts';

export interface TipsOptions {
  languages: Lang[];
  csv: boolean;
}

/** `tips [--lang en|bg] [--csv]` after the command name; a message when something is wrong. */
export function parseTipsOptions(args: readonly string[]): TipsOptions | { error: string } {
  const options: TipsOptions = { languages: ['en', 'bg'], csv: false };
  for (let i = 0; i < args.length; i++) {
    const [arg, value] = [args[i], args[i + 1]];
    if (arg === '--csv') options.csv = true;
    else if (arg === '--lang' && (value === 'en' || value === 'bg')) {
      options.languages = [value];
      i++;
    } else if (arg === '--lang') return { error: 'tips --lang needs en or bg.' };
    else return { error: `tips does not take ${JSON.stringify(arg)}.` };
  }
  return options;
}
