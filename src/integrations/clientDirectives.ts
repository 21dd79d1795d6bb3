import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:press'?: boolean;
    'client:companion'?: boolean;
    'client:reach'?: boolean;
  }
}

/** The site's own hydration directives (see each file for when it hydrates). */
export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        for (const name of ['press', 'companion', 'reach']) {
          const entrypoint = fileURLToPath(new URL(`../lib/hydration/${name}Directive.ts`, import.meta.url));
          addClientDirective({ name, entrypoint });
        }
      },
    },
  };
}
