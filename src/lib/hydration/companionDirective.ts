import type { ClientDirective } from 'astro';

/**
 * `client:companion`: hydrates right after another island of the page has hydrated. For parts that
 * only show what the other widgets do (the toasts), so they never load earlier than those widgets and
 * a page whose widgets are never reached loads nothing for them.
 */
const companionDirective: ClientDirective = (load, _options, island) => {
  const start = async (event?: Event) => {
    if (event && event.target === island) return;
    document.removeEventListener('astro:hydrate', start, true);
    await (await load())();
  };
  if (document.querySelector('astro-island:not([ssr])')) void start();
  // `astro:hydrate` does not bubble, but every listener on the way down sees it when capturing.
  else document.addEventListener('astro:hydrate', start, true);
};

export default companionDirective;
