// The site's font families, cut at build time to what each language's pages show. A page loads only its
// own language's files (no Cyrillic file on English pages, the two letters of the "БГ" toggle live in
// the English file) and preloads every face its own HTML sets text in: Chromium holds the first paint
// for a preloaded `optional` face, but draws the whole page in a fallback font when it finds one only
// while laying the page out. Rules and preloads come switched off, for a script to switch on before the
// paint of every page but a browser's first here (switchOnFonts.ts says why). Each face keeps only the
// text the pages set in it (read from their trees and stylesheets, src/lib/fonts/); the body font's
// other letters, for visitors' comments, are a second file per face that a browser fetches only when
// one of them is shown. A page that is mostly a landing page of its own (a shared tip,
// `<html data-own-fonts>`) gets display faces cut to its text alone. A page without islands gets the
// rules of the faces its HTML sets text in, and no others.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Element, Text } from 'domhandler';
import { Blob, Face as HarfbuzzFace } from 'harfbuzzjs';
import { DomUtils } from 'htmlparser2';
import subsetFont from 'subset-font';
import { type Lang, languages } from '../../i18n/languages.ts';
import { cached, installedVersion, pruneCache } from '../buildCache.ts';
import { type FaceRules, faceRules } from '../fonts/faceRules.ts';
import { type Face, FaceMap, sameFace } from '../fonts/faces.ts';
import { faceText } from '../fonts/pageText.ts';
import { sourceFile, weightNames } from '../fonts/sources.ts';
import { type BuiltPage, elements, only, PageError, type Pass, rawText } from './page.ts';

/**
 * Characters a page may show that the build cannot see: visitors' comments and names. Both languages'
 * pages show one comment thread, so each has the printable ASCII and the whole Bulgarian alphabet (in
 * the body font's `-rest` files, fetched only by a page that shows one of those letters).
 */
const visitorText = `${range(0x20, 0x7e)}\u00a0‘’“”„…–—${range(0x410, 0x44f)}Ѝѝ`;
/**
 * OpenType features browsers apply by default, but `locl`: its Bulgarian forms of the display face turn
 * п, т, и, к into Latin n, m, u, k ("Опа!" reads "Ona!"), so every page draws the common Cyrillic forms
 * (docs/authoring.md, "Cyrillic letter forms").
 */
const features = ['kern', 'liga', 'calt', 'ccmp', 'mark', 'mkmk', 'rlig', 'clig'];
const subsetOptions = { targetFormat: 'woff2', noHinting: true, keepFeatures: features } as const;
/** The cutter's versions, part of a kept cut's key: a new HarfBuzz may cut the same text to other bytes. */
const cutter = ['subset-font', 'harfbuzzjs'].map(installedVersion).join();
/** The generator's lists, shown by the widget (not in the HTML) in the tip's face. */
const widgetLists: Record<Lang, string> = { en: 'tips.json', bg: 'bg/tips.json' };

function range(from: number, to: number): string {
  return Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');
}

/**
 * The face whose text can first appear after the page has painted: the generator's tip (display
 * semibold). Chromium never uses an `optional` face that finished loading after the first paint, so
 * this one may swap in (the generator asks for its face when the visitor reaches for the button).
 */
const lateFace: Face = { family: 'display', weight: 600 };

/**
 * One @font-face rule. A rule with a `range` holds the body font's letters no page shows: they can
 * only come with a visitor's text, after the first paint, so they swap in when they arrive.
 */
export function fontFace(font: string, face: Face, url: string, range?: string): string {
  const display = range ? 'swap' : sameFace(face, lateFace) ? 'fallback' : 'optional';
  const unicode = range ? `;unicode-range:${range}` : '';
  // No `font-style:normal` (the default) and no `format()` (one source, which browsers read by its
  // bytes): each rule is bytes of the page's first flight.
  return `@font-face{font-family:"${font}";font-weight:${face.weight};font-display:${display}${unicode};src:url("${url}")}`;
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

/** Off for the screen until the layout's head script switches it on (src/lib/fonts/switchOnFonts.ts). */
const off = { media: 'print' };

const preload = (href: string) =>
  new Element('link', { rel: 'preload', href, as: 'font', crossorigin: '', ...off });

/** What pages show (faceText); a language's joins all its pages' text and visitors' characters. */
type Shown = ReturnType<typeof faceText>;

/** What one page sets in each face, and its language. */
interface PageText {
  page: BuiltPage;
  language: Lang;
  shown: Shown;
}

/** The site's fonts as the first page's stylesheet names them, and what its pages set in them. */
interface SiteText extends Pick<FaceRules, 'families' | 'body'> {
  /** Every weight a stylesheet can ask for, in order. */
  weights: number[];
  languages: Map<Lang, Shown>;
  pages: PageText[];
}

function pageLanguage(page: BuiltPage): Lang {
  const value = only('fonts', page, 'html').attribs.lang ?? '';
  const language = languages.find((known) => known === value);
  if (!language) throw new PageError('fonts', page, `no known <html lang> (${value})`);
  return language;
}

/** Step 1: every page's text, gathered per language and per face. */
function readSiteText(pages: BuiltPage[]): SiteText {
  // Pages with the same stylesheet share one reading of its face rules.
  const read = new Map<string, FaceRules>();
  const rulesOf = (page: BuiltPage) => {
    const css = elements(page.tree, 'style').map(rawText).join('\n');
    const found = read.get(css) ?? faceRules(css);
    read.set(css, found);
    return found;
  };
  if (!pages[0]) throw new Error('fonts: the build has no pages');
  const { families, body } = rulesOf(pages[0]);
  const site: SiteText = { families, body, weights: [], languages: new Map(), pages: [] };
  const weights = new Set<number>();
  for (const page of pages) {
    const rules = rulesOf(page);
    if ([...rules.families].join() !== [...families].join() || rules.body !== body)
      throw new PageError('fonts', page, 'its stylesheet names other fonts than the first page');
    const language = pageLanguage(page);
    const text = site.languages.get(language) ?? {
      characters: new Set(visitorText),
      faces: new FaceMap<string>(),
      islandText: '',
    };
    site.languages.set(language, text);
    for (const weight of rules.weights) weights.add(weight);
    const shown = faceText(page.tree, rules);
    for (const ch of shown.characters) text.characters.add(ch);
    site.pages.push({ page, language, shown });
    for (const [face, chars] of shown.faces) text.faces.set(face, (text.faces.get(face) ?? '') + chars);
    text.islandText += shown.islandText;
  }
  site.weights = [...weights].sort((a, b) => a - b);
  return site;
}

/** Step 2: the generator's lists, which the widget shows in the late face. */
async function addWidgetLists(root: string, site: SiteText): Promise<void> {
  for (const [language, text] of site.languages) {
    const list = await readFile(join(root, widgetLists[language]), 'utf8').catch(() => '');
    for (const ch of list) text.characters.add(ch);
    const late = text.faces.get(lateFace);
    if (late !== undefined) text.faces.set(lateFace, late + list);
  }
}

type Cut = { url: string; bytes: number };

/**
 * Cuts fonts into `outDir` through the build cache, each source file read once and each cut (a name
 * and its text) made once: pages showing the same text in a face share its file.
 */
function fontCutter(outDir: string, families: Map<string, string>) {
  const sources = new FaceMap<Promise<Buffer>>();
  const made = new Map<string, Promise<Cut>>();
  const font = (family: string) => families.get(family) ?? '';
  const source = (face: Face) =>
    sources.upsert(face, () => readFile(sourceFile(font(face.family), face.weight)));
  const make = async (face: Face, name: string, text: string): Promise<Cut> => {
    const data = await source(face);
    const { data: cut, cached: kept } = await cached(
      'font-cuts',
      [cutter, data, JSON.stringify(subsetOptions), text],
      () => subsetFont(data, text, subsetOptions),
    );
    if (kept) self.fromCache += 1;
    const file = `${name}.${createHash('sha256').update(cut).digest('hex').slice(0, 8)}.woff2`;
    await writeFile(join(outDir, file), cut);
    return { url: `/_astro/fonts/${file}`, bytes: cut.length };
  };
  const self = {
    fromCache: 0,
    font,
    source,
    /** The face cut to `text`, written as `<name>.<hash>.woff2`. */
    cut(face: Face, name: string, text: string): Promise<Cut> {
      const key = JSON.stringify([name, text]);
      const cut = made.get(key) ?? make(face, name, text);
      made.set(key, cut);
      return cut;
    },
  };
  return self;
}
type FontCutter = ReturnType<typeof fontCutter>;

/** One language's @font-face rule: a face, its file, and for the body font's other letters their range. */
type FaceRule = Cut & { face: Face; range?: string };

/**
 * The text a face's file holds: the text set in it; the widgets' labels, in the faces widgets set their
 * later texts in (the HTML cannot tell which: headings, buttons and messages in the heading face's bold,
 * plain or bold body text; an element in another face names its later texts in `data-font-text`); in
 * the body font, the figures of dates and counts.
 */
function faceFileText(site: SiteText, text: Shown, face: Face): string {
  const labels = face.weight === 400 || face.weight === 700;
  return printable([
    ...(text.faces.get(face) ?? ''),
    ...(labels ? text.islandText : ''),
    ...(face.family === site.body ? ' \u00a00123456789' : ' \u00a0'),
  ]);
}

/**
 * The body font's other letters, for visitors' own text (a comment, a name): only letters the font has,
 * as an emoji or an arrow in the range would fetch the file for nothing.
 */
async function restText(cutter: FontCutter, face: Face, all: Set<string>, cutText: string): Promise<string> {
  const has = new Set(new HarfbuzzFace(new Blob(await cutter.source(face))).collectUnicodes());
  return printable([...all].filter((ch) => !cutText.includes(ch) && has.has(ch.codePointAt(0) ?? 0)));
}

/** Step 3: one language's font files, each face cut to the text its pages set in it. */
async function cutLanguage(
  cutter: FontCutter,
  site: SiteText,
  language: Lang,
  text: Shown,
): Promise<FaceRule[]> {
  const rules: FaceRule[] = [];
  for (const family of [...site.families.keys()].sort()) {
    for (const weight of site.weights) {
      const face = { family, weight };
      // A weight of a heading family that no text is set in gets no file: a widget asking for it
      // later is given the nearest weight there is.
      if (!weightNames[weight] || (family !== site.body && !text.faces.has(face))) continue;
      const cutText = faceFileText(site, text, face);
      const name = `${cutter.font(family).toLowerCase()}-${language}-${weight}`;
      rules.push({ face, ...(await cutter.cut(face, name, cutText)) });
      if (family !== site.body) continue;
      const rest = await restText(cutter, face, text.characters, cutText);
      if (rest)
        rules.push({ face, range: unicodeRange(rest), ...(await cutter.cut(face, `${name}-rest`, rest)) });
    }
  }
  return rules;
}

/**
 * Step 4, for a page that is mostly a landing page of its own (a shared tip, `<html data-own-fonts>`):
 * its heading faces cut to its own text, as its quote would otherwise bring the heading face of every
 * tip. Sets their files in `urls` and returns the cuts.
 */
async function cutOwnFaces(
  cutter: FontCutter,
  site: SiteText,
  { language, shown }: PageText,
  urls: FaceMap<string>,
): Promise<Cut[]> {
  const cuts: Cut[] = [];
  for (const [face, chars] of shown.faces) {
    if (face.family === site.body || !urls.has(face)) continue;
    const labels = face.weight === 700 ? shown.islandText : '';
    const name = `${cutter.font(face.family).toLowerCase()}-${language}-${face.weight}-page`;
    const cut = await cutter.cut(face, name, printable([...chars, ...labels, ' ', '\u00a0']));
    urls.set(face, cut.url);
    cuts.push(cut);
  }
  return cuts;
}

/**
 * Step 5: after <meta charset>, the page's @font-face rules and a preload for every face its HTML sets
 * text in, both switched off until the layout's head script switches them on.
 */
function insertFonts(page: BuiltPage, css: string, preloads: string[]): void {
  const charset = elements(only('fonts', page, 'head'), 'meta').find((meta) => 'charset' in meta.attribs);
  if (!charset) throw new PageError('fonts', page, 'no <meta charset> in <head> to put the fonts after');
  const added = [...[...new Set(preloads)].map(preload), new Element('style', off, [new Text(css)])];
  // Each goes right after <meta charset>, so the last first.
  for (const element of added.reverse()) DomUtils.append(charset, element);
}

const kib = (cuts: Cut[]) => (cuts.reduce((sum, cut) => sum + cut.bytes, 0) / 1024).toFixed(0);

export function fonts(): Pass {
  return {
    name: 'fonts',
    async run({ root, pages }) {
      const site = readSiteText(pages);
      await addWidgetLists(root, site);
      const outDir = join(root, '_astro', 'fonts');
      await mkdir(outDir, { recursive: true });
      const cutter = fontCutter(outDir, site.families);
      const byLanguage = new Map<Lang, FaceRule[]>();
      for (const [language, text] of site.languages)
        byLanguage.set(language, await cutLanguage(cutter, site, language, text));
      const pageCuts = new Set<Cut>();
      for (const text of site.pages) {
        const rules = byLanguage.get(text.language) ?? [];
        const urls = new FaceMap<string>();
        for (const rule of rules) if (!rule.range) urls.set(rule.face, rule.url);
        if ('data-own-fonts' in only('fonts', text.page, 'html').attribs)
          for (const cut of await cutOwnFaces(cutter, site, text, urls)) pageCuts.add(cut);
        // A page without islands shows only its own text: only the faces it sets text in, no late face and
        // no letters for visitors' text (every face rule is bytes of the page's first flight).
        const ownTextOnly = elements(text.page.tree, 'astro-island').length === 0;
        const css = rules
          .filter((rule) => !ownTextOnly || (!rule.range && text.shown.faces.has(rule.face)))
          .map((rule) =>
            fontFace(
              cutter.font(rule.face.family),
              rule.face,
              rule.range ? rule.url : (urls.get(rule.face) ?? rule.url),
              rule.range,
            ),
          )
          .join('');
        // Every face the page's HTML sets text in (a widget's later faces, like the tip's, are not).
        const preloads = [...text.shown.faces].flatMap(([face]) => urls.get(face) ?? []);
        insertFonts(text.page, css, preloads);
      }
      const files = [...byLanguage.values()].flat();
      await pruneCache('font-cuts');
      return `${cutter.fromCache} of ${files.length + pageCuts.size} cuts from the cache; ${files.length} font files (${site.weights.join(', ')}; ${[...site.languages.keys()].join(', ')}), ${kib(files)} KiB in all; ${pageCuts.size} heading cuts for pages of their own, ${kib([...pageCuts])} KiB`;
    },
  };
}
