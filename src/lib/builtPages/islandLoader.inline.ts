// Adds a page's island scripts once it has painted: before the paint, a fast connection would fetch
// them while the first screen waits. Bundled by src/lib/inlineScript.ts into the page.
import { afterFirstPaint } from '../hydration/afterFirstPaint.ts';

declare const islandScriptSrc: string;

afterFirstPaint(() => {
  const script = document.createElement('script');
  script.src = islandScriptSrc;
  document.head.append(script);
});
