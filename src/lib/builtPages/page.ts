// A built page as the post-build passes see it: parsed once into a tree that every pass edits, and
// written back once. The parser keeps the markup as Astro wrote it (entities, attribute and tag case),
// so a page no pass changes is written back byte for byte.
import render from 'dom-serializer';
import type { ChildNode, Document, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';

export interface BuiltPage {
  /** The page's path under the build folder, with `/` (`blog/1.html`). */
  path: string;
  tree: Document;
}

/** What every pass is given: the build folder (`dist/`, as a path) and every page of the build, parsed. */
export interface Build {
  root: string;
  pages: BuiltPage[];
}

/**
 * One step over the built pages. It edits their trees (and may write files of its own: font files,
 * a script file, `_headers`); what it returns is logged.
 */
export interface Pass {
  name: string;
  run(build: Build): Promise<string>;
}

export function parsePage(html: string): Document {
  return parseDocument(html, {
    decodeEntities: false,
    lowerCaseTags: false,
    lowerCaseAttributeNames: false,
    recognizeSelfClosing: true,
  });
}

/** The page's markup. `selfClosingTags: false` keeps SVG's `<path …></path>` as Astro wrote it. */
export function renderPage(tree: Document | ChildNode): string {
  return render(tree, { decodeEntities: false, encodeEntities: false, selfClosingTags: false });
}

/** A pass meeting markup it was not written for stops the build, naming the page and what it missed. */
export class PageError extends Error {
  constructor(pass: string, page: BuiltPage, problem: string) {
    super(`${pass}: ${page.path}: ${problem}`);
  }
}

/** The page's elements named `name`, in document order. */
export function elements(tree: Document | Element, name: string): Element[] {
  return DomUtils.findAll((el) => el.name === name, tree.children);
}

/** The one element named `name`, or an error naming the pass and the page. */
export function only(pass: string, page: BuiltPage, name: string): Element {
  const found = elements(page.tree, name);
  if (found.length !== 1 || !found[0])
    throw new PageError(pass, page, `expected one <${name}>, found ${found.length}`);
  return found[0];
}

/** An element's text as written (a script's or a style's source). */
export function rawText(el: Element): string {
  return el.children.map((child) => ('data' in child ? child.data : renderPage(child))).join('');
}
