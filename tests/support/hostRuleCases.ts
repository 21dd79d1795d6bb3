// What the static host answers for the site's own rules (public/_redirects) on the real build: one
// table, asked of Netlify's own engine (tests/netlify/netlify.test.ts) and of `npm run serve`
// (tests/e2e/hostRules.test.ts), so the two read the rules the same way.

export interface HostRuleCase {
  path: string;
  status: number;
  /** Where a redirect sends the visitor (a path of the same site). */
  location?: string;
  /** The language of the page that answers. */
  lang?: 'en' | 'bg';
}

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
];

/** What a case's answer showed, in the table's terms, to compare with the case as written. */
export async function observed(response: Response, { path }: HostRuleCase): Promise<HostRuleCase> {
  const location = response.headers.get('location');
  const lang = /<html[^>]*\slang="(\w+)"/.exec(await response.text())?.[1];
  return {
    path,
    status: response.status,
    ...(location ? { location: new URL(location, 'http://site').pathname } : {}),
    ...(lang === 'en' || lang === 'bg' ? { lang } : {}),
  };
}
