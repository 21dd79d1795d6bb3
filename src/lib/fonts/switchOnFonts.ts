// When a page may use the site's fonts: part of the layout's head script (src/layouts/head.inline.ts),
// after the page's font elements. The fonts pass (src/lib/builtPages/fonts.ts) writes the @font-face
// rules and the font preloads switched off (`media="print"`), since a font asked for before the largest
// paint holds that paint a round trip. So the first page a browser opens here is drawn in the fallback
// faces alone, from its first flight, and stays so (switching fonts on under a drawn page restyles all
// of it, a long task, and the fonts could only swap in with a jump). A second after its load the page's
// font files are fetched into the cache; once they are there (a flag in localStorage) every later page
// switches them on before its first paint, which waits for the preloaded faces, now from the cache.
// Every byte here is in every page's first flight: hence the terse storage.

/** Fetches the page's preloads (every face it sets text in) into the cache, then says so. */
async function warmCache() {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[media=print]')) {
    const answer = await fetch(link.href, { priority: 'low' });
    if (!answer.ok) return;
    await answer.arrayBuffer();
  }
  localStorage.fonts = 1;
}

try {
  if (localStorage.fonts)
    for (const element of document.querySelectorAll<HTMLLinkElement>('[media=print]')) element.media = '';
  // A second after the load (which can come before the first paint): the page's own requests and
  // paints come first.
  else addEventListener('load', () => setTimeout(() => warmCache().catch(() => {}), 1000));
} catch {
  // Storage blocked (privacy modes): the fallback faces, as on a first page.
}
