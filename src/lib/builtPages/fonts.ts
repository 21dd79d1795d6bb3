// The site's font families, cut at build time to what each language's pages show. A page loads
// only its own language's files (no Cyrillic file on English pages, the two letters of the "БГ" toggle
// live in the English file) and preloads every face its own HTML sets text in: Chromium holds the
// first paint for a preloaded `optional` face, but draws the whole visit in a fallback font when it
// finds one only while laying the page out. Each face keeps only the text the pages set in it (read
// from their trees and stylesheets, src/lib/fonts/); the body font's other letters, for visitors'
// comments, are a second file per face that a browser fetches only when one of them is shown. A page
// that is mostly a landing page of its own (a shared tip, `<html data-own-fonts>`) gets display faces
// cut to its text alone.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Element, Text } from 'domhandler';
import { Blob, Face } from 'harfbuzzjs';
import { DomUtils } from 'htmlparser2';
import subsetFont from 'subset-font';
import { cached, installedVersion, pruneCache } from '../buildCache.ts';
import { type FaceRules, faceRules } from '../fonts/faceRules.ts';
import { faceText, pageCharacters } from '../fonts/pageText.ts';
import { sourceFile, weightNames } from '../fonts/sources.ts';
import { type BuiltPage, elements, only, PageError, rawText } from './page.ts';
import type { Pass } from './pass.ts';

/**
 * Characters a page may show that the build cannot see: visitors' comments and names. Both languages'
 * pages show one comment thread, so each has the printable ASCII and the whole Bulgarian alphabet (in
 * the body font's `-rest` files, fetched only by a page that shows one of those letters).
 */
const visitorText = `${range(0x20, 0x7e)}\u00a0‘’“”„…–—${range(0x410, 0x44f)}Ѝѝ`;
const alwaysIncluded: Record<string, string> = { en: visitorText, bg: visitorText };
/** OpenType features browsers apply by default; `locl` gives Bulgarian its own letter forms. */
const features = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig', 'clig'];
/** The cutter's versions, part of a kept cut's key: a new HarfBuzz may cut the same text to other bytes. */
const cutter = ['subset-font', 'harfbuzzjs'].map(installedVersion).join();

function range(from: number, to: number): string {
  return Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');
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
export function fontFace(font: string, face: string, url: string, range?: string, format = 'woff2'): string {
  const weight = face.slice(face.lastIndexOf('-') + 1);
  const display = range ? 'swap' : lateFaces.has(face) ? 'fallback' : 'optional';
  const unicode = range ? `;unicode-range:${range}` : '';
  return `@font-face{font-family:"${font}";font-style:normal;font-weight:${weight};font-display:${display}${unicode};src:url("${url}") format("${format}")}`;
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

interface FaceRule {
  family: string;
  weight: number;
  url: string;
  range?: string;
}

const preload = (href: string) =>
  new Element('link', { rel: 'preload', href, as: 'font', type: 'font/woff2', crossorigin: '' });

/** The face rules of each page's own stylesheet; pages with the same stylesheet share one reading. */
function pageRules(pages: BuiltPage[]): Map<BuiltPage, FaceRules> {
  const read = new Map<string, FaceRules>();
  const rules = new Map<BuiltPage, FaceRules>();
  for (const page of pages) {
    const css = elements(page.tree, 'style').map(rawText).join('\n');
    const found = read.get(css) ?? faceRules(css);
    read.set(css, found);
    rules.set(page, found);
  }
  return rules;
}

export function fonts(): Pass {
  return {
    name: 'fonts',
    async run({ root, pages }) {
      const rulesOf = pageRules(pages);
      const first = rulesOf.get(pages[0] as BuiltPage);
      if (!first) throw new Error('fonts: the build has no pages');
      const families = first.families;
      const body = first.body;
      const lang = (page: BuiltPage) => {
        const value = only('fonts', page, 'html').attribs.lang ?? '';
        if (!(value in alwaysIncluded)) throw new PageError('fonts', page, `no known <html lang> (${value})`);
        return value;
      };

      // Per language: every character a page can show, and the text set in each face.
      const characters = new Map<string, Set<string>>();
      const faceChars = new Map<string, Map<string, Set<string>>>();
      const islandText = new Map<string, string>();
      const weights = new Set<number>();
      const pageFaces = new Map<BuiltPage, ReturnType<typeof faceText>>();
      for (const page of pages) {
        const rules = rulesOf.get(page) as FaceRules;
        if ([...rules.families].join() !== [...families].join() || rules.body !== body)
          throw new PageError('fonts', page, 'its stylesheet names other fonts than the first page');
        const language = lang(page);
        const set = characters.get(language) ?? new Set(alwaysIncluded[language]);
        for (const ch of pageCharacters(page.tree)) set.add(ch);
        characters.set(language, set);
        for (const w of rules.weights) weights.add(w);
        const shown = faceText(page.tree, rules);
        pageFaces.set(page, shown);
        const faces = faceChars.get(language) ?? new Map<string, Set<string>>();
        faceChars.set(language, faces);
        for (const [face, chars] of shown.faces) {
          const seen = faces.get(face) ?? new Set<string>();
          for (const ch of chars) seen.add(ch);
          faces.set(face, seen);
        }
        islandText.set(language, (islandText.get(language) ?? '') + shown.islandText);
      }
      // The generator's lists are shown by the widget, not in the HTML, in the tip's face.
      for (const [language, list] of [
        ['en', 'tips.json'],
        ['bg', 'bg/tips.json'],
      ] as const) {
        const text = await readFile(join(root, list), 'utf8').catch(() => '');
        for (const ch of text) characters.get(language)?.add(ch);
        for (const face of lateFaces) for (const ch of text) faceChars.get(language)?.get(face)?.add(ch);
      }

      const outDir = join(root, '_astro', 'fonts');
      await mkdir(outDir, { recursive: true });
      // Each source file read once (both languages are cut from it).
      const sourceData = new Map<string, Buffer>();
      const source = async (font: string, weight: number) => {
        const key = `${font}-${weight}`;
        const data = sourceData.get(key) ?? (await readFile(sourceFile(font, weight)));
        sourceData.set(key, data);
        return data;
      };
      const options = { targetFormat: 'woff2', noHinting: true, keepFeatures: features } as const;
      let fromCache = 0;
      const write = async (font: string, weight: number, name: string, text: string) => {
        const data = await source(font, weight);
        const { data: cut, cached: kept } = await cached(
          'font-cuts',
          [cutter, data, JSON.stringify(options), text],
          () => subsetFont(data, text, options),
        );
        if (kept) fromCache += 1;
        const file = `${name}.${createHash('sha256').update(cut).digest('hex').slice(0, 8)}.woff2`;
        await writeFile(join(outDir, file), cut);
        return { url: `/_astro/fonts/${file}`, bytes: cut.length };
      };
      const urls = new Map<string, string>();
      const rules = new Map<string, FaceRule[]>();
      let bytes = 0;
      let files = 0;
      const familyNames = [...families.keys()].sort();
      for (const [language, all] of characters) {
        const faces: FaceRule[] = [];
        for (const family of familyNames) {
          const font = families.get(family) ?? '';
          for (const weight of [...weights].sort()) {
            if (!weightNames[weight]) continue;
            // A weight of a heading family that no text is set in gets no file: a widget asking for
            // it later is given the nearest weight there is.
            const shown = faceChars.get(language)?.get(`${family}-${weight}`);
            if (family !== body && !shown) continue;
            // The text set in the face; the widgets' labels, in the faces widgets set their later
            // texts in (the HTML cannot tell which: headings, buttons and messages in the heading
            // face's bold, plain or bold body text; an element in another face names its later
            // texts in `data-font-text`); in the body font, the figures of dates and counts.
            const labels = weight === 400 || weight === 700;
            const text = printable([
              ...(shown ?? []),
              ...(labels ? (islandText.get(language) ?? '') : ''),
              ...(family === body ? ' \u00a00123456789' : ' \u00a0'),
            ]);
            const name = `${font.toLowerCase()}-${language}-${weight}`;
            const cut = await write(font, weight, name, text);
            urls.set(`${family}-${language}-${weight}`, cut.url);
            faces.push({ family, weight, url: cut.url });
            bytes += cut.bytes;
            files += 1;
            // The body font's other letters, for visitors' own text (a comment, a name): a second
            // file that a browser fetches only for a page that shows one of them.
            if (family !== body) continue;
            // Only letters the font has: an emoji or an arrow in its range would fetch it for nothing.
            const has = new Set(new Face(new Blob(await source(font, weight))).collectUnicodes());
            const rest = printable(
              [...all].filter((ch) => !text.includes(ch) && has.has(ch.codePointAt(0) ?? 0)),
            );
            if (!rest) continue;
            const more = await write(font, weight, `${name}-rest`, rest);
            faces.push({ family, weight, url: more.url, range: unicodeRange(rest) });
            bytes += more.bytes;
            files += 1;
          }
        }
        rules.set(language, faces);
      }

      // Heading faces cut to one page's text; pages showing the same text in a face share its file.
      const ownCuts = new Map<string, Promise<{ url: string; bytes: number }>>();
      const ownCut = (family: string, weight: number, language: string, text: string) => {
        const key = `${family}-${weight}-${language}-${text}`;
        let cut = ownCuts.get(key);
        if (!cut) {
          const font = families.get(family) ?? '';
          cut = write(font, weight, `${font.toLowerCase()}-${language}-${weight}-page`, text);
          ownCuts.set(key, cut);
        }
        return cut;
      };

      for (const page of pages) {
        const language = lang(page);
        const own = new Map(urls);
        const shown = pageFaces.get(page);
        // A shared tip's page is where most of its visitors land first, and its quote would otherwise
        // bring the heading face of every tip.
        if (shown && 'data-own-fonts' in only('fonts', page, 'html').attribs) {
          for (const [face, chars] of shown.faces) {
            const family = face.slice(0, face.lastIndexOf('-'));
            const weight = Number(face.slice(face.lastIndexOf('-') + 1));
            if (family === body || !urls.has(`${family}-${language}-${weight}`)) continue;
            const labels = weight === 700 ? shown.islandText : '';
            const cut = await ownCut(
              family,
              weight,
              language,
              printable([...chars, ...labels, ' ', '\u00a0']),
            );
            own.set(`${family}-${language}-${weight}`, cut.url);
          }
        }
        const css = (rules.get(language) ?? [])
          .map((r) =>
            fontFace(
              families.get(r.family) ?? '',
              `${r.family}-${r.weight}`,
              (!r.range && own.get(`${r.family}-${language}-${r.weight}`)) || r.url,
              r.range,
            ),
          )
          .join('');
        // Every face the page's HTML sets text in (a widget's later faces, like the tip's, are not).
        const preloads = [...(shown?.faces.keys() ?? [])]
          .map((face) =>
            own.get(
              `${face.slice(0, face.lastIndexOf('-'))}-${language}${face.slice(face.lastIndexOf('-'))}`,
            ),
          )
          .filter((url): url is string => url !== undefined);
        const charset = elements(only('fonts', page, 'head'), 'meta').find(
          (meta) => 'charset' in meta.attribs,
        );
        if (!charset)
          throw new PageError('fonts', page, 'no <meta charset> in <head> to put the fonts after');
        const style = new Element('style', {}, [new Text(css)]);
        let after: Element = charset;
        for (const link of [...new Set(preloads)].map(preload)) {
          DomUtils.append(after, link);
          after = link;
        }
        DomUtils.append(after, style);
      }
      const pageCuts = await Promise.all(ownCuts.values());
      await pruneCache('font-cuts');
      return `${fromCache} of ${files + pageCuts.length} cuts from the cache; ${files} font files (${[...weights].sort().join(', ')}; ${[...characters.keys()].join(', ')}), ${(bytes / 1024).toFixed(0)} KiB in all; ${pageCuts.length} heading cuts for pages of their own, ${(pageCuts.reduce((sum, cut) => sum + cut.bytes, 0) / 1024).toFixed(0)} KiB`;
    },
  };
}
