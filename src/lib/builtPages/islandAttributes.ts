// Astro writes on each island a few attributes its runtime never reads in a built site: `uid` (for its
// development server's hot reload, as its own source says), `component-export="default"` (the runtime's
// default) and the component's name in `opts` (for development's error messages). Each article carries
// three islands, and these bytes, the uid's a hash that changes with every chunk, are the difference
// between an article in the first round trip and one over it (tests/e2e/firstFlight.test.ts).
import { elements, type Pass } from './page.ts';

// The pages' trees keep attributes as written (page.ts): Astro escapes its JSON's `"` and `&`.
const unescaped = (value: string) => value.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
const attribute = (value: unknown) =>
  JSON.stringify(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;');

export function islandAttributes(): Pass {
  return {
    name: 'island-attributes',
    async run({ pages }) {
      let count = 0;
      for (const island of pages.flatMap((page) => elements(page.tree, 'astro-island'))) {
        const { attribs } = island;
        delete attribs.uid;
        if (attribs['component-export'] === 'default') delete attribs['component-export'];
        // A directive reads only `value` of its options (src/lib/hydration/*Directive.ts ignore even that).
        if (attribs.opts) attribs.opts = attribute({ value: JSON.parse(unescaped(attribs.opts)).value });
        count += 1;
      }
      return `${count} island(s) trimmed`;
    },
  };
}
