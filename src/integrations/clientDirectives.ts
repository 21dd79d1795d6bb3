import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:press'?: boolean;
    'client:companion'?: boolean;
    'client:reach'?: boolean;
  }
}

const entry = (file: string) => fileURLToPath(new URL(`../lib/hydration/${file}`, import.meta.url));

/** The site's own hydration directives (see each file for when it hydrates). */
export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'press', entrypoint: entry('pressDirective.ts') });
        addClientDirective({ name: 'companion', entrypoint: entry('companionDirective.ts') });
        addClientDirective({ name: 'reach', entrypoint: entry('reachDirective.ts') });
      },
    },
  };
}
