// The picture module (tipPicture.ts) as a script of its own, for the tip pages: their one script is inline
// (src/lib/tips/tipPage.inline.ts), with no bundler's chunk to import, and the drawing must not ride in it.
// Bundled at build time and named by a hash of its code, so browsers keep it for good
// (src/lib/builtPages/securityHeaders.ts) and a new build's pages never meet an old copy.
import { createHash } from 'node:crypto';
import { bundled } from '../inlineScript.ts';

export interface PictureScript {
  /** Where it is published, e.g. `/pictures/scripts/tipPicture.Ab3dE6gH9k.js` (src/pages/pictures/scripts/). */
  path: string;
  code: string;
}

let made: PictureScript | undefined;

/** tipPicture.ts bundled into one ES module, with its published path. */
export function pictureScript(): PictureScript {
  if (made) return made;
  const output = bundled('src/lib/sharePicture/tipPicture.ts', 'esm');
  const hash = createHash('sha256').update(output.contents).digest('base64url').slice(0, 10);
  made = { path: `/pictures/scripts/tipPicture.${hash}.js`, code: output.text };
  return made;
}
