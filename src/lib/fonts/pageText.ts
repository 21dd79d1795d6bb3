// What a built page asks of its fonts: the characters it can show and the text set in each face, from
// its tree and the face rules of its stylesheet (faceRules.ts).
import { type ChildNode, type Document, isTag } from 'domhandler';
import { decodeHTML } from 'entities';
import type { FaceChange, FaceRules } from './faceRules.ts';
import { type Face, FaceMap, sameFace } from './faces.ts';

const hiddenTags = new Set(['script', 'style']);

/** CSS `bolder` (Tailwind's preflight asks it of `<strong>` and `<b>`). */
const bolder = (weight: number) => (weight < 350 ? 400 : weight < 550 ? 700 : 900);

function applied(faces: Face[], change: FaceChange | undefined): Face[] {
  if (!change || (change.family === undefined && change.weight === undefined)) return faces;
  return faces.map((f) => ({
    family: change.family ?? f.family,
    weight: change.weight === 'bolder' ? bolder(f.weight) : (change.weight ?? f.weight),
  }));
}

/**
 * The faces an element can be set in, from its parent's faces, its tag and its classes. A class with a
 * variant prefix (`sm:font-bold`) adds a face rather than replacing one: either may be on screen.
 */
function elementFaces(
  rules: FaceRules,
  parent: Face[],
  tag: string,
  classes: string[],
  around: Set<string>,
): Face[] {
  let faces = applied(parent, rules.selectors.get(tag));
  for (const name of around) faces = applied(faces, rules.selectors.get(`.${name} ${tag}`));
  for (const name of classes) {
    const changed = applied(faces, rules.selectors.get(`.${name.slice(name.lastIndexOf(':') + 1)}`));
    if (changed === faces) continue;
    faces = name.includes(':') ? [...faces, ...changed] : changed;
  }
  return faces.filter((f, i) => faces.findIndex((g) => sameFace(g, f)) === i);
}

/** Every string in an island's serialized props: the labels a widget can show after it hydrates. */
function propStrings(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) propStrings(v, found);
  return found;
}

/**
 * What a page shows: every character it can put on screen (its text and attribute values, without the
 * bodies of scripts and styles), the text it sets in each face (from its elements' tags and classes),
 * and the strings its islands carry in their props (a widget's later labels, whose face the HTML
 * cannot tell).
 */
export function faceText(
  tree: Document,
  rules: FaceRules,
): { characters: Set<string>; faces: FaceMap<string>; islandText: string } {
  const characters = new Set<string>();
  const faces = new FaceMap<string>();
  const islands: string[] = [];
  const add = (on: Face[], text: string) => {
    for (const face of on) faces.set(face, (faces.get(face) ?? '') + text);
  };
  // `textCase`: what a text-transform class does to the text (`uppercase` draws capitals).
  const visit = (
    nodes: ChildNode[],
    parent: Face[],
    around: Set<string>,
    textCase: (text: string) => string,
  ) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const text = decodeHTML(node.data);
        for (const ch of text) characters.add(ch);
        add(parent, textCase(text));
      }
      if (!isTag(node)) continue;
      const attributes = Object.fromEntries(Object.entries(node.attribs).map(([n, v]) => [n, decodeHTML(v)]));
      if (!hiddenTags.has(node.name)) for (const ch of Object.values(attributes).join('')) characters.add(ch);
      const classes = (attributes.class ?? '').split(/\s+/).filter(Boolean);
      const own = elementFaces(rules, parent, node.name, classes, new Set([...around, ...classes]));
      const transforms = classes.map(
        (name) => rules.selectors.get(`.${name.slice(name.lastIndexOf(':') + 1)}`)?.transform,
      );
      // Both cases where a variant may turn the transform off; `capitalize` needs the capitals.
      const ownCase = transforms.includes('lowercase')
        ? (text: string) => text + text.toLowerCase()
        : transforms.includes('uppercase') || transforms.includes('capitalize')
          ? (text: string) => text + text.toUpperCase()
          : textCase;
      // Text a form control or a missing image draws in the element's own face, and the text a
      // widget's element shows later (`data-font-text`, e.g. a button's busy label).
      for (const name of ['placeholder', 'value', 'alt', 'data-font-text'])
        if (attributes[name]) add(own, ownCase(attributes[name]));
      if (node.name === 'astro-island' && attributes.props)
        islands.push(...propStrings(JSON.parse(attributes.props)));
      if (!hiddenTags.has(node.name)) visit(node.children, own, new Set([...around, ...classes]), ownCase);
    }
  };
  visit(tree.children, [{ family: rules.body, weight: 400 }], new Set(), (text) => text);
  return { characters, faces, islandText: islands.join('') };
}
