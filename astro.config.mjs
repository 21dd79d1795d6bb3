// @ts-check
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, envField } from 'astro/config';
import { loadEnvFile } from './functions/envFile.ts';
import { counterpartPath, langOfPath } from './src/i18n/paths.ts';
import { builtPages } from './src/integrations/builtPages.ts';
import { clientDirectives } from './src/integrations/clientDirectives.ts';
import { pageDates } from './src/lib/blog/pageDates.ts';
import { onBuildLog } from './src/lib/buildLogs.ts';
import { siteUrl } from './src/lib/siteUrl.ts';

// `.env` by name, as the server and commands read it; Vite's own `.env.*` loading is off (envDir).
loadEnvFile();
const env = { ...process.env };
// SITE_URL, else Netlify's URL there, else loopback; a production build with neither stops here.
const site = siteUrl(env).url;
// The sitemap's lastmod: the articles' dates, the blog lists' newest and the privacy policy's.
const lastChanged = await pageDates('./content/blog');

/** Origins outside the site that the pages talk to, for the Content-Security-Policy. */
function externalOrigin(url = '') {
  return /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
}
const tagConfigured = Boolean(env.PUBLIC_GTM_ID || env.PUBLIC_GA_ID);
const google = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

export default defineConfig({
  site,
  // Styles inline in each page: one round trip fewer before the first paint.
  build: { format: 'file', inlineStylesheets: 'always' },
  env: {
    schema: {
      PUBLIC_API_BASE: envField.string({ context: 'client', access: 'public', default: '' }),
      PUBLIC_GEO_ENDPOINT: envField.string({ context: 'client', access: 'public', default: '/api/geo' }),
      PUBLIC_GTM_ID: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_GA_ID: envField.string({ context: 'client', access: 'public', optional: true }),
    },
  },
  integrations: [
    react(),
    clientDirectives(),
    mdx(),
    sitemap({
      // Not the 404 page, nor the pages only a link in a letter leads to, nor the list kept in a browser.
      filter: (page) =>
        !/\/(404|subscribe\/confirm|unsubscribe|moderate|saved)\/?$/.test(new URL(page).pathname),
      serialize(item) {
        const path = new URL(item.url).pathname.replace(/(.)\/$/, '$1');
        item.url = new URL(counterpartPath(path, langOfPath(path)), site).href;
        const alternate = (/** @type {'en'|'bg'} */ lang) => new URL(counterpartPath(path, lang), site).href;
        // English for readers of neither language, as the pages' own hreflang="x-default" says.
        item.links = [
          { lang: 'en', url: alternate('en') },
          { lang: 'bg', url: alternate('bg') },
          { lang: 'x-default', url: alternate('en') },
        ];
        const changed = lastChanged.get(counterpartPath(path, langOfPath(path)));
        if (changed) item.lastmod = changed.toISOString().slice(0, 10);
        return item;
      },
    }),
    // Last: the passes over the built pages (fonts, styles, island scripts, security headers, then
    // compression), in the order src/integrations/builtPages.ts declares. PRECOMPRESS=0 skips the
    // compression for a throwaway build (the tests' tagged copy): serve then compresses per request.
    builtPages({
      sources: {
        connect: [
          ...externalOrigin(env.PUBLIC_API_BASE),
          ...externalOrigin(env.PUBLIC_GEO_ENDPOINT),
          ...(tagConfigured ? google : []),
        ],
        script: tagConfigured ? ['https://www.googletagmanager.com'] : [],
        img: tagConfigured ? google : [],
      },
      compress: env.PRECOMPRESS !== '0',
    }),
  ],
  vite: {
    // Only `.env`, read above: never `.env.production` or `.env.local` (envFile.ts).
    envDir: false,
    plugins: [tailwindcss()],
    // Without the bundler's warnings that mean nothing here (src/lib/buildLogs.ts says which).
    build: { rolldownOptions: { onLog: onBuildLog } },
  },
});
