// The embed: a tiny page another site frames with one line of HTML (src/pages/[...lang]/embed.txt.ts)
// to show the day's tip with a link back. Its own document, so the host's styles cannot reach in nor
// its own leak out; no script, no cookie, no analytics, no font to fetch.
import { createHash } from 'node:crypto';
import { type Lang, pathPrefix } from '../contract.ts';
import type { DayTip } from './dayTip.ts';
import { xml } from './feed.ts';
import { dayTexts } from './texts.ts';

const style =
  'html{color-scheme:dark}body{margin:0;font:1.05rem/1.4 system-ui,sans-serif;color:#fff8ec;' +
  'background:linear-gradient(165deg,#140b2b,#2a1152 55%,#12082a)}' +
  'figure{margin:0;padding:1rem 1.25rem;min-height:calc(100vh - 2rem);display:flex;flex-direction:column;' +
  'justify-content:center;gap:.75rem}blockquote{margin:0;font-weight:600;font-size:1.2rem}' +
  'a{color:#ffd166;font-weight:700;font-size:.9rem}a:hover{color:#7ef0c4}';

/** Lets the page's one stylesheet, nothing else, and any site frame it. */
export const embedCsp = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors *`;

/** The embed's path per language. */
export const embedPath = (lang: Lang): string => `${pathPrefix[lang]}/embed/today`;

/** The page the embed frames: the tip, and a link to its page that opens outside the frame. */
export function embedPage(lang: Lang, day: DayTip): string {
  const tip = day.tips[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${xml(dayTexts[lang].embedLink)}</title><style>${style}</style></head><body><figure><blockquote data-tip-id="${xml(tip.id)}">${xml(tip.text)}</blockquote><figcaption><a href="${xml(tip.url)}" target="_blank" rel="noopener">${xml(dayTexts[lang].embedLink)} →</a></figcaption></figure></body></html>`;
}
