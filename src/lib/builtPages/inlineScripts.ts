// Minifies the inline scripts a page ends with (those written in a component as they read, comments and
// all): each is bytes of every page's first flight, and its hash is what the Content-Security-Policy
// allows, so this runs before the security headers.
import { Text } from 'domhandler';
import { transform } from 'esbuild';
import { elements, type Pass, rawText } from './page.ts';

export function inlineScripts(): Pass {
  return {
    name: 'inline-scripts',
    async run({ pages }) {
      const minified = new Map<string, Promise<string>>();
      let saved = 0;
      for (const page of pages) {
        for (const script of elements(page.tree, 'script')) {
          const type = script.attribs.type ?? '';
          if ('src' in script.attribs || (type !== '' && type !== 'module')) continue;
          const body = rawText(script);
          // On one line: minified already (Astro's runtime, src/lib/inlineScript.ts's bundles), kept as it is.
          if (!body.trim().includes('\n')) continue;
          // A classic script keeps its top-level names (another script may use them); a module is a module.
          const format = type === 'module' ? 'esm' : undefined;
          const code =
            minified.get(body) ??
            transform(body, { minify: true, loader: 'js', format }).then((out) => out.code.trim());
          minified.set(body, code);
          const short = await code;
          if (short.length >= body.length) continue;
          saved += body.length - short.length;
          const text = new Text(short);
          text.parent = script;
          script.children = [text];
        }
      }
      return `${minified.size} distinct inline scripts, ${saved} bytes saved over all pages`;
    },
  };
}
