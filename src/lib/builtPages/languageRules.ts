// The language rule on arrival (functions/arrivalDecision.ts) as host rules: for every English page that
// checks the language on arrival, the three lines Netlify reads in `_redirects` before sending any page,
// so a visitor it sends to Bulgarian never sees English first. Written above the site's own rules
// (public/_redirects), since the first rule that matches a path decides.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bulgarianCountries, choiceCookies } from '../../../functions/arrivalDecision.ts';
import { elements, type Pass } from './page.ts';

/** The English page's own path and its Bulgarian twin's, when the page has one (not the 404 page). */
function twin(path: string, tree: Parameters<typeof elements>[0]): [string, string] | undefined {
  const [html] = elements(tree, 'html');
  const alternate = elements(tree, 'link').find(
    (link) => link.attribs.rel === 'alternate' && link.attribs.hreflang === 'bg',
  );
  if (html?.attribs.lang !== 'en' || !alternate?.attribs.href) return undefined;
  const own = `/${path.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`;
  return [own, new URL(alternate.attribs.href, 'http://site').pathname];
}

/**
 * Per page: a Bulgarian choice goes to the twin; an English choice is served the page itself (a
 * rewrite to its own file, so no later line moves it); else a visitor from BG or MD goes to the twin.
 * Netlify cannot see a User-Agent, so a crawler from those countries is moved too (docs/deployment.md).
 */
export function languageRules(): Pass {
  return {
    name: 'language-rules',
    async run({ root, pages }) {
      const lines: string[] = [];
      for (const page of pages) {
        const paths = twin(page.path, page.tree);
        if (!paths) continue;
        const [own, bg] = paths;
        lines.push(
          `${own}  ${bg}  302!  Cookie=${choiceCookies.bg}`,
          `${own}  /${page.path}  200!  Cookie=${choiceCookies.en}`,
          `${own}  ${bg}  302!  Country=${bulgarianCountries.join(',').toLowerCase()}`,
        );
      }
      if (!lines.length) return 'no English page with a Bulgarian twin';
      const file = join(root, '_redirects');
      // A site without rules of its own has no file yet.
      const site = await readFile(file, 'utf8').catch(() => '');
      const head =
        '# Language on arrival, written by the build (src/lib/builtPages/languageRules.ts): a chosen\n' +
        '# language first (its cookie), then the country. `npm run serve` applies the same rule itself.\n';
      await writeFile(file, `${head}${lines.join('\n')}\n\n${site}`);
      return `${lines.length / 3} English pages sent on by the host`;
    },
  };
}
