import type { BuiltPage } from './page.ts';

/** What every pass is given: the build folder and every page of the build, parsed. */
export interface Build {
  /** The build folder (`dist/`), as a path. */
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
