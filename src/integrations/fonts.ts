// The site's two font families, cut at build time to what each language's pages show. A page loads
// only its own language's files (no Cyrillic file on English pages, the two letters of the "БГ" toggle
// live in the English file) and preloads only the faces of its main heading, of plain text and, where
// the page has any, of bold text. The body faces keep the language's whole alphabet, for visitors'
// comments; each display face keeps only the text set in it (headings, buttons, the tips).
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import subsetFont from 'subset-font';
import {
  faceText,
  hasBoldBodyText,
  headingFace,
  pageCharacters,
  pageLang,
  pageStyles,
  stylesheetWeights,
} from '../lib/fonts/pageText.ts';

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

/** Characters a page may show that the build cannot see: visitors' comments, dates, toasts. */
const alwaysIncluded: Record<string, string> = {
  en: `${range(0x20, 0x7e)}\u00a0‘’“”…–—→←`,
  // The whole Bulgarian alphabet, so a visitor's comment never mixes fonts inside a word.
  bg: `${range(0x20, 0x7e)}\u00a0‘’“”„…–—→←${range(0x410, 0x44f)}Ѝѝ`,
};
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
 * these may swap in (the generator asks for its face as it hydrates, before any tip shows).
 */
const lateFaces = new Set(['display-600']);

function fontFace(family: Family, weight: number, url: string, format = 'woff2'): string {
  const display = lateFaces.has(`${family}-${weight}`) ? 'fallback' : 'optional';
  return `@font-face{font-family:"${sources[family].css}";font-style:normal;font-weight:${weight};font-display:${display};src:url("${url}") format("${format}")}`;
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
        const entries = await readdir(root, { withFileTypes: true, recursive: true });
        const html = entries
          .filter((e) => e.isFile() && e.name.endsWith('.html'))
          .map((e) => join(e.parentPath, e.name));
        const pages = await Promise.all(
          html.map(async (file) => ({ file, text: await readFile(file, 'utf8') })),
        );

        // Per language: every character (the body faces), and the text of each display face.
        const characters = new Map<string, Set<string>>();
        const display = new Map<string, Map<number, Set<string>>>();
        const islandText = new Map<string, string>();
        const weights = new Set<number>();
        for (const { file, text } of pages) {
          const lang = pageLang(text);
          if (!lang || !(lang in alwaysIncluded))
            throw new Error(`fonts: ${relative(root, file)} has no known <html lang>`);
          const set = characters.get(lang) ?? new Set(alwaysIncluded[lang]);
          for (const ch of pageCharacters(text)) set.add(ch);
          characters.set(lang, set);
          for (const w of stylesheetWeights(pageStyles(text))) weights.add(w);
          const shown = faceText(text);
          const faces = display.get(lang) ?? new Map<number, Set<string>>();
          display.set(lang, faces);
          for (const [face, chars] of shown.faces) {
            const [family, weight] = face.split('-');
            if (family === 'display')
              faces.set(Number(weight), new Set([...(faces.get(Number(weight)) ?? []), ...chars]));
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
          for (const face of lateFaces) {
            const [family, weight] = face.split('-');
            const chars = display.get(lang)?.get(Number(weight));
            if (family === 'display') for (const ch of text) chars?.add(ch);
          }
        }

        const outDir = join(root, '_astro', 'fonts');
        await mkdir(outDir, { recursive: true });
        const urls = new Map<string, string>();
        const css = new Map<string, string>();
        let bytes = 0;
        const printable = (chars: Iterable<string>) =>
          [...new Set(chars)].filter((ch) => (ch.codePointAt(0) ?? 0) >= 0x20).join('');
        for (const [lang, set] of characters) {
          const faces: string[] = [];
          for (const family of Object.keys(sources) as Family[]) {
            for (const weight of [...weights].sort()) {
              if (!weightNames[weight]) continue;
              // A display weight no text is set in gets no file: a widget asking for it later is
              // given the nearest weight there is. Any widget label may be set in any display face.
              const shown = display.get(lang)?.get(weight);
              if (family === 'display' && !shown) continue;
              const text =
                family === 'sans'
                  ? printable(set)
                  : printable([...(shown ?? []), ...(islandText.get(lang) ?? ''), ' ', '\u00a0']);
              const font = await subsetFont(await readFile(sourceFile(family, weight)), text, {
                targetFormat: 'woff2',
                noHinting: true,
                keepFeatures: features,
              });
              const name = `${sources[family].css.toLowerCase()}-${lang}-${weight}.${createHash('sha256').update(font).digest('hex').slice(0, 8)}.woff2`;
              await writeFile(join(outDir, name), font);
              bytes += font.length;
              const url = `/_astro/fonts/${name}`;
              urls.set(`${family}-${lang}-${weight}`, url);
              faces.push(fontFace(family, weight, url));
            }
          }
          css.set(lang, faces.join(''));
        }

        for (const { file, text } of pages) {
          const lang = pageLang(text) ?? 'en';
          const heading = headingFace(text);
          const first = [
            heading && urls.get(`${heading.family}-${lang}-${heading.weight}`),
            urls.get(`sans-${lang}-400`),
            hasBoldBodyText(text) && urls.get(`sans-${lang}-700`),
          ].filter((url, i, all): url is string => Boolean(url) && all.indexOf(url) === i);
          const head = `${first.map(preload).join('')}<style>${css.get(lang)}</style>`;
          const marker = '<meta charset="utf-8">';
          if (!text.includes(marker)) throw new Error(`fonts: ${relative(root, file)} has no ${marker}`);
          await writeFile(file, text.replace(marker, `${marker}${head}`));
        }
        logger.info(
          `${urls.size} font files (${[...weights].sort().join(', ')}; ${[...characters.keys()].join(', ')}), ${(bytes / 1024).toFixed(0)} KiB in all`,
        );
      },
    },
  };
}
