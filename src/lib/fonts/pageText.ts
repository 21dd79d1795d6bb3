// What a built page asks of its fonts: the characters it can show, the text set in each face and the
// weights its styles name.
import { Parser } from 'htmlparser2';

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Resolves the character references a page may contain (`&#8594;`, `&#x2192;`, `&amp;`). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return String.fromCodePoint(code);
  });
}

/**
 * Every character a page can put on screen: its text and attribute values (island props carry the
 * widgets' labels), without the bodies of scripts and styles.
 */
export function pageCharacters(html: string): Set<string> {
  const shown = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ');
  return new Set(decodeEntities(shown));
}

/** The `lang` of a page's `<html>` element. */
export function pageLang(html: string): string | undefined {
  return /<html\b[^>]*\blang="([^"]+)"/i.exec(html)?.[1];
}

const tailwindWeights: Record<string, number> = {
  thin: 100,
  extralight: 200,
  light: 300,
  normal: 400,
  medium: 500,
  semibold: 600,
  bold: 700,
  extrabold: 800,
  black: 900,
};

/**
 * The font weights a stylesheet can ask for: Tailwind's weight variables (it emits only the used
 * ones), literal numeric weights, and 400 and 700 (plain text, and `<strong>` in the preflight).
 */
export function stylesheetWeights(css: string): Set<number> {
  const weights = new Set([400, 700]);
  for (const [, name] of css.matchAll(/--font-weight-([a-z]+)\s*:/g)) {
    const weight = tailwindWeights[name ?? ''];
    if (weight) weights.add(weight);
  }
  for (const [, value] of css.matchAll(/font-weight\s*:\s*(\d{3})\b/g)) weights.add(Number(value));
  return weights;
}

/** The inline stylesheets of a page, joined. */
export function pageStyles(html: string): string {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]).join('\n');
}

/** A family and weight, as `display-700`. */
export type FaceKey = `${'display' | 'sans'}-${number}`;
interface Face {
  family: 'display' | 'sans';
  weight: number;
}
const key = (face: Face): FaceKey => `${face.family}-${face.weight}`;

/** What a class (without its variant prefix, `sm:`) changes in the face: family or weight. */
function classFace(name: string): Partial<Face> | undefined {
  if (name === 'font-display' || name === 'font-sans') return { family: name.slice(5) as Face['family'] };
  const weight = /^font-([a-z]+)$/.exec(name)?.[1];
  return weight && tailwindWeights[weight] ? { weight: tailwindWeights[weight] } : undefined;
}

/** CSS `bolder`, as `<strong>` and `<b>` ask for it (Tailwind's preflight). */
const bolder = (weight: number) => (weight < 350 ? 400 : weight < 550 ? 700 : 900);

/**
 * The faces an element can be set in, from its parent's faces, its tag and its classes. A class with a
 * variant prefix (`sm:font-bold`) adds a face rather than replacing one: either may be on screen.
 */
function elementFaces(parent: Face[], tag: string, classes: string[], inProse: boolean): Face[] {
  let faces = parent;
  if (tag === 'strong' || tag === 'b') faces = faces.map((f) => ({ ...f, weight: bolder(f.weight) }));
  // src/styles/global.css sets an article's subheadings in the display face, bold.
  if (inProse && (tag === 'h2' || tag === 'h3')) faces = [{ family: 'display', weight: 700 }];
  for (const name of classes) {
    const change = classFace(name.slice(name.lastIndexOf(':') + 1));
    if (!change) continue;
    const changed = faces.map((f) => ({ ...f, ...change }));
    faces = name.includes(':') ? [...faces, ...changed] : changed;
  }
  return faces.filter((f, i) => faces.findIndex((g) => key(g) === key(f)) === i);
}

/** Every string in an island's serialized props: the labels a widget can show after it hydrates. */
function propStrings(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) propStrings(v, found);
  return found;
}

/**
 * The text a page sets in each face, from its elements' tags and Tailwind classes, and the strings its
 * islands carry in their props (a widget's later labels, whose face the HTML cannot tell).
 */
export function faceText(html: string): { faces: Map<FaceKey, string>; islandText: string } {
  const faces = new Map<FaceKey, string>();
  const islands: string[] = [];
  const add = (on: Face[], text: string) => {
    for (const face of on) faces.set(key(face), (faces.get(key(face)) ?? '') + text);
  };
  // `case`: what a text-transform class does to the text (`uppercase` draws capitals).
  type Level = { faces: Face[]; prose: boolean; case: (text: string) => string };
  const asWritten = (text: string) => text;
  const stack: Level[] = [{ faces: [{ family: 'sans', weight: 400 }], prose: false, case: asWritten }];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        const parent = stack[stack.length - 1] ?? { faces: [], prose: false, case: asWritten };
        const classes = (attributes.class ?? '').split(/\s+/).filter(Boolean);
        const prose = parent.prose || classes.includes('prose-advice');
        const own = elementFaces(parent.faces, tag, classes, prose);
        const transform = classes.map((name) => name.slice(name.lastIndexOf(':') + 1));
        // Both cases where a variant may turn the transform off; `capitalize` needs the capitals.
        const textCase = transform.includes('lowercase')
          ? (text: string) => text + text.toLowerCase()
          : transform.includes('uppercase') || transform.includes('capitalize')
            ? (text: string) => text + text.toUpperCase()
            : parent.case;
        stack.push({ faces: own, prose, case: textCase });
        if (tag === 'script' || tag === 'style') hidden += 1;
        // Text a form control or a missing image draws in the element's own face, and the text a
        // widget's element shows later (`data-font-text`, e.g. a button's busy label).
        for (const name of ['placeholder', 'value', 'alt', 'data-font-text'])
          if (attributes[name]) add(own, textCase(attributes[name]));
        if (tag === 'astro-island' && attributes.props)
          islands.push(...propStrings(JSON.parse(attributes.props)));
      },
      ontext(text) {
        const level = stack[stack.length - 1];
        if (!hidden && level) add(level.faces, level.case(text));
      },
      onclosetag(tag) {
        if (tag === 'script' || tag === 'style') hidden -= 1;
        stack.pop();
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { faces, islandText: islands.join('') };
}
