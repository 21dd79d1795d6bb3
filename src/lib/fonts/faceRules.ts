// What a page's stylesheet says about its fonts, read from the stylesheet itself (src/styles/global.css
// as Tailwind wrote it into the page): the site's font families, the weights its classes name, and
// which classes and tags change the face or the case of their text.
import postcss, { type Rule } from 'postcss';

/** What a rule changes in the face its elements' text is set in. */
export interface FaceChange {
  /** A site family, by its theme name (`display` for `--font-display`). */
  family?: string;
  weight?: number | 'bolder';
  transform?: string;
}

export interface FaceRules {
  /** Site families by theme name, with the font each names first (`display` → `Unbounded`). */
  families: Map<string, string>;
  /** Every weight the stylesheet can ask for: its weight variables, literal weights, 400 and 700. */
  weights: Set<number>;
  /** The family of plain text (the `body` rule's). */
  body: string;
  /**
   * What the rules on one class (`.font-bold`), one tag (`strong`) or a tag inside a class
   * (`.prose-advice h2`) change, by selector, classes unescaped (`.sm:font-bold`).
   */
  selectors: Map<string, FaceChange>;
}

/** A class, a tag, or a tag inside a class. */
const faceSelector = /^(?:\.(?:\\.|[\w-])+|[a-z][a-z0-9]*|\.(?:\\.|[\w-])+ [a-z][a-z0-9]*)$/;

/** Reads the face rules of a stylesheet; throws when it names a font variable it does not define. */
export function faceRules(css: string): FaceRules {
  const root = postcss.parse(css);
  const families = new Map<string, string>();
  const weightVars = new Map<string, number>();
  const weights = new Set([400, 700]);
  root.walkDecls((decl) => {
    const weightVar = /^--font-weight-([\w-]+)$/.exec(decl.prop)?.[1];
    if (weightVar) weightVars.set(weightVar, Number(decl.value));
    else if (decl.prop.startsWith('--font-')) {
      // A family the site brings is named in quotes (`"Nunito", ui-rounded, …`); system stacks are not.
      const font = /^"([^"]+)"/.exec(decl.value)?.[1];
      if (font) families.set(decl.prop.slice('--font-'.length), font);
    }
    if (decl.prop === 'font-weight' && /^\d{3}$/.test(decl.value) && decl.parent?.type === 'rule')
      weights.add(Number(decl.value));
  });
  for (const weight of weightVars.values()) weights.add(weight);

  const change = (rule: Rule): FaceChange | undefined => {
    const found: FaceChange = {};
    rule.each((node) => {
      if (node.type !== 'decl') return;
      if (node.prop === 'font-family') {
        const name = /^var\(--font-([\w-]+)\)$/.exec(node.value)?.[1];
        if (name && families.has(name)) found.family = name;
      } else if (node.prop === 'font-weight') {
        const name = /^var\(--font-weight-([\w-]+)\)$/.exec(node.value)?.[1];
        if (name !== undefined) {
          const weight = weightVars.get(name);
          if (weight === undefined)
            throw new Error(`fonts: the stylesheet uses --font-weight-${name} without defining it`);
          found.weight = weight;
        } else if (/^\d+$/.test(node.value)) found.weight = Number(node.value);
        else if (node.value === 'bolder') found.weight = 'bolder';
      } else if (node.prop === 'text-transform') found.transform = node.value;
    });
    return Object.keys(found).length > 0 ? found : undefined;
  };

  const selectors = new Map<string, FaceChange>();
  root.walkRules((rule) => {
    const found = change(rule);
    if (!found) return;
    for (const selector of rule.selectors.filter((text) => faceSelector.test(text))) {
      const name = selector.replace(/\\(.)/g, '$1');
      selectors.set(name, { ...selectors.get(name), ...found });
    }
  });
  const body = selectors.get('body')?.family;
  if (families.size === 0)
    throw new Error('fonts: the stylesheet names no font of its own (a quoted --font-* family)');
  if (!body) throw new Error('fonts: the stylesheet sets no site font on body');
  return { families, weights, body, selectors };
}
