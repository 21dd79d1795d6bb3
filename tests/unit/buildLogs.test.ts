// The build's output keeps the bundler's warnings, but for the directives it cannot keep and nothing needs.
import { describe, expect, it } from 'vitest';
import { onBuildLog } from '../../src/lib/buildLogs.ts';

/** Whether `onBuildLog` hands a warning on to the bundler's printing. */
function printed(code: string, message: string): boolean {
  let handed = false;
  onBuildLog('warn', { code, message }, () => {
    handed = true;
  });
  return handed;
}

const directive = (name: string, id: string) =>
  `The semantics of the module level directive "${name}" in "${id}" may not be preserved when bundling.`;

describe('the build log', () => {
  it('leaves out "use client" in dependencies and Astro\'s head-propagation marker in MDX', () => {
    expect(
      printed('MODULE_LEVEL_DIRECTIVE', directive('use client', 'node_modules/sonner/dist/index.mjs')),
    ).toBe(false);
    const mdx = 'content/blog/en/tone-you-set-future-you-get.mdx?astroPropagatedAssets';
    expect(printed('MODULE_LEVEL_DIRECTIVE', directive('use astro:head-inject', mdx))).toBe(false);
  });

  it('prints every other warning, other directives included', () => {
    expect(printed('MODULE_LEVEL_DIRECTIVE', directive('use strict-ish', 'src/x.ts'))).toBe(true);
    expect(printed('UNRESOLVED_IMPORT', 'Could not resolve "./nowhere"')).toBe(true);
    expect(printed('EVAL', 'Use of eval is strongly discouraged')).toBe(true);
  });
});
