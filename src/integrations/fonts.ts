// The site's two font families, cut at build time to what each language's pages show. A page loads
// only its own language's files (no Cyrillic file on English pages, the two letters of the "БГ" toggle
// live in the English file) and preloads every face its own HTML sets text in: Chromium holds the
// first paint for a preloaded `optional` face, but draws the whole visit in a fallback font when it
// finds one only while laying the page out. Each face keeps only the text the pages set in it (read
// from their HTML, src/lib/fonts/pageText.ts); the body font's other letters, for visitors' comments,
// are a second file per face that a browser fetches only when one of them is shown. A page that is
// mostly a landing page of its own (a shared tip, `<html data-own-fonts>`) gets display faces cut to
// its text alone.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { Blob, Face } from 'harfbuzzjs';
import subsetFont from 'subset-font';
import { faceText, pageCharacters, pageLang, pageStyles, stylesheetWeights } from '../lib/fonts/pageText.ts';
import { htmlFiles } from './builtPages.ts';

type Family = 'display' | 'sans';

/** Static instances of each weight, with every glyph (Latin and Cyrillic), from Google Fonts. */
const sources: Record<Family, { css: string; pkg: string; stem: string }> = {
  display: { css: 'Unbounded', pkg: '@expo-google-fonts/unbounded', stem: 'Unbounded' },
  sans: { css: 'Nunito', pkg: '@expo-google-fonts/nunito', stem: 'Nunito' },
};
const weightNames: Record<number, string> = {
  200: 'ExtraLight',
  300: 'Light',
  400: 'Regular',
  500: 'Medium',
  600: 'SemiBold',
  700: 'Bold',
  800: 'ExtraBold',
  900: 'Black',
};

/**
 * Characters a page may show that the build cannot see: visitors' comments and names. Both languages'
 * pages show one comment thread, so each has the printable ASCII and the whole Bulgarian alphabet (in
 * the body font's `-rest` files, fetched only by a page that shows one of those letters).
 */
const visitorText = `${range(0x20, 0x7e)}\u00a0‘’“”„…–—${range(0x410, 0x44f)}Ѝѝ`;
const alwaysIncluded: Record<string, string> = { en: visitorText, bg: visitorText };
/** OpenType features browsers apply by default; `locl` gives Bulgarian its own letter forms. */
const features = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig', 'clig'];

function range(from: number, to: number): string {
  return Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');
}

function sourceFile(family: Family, weight: number): string {
  const { pkg, stem } = sources[family];
  const root = dirname(createRequire(import.meta.url).resolve(pkg));
  const name = `${weight}${weightNames[weight]}`;
  return join(root, name, `${stem}_${name}.ttf`);
}

/**
 * Faces whose text can first appear after the page has painted: the generator's tip (display
 * semibold). Chromium never uses an `optional` face that finished loading after the first paint, so
 * these may swap in (the generator asks for its face when the visitor reaches for the button).
 */
const lateFaces = new Set(['display-600']);

/**
 * One @font-face rule. A rule with a `range` holds the body font's letters no page shows: they can
 * only come with a visitor's text, after the first paint, so they swap in when they arrive.
 */
function fontFace(family: Family, weight: number, url: string, range?: string, format = 'woff2'): string {
  const display = range ? 'swap' : lateFaces.has(`${family}-${weight}`) ? 'fallback' : 'optional';
  const unicode = range ? `;unicode-range:${range}` : '';
  return `@font-face{font-family:"${sources[family].css}";font-style:normal;font-weight:${weight};font-display:${display}${unicode};src:url("${url}") format("${format}")}`;
}

/** A CSS unicode-range for some characters: `U+41-5A,U+430`. */
function unicodeRange(text: string): string {
  const codes = [...new Set([...text].map((ch) => ch.codePointAt(0) ?? 0))].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < codes.length; i++) {
    const from = codes[i] ?? 0;
    let to = from;
    while (codes[i + 1] === to + 1) to = codes[++i] ?? to;
    ranges.push(to === from ? `U+${from.toString(16)}` : `U+${from.toString(16)}-${to.toString(16)}`);
  }
  return ranges.join(',');
}

const printable = (chars: Iterable<string>) =>
  [...new Set(chars)].filter((ch) => (ch.codePointAt(0) ?? 0) >= 0x20).join('');

/**
 * Whether a page's display faces are cut to its own text: a shared tip's page is where most of its
 * visitors land first, and its quote would otherwise bring the display face of every tip.
 */
const ownsFonts = (html: string) => /<html\b[^>]*\bdata-own-fonts\b/i.test(html);

interface FaceRule {
  family: Family;
  weight: number;
  url: string;
  range?: string;
}

const preload = (url: string) => `<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`;

export function fonts(): AstroIntegration {
  return {
    name: 'fonts',
    hooks: {
      'astro:config:setup': ({ command, injectScript, updateConfig }) => {
        if (command !== 'dev') return;
        // The development server skips the subsetting: every weight, whole, straight from the package.
        const css = Object.keys(sources)
          .flatMap((family) =>
            Object.keys(weightNames).map((w) =>
              fontFace(
                family as Family,
                Number(w),
                `/@fs${sourceFile(family as Family, Number(w))}`,
                undefined,
                'truetype',
              ),
            ),
          )
          .join('\n');
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'dev-fonts',
                resolveId: (id) => (id === 'virtual:dev-fonts.css' ? '\0virtual:dev-fonts.css' : undefined),
                load: (id) => (id === '\0virtual:dev-fonts.css' ? css : undefined),
              },
            ],
          },
        });
        injectScript('page-ssr', 'import "virtual:dev-fonts.css";');
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const html = await htmlFiles(root);
        const pages = await Promise.all(
          html.map(async (file) => ({ file, text: await readFile(file, 'utf8') })),
        );

        // Per language: every character a page can show, and the text set in each face.
        const characters = new Map<string, Set<string>>();
        const faceChars = new Map<string, Map<string, Set<string>>>();
        const islandText = new Map<string, string>();
        const weights = new Set<number>();
        const pageFaces = new Map<string, ReturnType<typeof faceText>>();
        for (const { file, text } of pages) {
          const lang = pageLang(text);
          if (!lang || !(lang in alwaysIncluded))
            throw new Error(`fonts: ${relative(root, file)} has no known <html lang>`);
          const set = characters.get(lang) ?? new Set(alwaysIncluded[lang]);
          for (const ch of pageCharacters(text)) set.add(ch);
          characters.set(lang, set);
          for (const w of stylesheetWeights(pageStyles(text))) weights.add(w);
          const shown = faceText(text);
          pageFaces.set(file, shown);
          const faces = faceChars.get(lang) ?? new Map<string, Set<string>>();
          faceChars.set(lang, faces);
          for (const [face, chars] of shown.faces) {
            const seen = faces.get(face) ?? new Set<string>();
            for (const ch of chars) seen.add(ch);
            faces.set(face, seen);
          }
          islandText.set(lang, (islandText.get(lang) ?? '') + shown.islandText);
        }
        // The generator's lists are shown by the widget, not in the HTML, in the tip's face.
        for (const [lang, list] of [
          ['en', 'tips.json'],
          ['bg', 'bg/tips.json'],
        ] as const) {
          const text = await readFile(join(root, list), 'utf8').catch(() => '');
          for (const ch of text) characters.get(lang)?.add(ch);
          for (const face of lateFaces) for (const ch of text) faceChars.get(lang)?.get(face)?.add(ch);
        }

        const outDir = join(root, '_astro', 'fonts');
        await mkdir(outDir, { recursive: true });
        // Each source file read once (both languages are cut from it).
        const sourceData = new Map<string, Buffer>();
        const source = async (family: Family, weight: number) => {
          const key = `${family}-${weight}`;
          const data = sourceData.get(key) ?? (await readFile(sourceFile(family, weight)));
          sourceData.set(key, data);
          return data;
        };
        const write = async (family: Family, weight: number, name: string, text: string) => {
          const font = await subsetFont(await source(family, weight), text, {
            targetFormat: 'woff2',
            noHinting: true,
            keepFeatures: features,
          });
          const file = `${name}.${createHash('sha256').update(font).digest('hex').slice(0, 8)}.woff2`;
          await writeFile(join(outDir, file), font);
          return { url: `/_astro/fonts/${file}`, bytes: font.length };
        };
        const urls = new Map<string, string>();
        const rules = new Map<string, FaceRule[]>();
        let bytes = 0;
        let files = 0;
        for (const [lang, all] of characters) {
          const faces: FaceRule[] = [];
          for (const family of Object.keys(sources) as Family[]) {
            for (const weight of [...weights].sort()) {
              if (!weightNames[weight]) continue;
              // A display weight no text is set in gets no file: a widget asking for it later is
              // given the nearest weight there is.
              const shown = faceChars.get(lang)?.get(`${family}-${weight}`);
              if (family === 'display' && !shown) continue;
              // The text set in the face; the widgets' labels, in the faces widgets set their later
              // texts in (the HTML cannot tell which: headings, buttons and messages in the display
              // face's bold, plain or bold body text; an element in another face names its later
              // texts in `data-font-text`); in the body font, the figures of dates and counts.
              const labels = weight === 400 || weight === 700;
              const text = printable([
                ...(shown ?? []),
                ...(labels ? (islandText.get(lang) ?? '') : ''),
                ...(family === 'sans' ? ' \u00a00123456789' : ' \u00a0'),
              ]);
              const name = `${sources[family].css.toLowerCase()}-${lang}-${weight}`;
              const cut = await write(family, weight, name, text);
              urls.set(`${family}-${lang}-${weight}`, cut.url);
              faces.push({ family, weight, url: cut.url });
              bytes += cut.bytes;
              files += 1;
              // The body font's other letters, for visitors' own text (a comment, a name): a second
              // file that a browser fetches only for a page that shows one of them.
              if (family !== 'sans') continue;
              // Only letters the font has: an emoji or an arrow in its range would fetch it for nothing.
              const has = new Set(new Face(new Blob(await source(family, weight))).collectUnicodes());
              const rest = printable(
                [...all].filter((ch) => !text.includes(ch) && has.has(ch.codePointAt(0) ?? 0)),
              );
              if (!rest) continue;
              const more = await write(family, weight, `${name}-rest`, rest);
              faces.push({ family, weight, url: more.url, range: unicodeRange(rest) });
              bytes += more.bytes;
              files += 1;
            }
          }
          rules.set(lang, faces);
        }

        // Display faces cut to one page's text; pages showing the same text in a face share its file.
        const ownCuts = new Map<string, Promise<{ url: string; bytes: number }>>();
        const ownCut = (family: Family, weight: number, lang: string, text: string) => {
          const key = `${family}-${weight}-${lang}-${text}`;
          let cut = ownCuts.get(key);
          if (!cut) {
            cut = write(family, weight, `${sources[family].css.toLowerCase()}-${lang}-${weight}-page`, text);
            ownCuts.set(key, cut);
          }
          return cut;
        };

        for (const { file, text } of pages) {
          const lang = pageLang(text) ?? 'en';
          const own = new Map(urls);
          const shown = pageFaces.get(file);
          if (shown && ownsFonts(text)) {
            for (const [face, chars] of shown.faces) {
              const [family, w] = face.split('-') as [Family, string];
              const weight = Number(w);
              if (family !== 'display' || !urls.has(`${family}-${lang}-${weight}`)) continue;
              const labels = weight === 700 ? shown.islandText : '';
              const cut = await ownCut(family, weight, lang, printable([...chars, ...labels, ' ', '\u00a0']));
              own.set(`${family}-${lang}-${weight}`, cut.url);
            }
          }
          const css = (rules.get(lang) ?? [])
            .map((r) =>
              fontFace(
                r.family,
                r.weight,
                (!r.range && own.get(`${r.family}-${lang}-${r.weight}`)) || r.url,
                r.range,
              ),
            )
            .join('');
          // Every face the page's HTML sets text in (a widget's later faces, like the tip's, are not).
          const preloads = [...(shown?.faces.keys() ?? [])]
            .map((face) => own.get(face.replace('-', `-${lang}-`)))
            .filter((url): url is string => url !== undefined);
          const head = `${[...new Set(preloads)].map(preload).join('')}<style>${css}</style>`;
          const marker = '<meta charset="utf-8">';
          if (!text.includes(marker)) throw new Error(`fonts: ${relative(root, file)} has no ${marker}`);
          await writeFile(file, text.replace(marker, `${marker}${head}`));
        }
        const pageCuts = await Promise.all(ownCuts.values());
        logger.info(
          `${files} font files (${[...weights].sort().join(', ')}; ${[...characters.keys()].join(', ')}), ${(bytes / 1024).toFixed(0)} KiB in all; ${pageCuts.length} display cuts for pages of their own, ${(pageCuts.reduce((sum, cut) => sum + cut.bytes, 0) / 1024).toFixed(0)} KiB`,
        );
      },
    },
  };
}
