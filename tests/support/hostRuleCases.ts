// What the static host answers for the site's own rules (public/_redirects) on the real build: one
// table, asked of Netlify's own engine (tests/netlify/netlify.test.ts) and of `npm run serve`
// (tests/e2e/hostRules.test.ts), so the two read the rules the same way.
import { choiceCookies } from '../../functions/arrivalDecision.ts';

export interface HostRuleCase {
  path: string;
  status: number;
  /** Where a redirect sends the visitor (a path of the same site). */
  location?: string;
  /** The language of the page that answers. */
  lang?: 'en' | 'bg';
  /** The Cookie header sent: the language toggle's choice (and, to netlify-cli, a country). */
  cookie?: string;
}

const bgChoice = `${choiceCookies.bg}=1`;
const enChoice = `${choiceCookies.en}=1`;

export const hostRuleCases: HostRuleCase[] = [
  { path: '/', status: 200, lang: 'en' },
  { path: '/bg', status: 200, lang: 'bg' },
  { path: '/about', status: 200, lang: 'en' },
  { path: '/bg/about', status: 200, lang: 'bg' },
  { path: '/blog', status: 200, lang: 'en' },
  { path: '/bg/blog', status: 200, lang: 'bg' },
  // Real articles are files: no rule takes them.
  { path: '/blog/1', status: 200, lang: 'en' },
  { path: '/bg/blog/3', status: 200, lang: 'bg' },
  // Unknown articles go to the blog of their language.
  { path: '/blog/999', status: 302, location: '/blog' },
  { path: '/blog/abc', status: 302, location: '/blog' },
  { path: '/bg/blog/999', status: 302, location: '/bg/blog' },
  { path: '/bg/blog/abc', status: 302, location: '/bg/blog' },
  { path: '/blog/abc/', status: 302, location: '/blog' },
  // Unknown paths: the 404 page of their language, and the 404 pages themselves asked for by name.
  { path: '/no-such-page', status: 404, lang: 'en' },
  { path: '/bg/no-such-page', status: 404, lang: 'bg' },
  { path: '/blog/1/more', status: 404, lang: 'en' },
  { path: '/bg/blog/1/more', status: 404, lang: 'bg' },
  { path: '/404', status: 404, lang: 'en' },
  { path: '/bg/404', status: 404, lang: 'bg' },
  // The language rule (src/lib/builtPages/languageRules.ts): a Bulgarian choice goes to the twin before
  // any page; an English one stays; a Bulgarian address, an unknown path and the 404 page never move.
  { path: '/about', cookie: bgChoice, status: 302, location: '/bg/about' },
  { path: '/', cookie: bgChoice, status: 302, location: '/bg/' },
  { path: '/tips/en_1', cookie: bgChoice, status: 302, location: '/bg/tips/1' },
  { path: '/blog/3', cookie: `consent=denied; ${bgChoice}`, status: 302, location: '/bg/blog/3' },
  { path: '/about', cookie: enChoice, status: 200, lang: 'en' },
  { path: '/', cookie: enChoice, status: 200, lang: 'en' },
  { path: '/bg/about', cookie: enChoice, status: 200, lang: 'bg' },
  { path: '/bg/about', cookie: bgChoice, status: 200, lang: 'bg' },
  { path: '/blog/999', cookie: bgChoice, status: 302, location: '/blog' },
  { path: '/no-such-page', cookie: bgChoice, status: 404, lang: 'en' },
];

/** The request of a case: its cookie, if any. */
export const caseHeaders = ({ cookie }: HostRuleCase): Record<string, string> => (cookie ? { cookie } : {});

/** What a case's answer showed, in the table's terms, to compare with the case as written. */
export async function observed(response: Response, { path, cookie }: HostRuleCase): Promise<HostRuleCase> {
  const location = response.headers.get('location');
  const lang = /<html[^>]*\slang="(\w+)"/.exec(await response.text())?.[1];
  return {
    path,
    ...(cookie ? { cookie } : {}),
    status: response.status,
    ...(location ? { location: new URL(location, 'http://site').pathname } : {}),
    ...(lang === 'en' || lang === 'bg' ? { lang } : {}),
  };
}
