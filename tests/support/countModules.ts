// Loaded with `--import` before a command: counts every module the process loads (builtins included,
// ES modules and CommonJS alike) and writes the number to MODULE_COUNT_FILE when the process ends.
import fs from 'node:fs';
import { registerHooks } from 'node:module';

const loaded = new Set<string>();
registerHooks({
  load: (url, context, nextLoad) => {
    loaded.add(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => {
  const file = process.env.MODULE_COUNT_FILE;
  if (file) fs.writeFileSync(file, `${loaded.size}\n${[...loaded].sort().join('\n')}\n`);
});
