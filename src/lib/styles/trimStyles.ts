// What a page's inline styles can do without. Tailwind writes one stylesheet for the whole site and
// Astro inlines it in every page; a page needs only the utilities its own HTML and scripts name.
import postcss, { AtRule, type Root } from 'postcss';

/**
 * Every word the page or its scripts could use as a class: Tailwind's own way of finding classes (any
 * token in any file), so a class a script adds later counts as much as one in the HTML.
 */
export function classCandidates(texts: readonly string[]): Set<string> {
  const candidates = new Set<string>();
  for (const text of texts) {
    // A page's HTML writes `&` as `&amp;` in its attributes: `[&_a]:block` would not be found.
    for (const token of text.replaceAll('&amp;', '&').split(/[\s"'`<>{};\\]+/))
      if (token) candidates.add(token);
  }
  return candidates;
}

/** The classes a selector names, unescaped (`.sm\:mt-14` → `sm:mt-14`). */
function selectorClasses(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
}

/**
 * Tailwind writes every translucent colour (`border-white/15`) twice: a hex value with alpha, then the
 * same colour as `color-mix()` inside `@supports`. The site's colours are plain hex values
 * (src/styles/global.css), for which both give the same colour, so only the hex one stays.
 */
function dropColorMixCopies(root: Root) {
  root.walkAtRules('supports', (rule) => {
    if (rule.params.startsWith('(color:color-mix(')) rule.remove();
  });
}

/** Removes the utilities (and variants of them) whose classes none of `candidates` names. */
function dropUnusedUtilities(root: Root, candidates: ReadonlySet<string>) {
  root.walkAtRules('layer', (layer) => {
    if (layer.params !== 'utilities') return;
    layer.walkRules((rule) => {
      const classes = selectorClasses(rule.selector);
      if (classes.length > 0 && !classes.some((c) => candidates.has(c))) rule.remove();
    });
    // Media queries and the like that lost all their rules.
    layer.walkAtRules((rule) => {
      if (rule.nodes?.length === 0) rule.remove();
    });
  });
}

/** Removes `@property --tw-…` rules and their fallbacks for variables nothing left uses. */
function dropUnusedProperties(root: Root) {
  const used = new Set<string>();
  root.walkDecls((decl) => {
    // The fallback block for browsers without @property lists every variable; it is no use.
    if (decl.parent?.parent instanceof AtRule && decl.parent.parent.params.includes('-webkit-hyphens'))
      return;
    for (const m of `${decl.prop}:${decl.value}`.matchAll(/--tw-[\w-]+/g)) used.add(m[0]);
  });
  root.walkAtRules('property', (rule) => {
    if (!used.has(rule.params)) rule.remove();
  });
  root.walkDecls(/^--tw-/, (decl) => {
    if (!used.has(decl.prop)) decl.remove();
  });
}

/** The CSS a page needs: its utilities only, without colour copies and unused custom properties. */
export function trimStyles(css: string, candidates: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  dropColorMixCopies(root);
  dropUnusedUtilities(root, candidates);
  dropUnusedProperties(root);
  return root.toString();
}
