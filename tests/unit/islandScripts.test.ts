import runtime from 'astro/runtime/server/astro-island.prebuilt.js';
import { describe, expect, it } from 'vitest';
import { externalizeIslandScripts, scriptFileName } from '../../src/integrations/islandScripts.ts';

// Astro's prescripts as it writes them: its island style, the first island's directive, the runtime,
// and a later island's own directive right before it.
const island = (client: string) => `<astro-island uid="1" client="${client}" ssr><p>…</p></astro-island>`;
const page = (first: string, second: string) =>
  `<html><body><main><style>astro-island{display:contents}</style><script>(()=>{/* ${first} */})();</script>` +
  `<script>${runtime}</script>${island(first)}<script>(()=>{/* ${second} */})();</script>${island(second)}` +
  `<script>console.log("ours")</script></main></body></html>`;

describe('the island scripts of a page whose islands wait', () => {
  const { html, script } = externalizeIslandScripts(page('visible', 'companion'));

  it('leave the page for one file, directives first in their order, then the runtime', () => {
    expect(script).toBe(`(()=>{/* visible */})();;\n(()=>{/* companion */})();;\n${runtime}`);
    expect(html).not.toContain(runtime);
    expect(html).not.toContain('/* visible */');
    expect(html).not.toContain('/* companion */');
  });

  it('are asked for by inline code at the end of the page, after the first paint', () => {
    const loader = html.match(/<script>([^<]*)<\/script><\/body>/)?.[1] ?? '';
    expect(loader).toContain(`"/_astro/${scriptFileName(script ?? '')}"`);
    expect(loader).toContain('first-contentful-paint');
  });

  it("keep the page's own scripts and its islands where they were", () => {
    expect(html).toContain('<script>console.log("ours")</script>');
    expect(html.match(/<astro-island /g)).toHaveLength(2);
  });
});

describe('the island scripts of a page with a widget that catches an early press', () => {
  it('stay inline, so a press before any file arrives is kept', () => {
    const html = page('press', 'companion');
    expect(externalizeIslandScripts(html)).toEqual({ html });
  });
});
