// The bundler's warnings that say nothing about this site, kept out of the build's output so that a
// warning there means something (astro.config.mjs, vite.build.rolldownOptions.onLog).
import type { Rolldown } from 'vite';

/**
 * Module-level directives the bundler cannot keep and nothing needs kept: React's "use client" in
 * dependencies (for server components; this site has none) and Astro's own head-propagation marker in
 * MDX content modules, read before bundling (withastro/astro#18087).
 */
const pointlessDirective = /module level directive "use (?:client|astro:head-inject)"/;

export const onBuildLog: NonNullable<Rolldown.InputOptions['onLog']> = (level, log, handler) => {
  if (log.code === 'MODULE_LEVEL_DIRECTIVE' && pointlessDirective.test(log.message)) return;
  handler(level, log);
};
