// What a built page asks of its fonts: the characters it can show and the weights its styles name.

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

/**
 * The family and weight of the largest text of a page's first screen: the element marked
 * `data-largest-text` (a tip page's quote), else the main heading. `display` when it uses the display
 * font, with the weight its Tailwind class names (400 without one).
 */
export function headingFace(html: string): { family: 'display' | 'sans'; weight: number } | undefined {
  const marked = /<[a-z]+\b(?=[^>]*\bdata-largest-text\b)[^>]*\bclass="([^"]*)"/i.exec(html);
  const classes = (marked ?? /<h1\b[^>]*\bclass="([^"]*)"/i.exec(html))?.[1]?.split(/\s+/);
  if (!classes) return undefined;
  const weightClass = classes.find((c) => /^font-[a-z]+$/.test(c) && c.slice(5) in tailwindWeights);
  return {
    family: classes.includes('font-display') ? 'display' : 'sans',
    weight: weightClass ? (tailwindWeights[weightClass.slice(5)] ?? 400) : 400,
  };
}

/**
 * Whether a page's main content has bold text in the body font: an element with `font-bold` that is
 * not set in the display font, or a `<strong>`/`<b>`. Such a page preloads the bold body face too, so
 * it does not wait for the layout to discover it.
 */
export function hasBoldBodyText(html: string): boolean {
  const main = /<main\b[\s\S]*?<\/main>/i.exec(html)?.[0] ?? '';
  if (/<(strong|b)\b/i.test(main)) return true;
  return [...main.matchAll(/\bclass="([^"]*)"/gi)].some(([, value]) => {
    const classes = (value ?? '').split(/\s+/);
    return classes.includes('font-bold') && !classes.includes('font-display');
  });
}
