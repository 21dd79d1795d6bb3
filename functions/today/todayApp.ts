// The tip of the day's addresses outside /api, answered by the Node server (functions/server/serve.ts) and
// by a Netlify function (functions/platforms/netlify-today.ts) alike: /today and /bg/today lead to the
// day's tip page without JavaScript, /today.xml and /bg/today.xml are its feeds, /embed/today and
// /bg/embed/today what the embed frames. Computed per request (a static file would be a day stale on a
// CDN), each kept by shared caches for five minutes (dayCacheControl).
import { Hono } from 'hono';
import type { Content } from '../content.ts';
import { type Lang, languages, pathPrefix } from '../contract.ts';
import { documentHeaders, securityHeaders } from '../http/securityHeaders.ts';
import { dayCacheControl, dayTip, todayOf } from './dayTip.ts';
import { embedCsp, embedPage, embedPath } from './embed.ts';
import { dayFeed, feedDates } from './feed.ts';

interface Options {
  content: Content;
  /** The public address; unset, the address each request came to. */
  siteUrl: string | undefined;
  /** TODAY, for tests: the date to take as today. */
  today: string | undefined;
}

/** Every path this app answers. */
export const todayPaths: ReadonlySet<string> = new Set(
  languages.flatMap((lang) => [
    `${pathPrefix[lang]}/today`,
    `${pathPrefix[lang]}/today.xml`,
    embedPath(lang),
  ]),
);

const noDocument = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export function createTodayApp({ content, siteUrl, today }: Options) {
  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders)) c.header(name, value);
    c.header('Cache-Control', c.res.ok || c.res.status === 302 ? dayCacheControl : 'no-store');
  });

  const day = (url: string, date = todayOf(today)) => dayTip(content, date, siteUrl ?? new URL(url).origin);
  const unavailable = () => new Response('The tip of the day is not available', { status: 503 });

  for (const lang of languages satisfies readonly Lang[]) {
    const prefix = pathPrefix[lang];
    app.get(`${prefix}/today`, async (c) => {
      const tip = await day(c.req.url);
      if (!tip) return unavailable();
      c.header('Content-Security-Policy', noDocument);
      return c.redirect(tip.tips[lang].url, 302);
    });
    app.get(`${prefix}/today.xml`, async (c) => {
      const days = await Promise.all(feedDates(todayOf(today)).map((date) => day(c.req.url, date)));
      if (days.some((tip) => !tip)) return unavailable();
      const origin = siteUrl ?? new URL(c.req.url).origin;
      c.header('Content-Type', 'application/rss+xml; charset=utf-8');
      c.header('Content-Security-Policy', noDocument);
      return c.body(
        dayFeed(
          lang,
          days.filter((tip) => tip !== undefined),
          origin,
        ),
      );
    });
    app.get(embedPath(lang), async (c) => {
      const tip = await day(c.req.url);
      if (!tip) return unavailable();
      c.header('Content-Security-Policy', embedCsp);
      c.header('Permissions-Policy', documentHeaders['Permissions-Policy'] ?? '');
      return c.html(embedPage(lang, tip));
    });
  }
  return app;
}
