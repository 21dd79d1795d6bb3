// When a page may use the site's fonts: part of the layout's head script (src/layouts/head.inline.ts),
// after the page's font elements. The fonts pass (src/lib/builtPages/fonts.ts) writes the @font-face
// rules and the font preloads switched off (`media="print"`), since a font asked for before the largest
// paint holds that paint a round trip: the first page a browser opens here paints in the fallback faces
// alone. After its first contentful paint they are switched on: the `optional` faces then come too late
// to replace the fallback on this page (no layout shift) but fill the cache, and the generator's tip (a
// `fallback` face) shows in its own face. From then on (a flag in localStorage) they are switched on
// before the first paint, which waits for the preloaded faces, now from the cache. Every byte here is in
// every page's first flight: hence the terse storage.
const switchOn = () => {
  for (const element of document.querySelectorAll<HTMLLinkElement | HTMLStyleElement>('[media=print]'))
    element.media = '';
};

try {
  if (localStorage.fonts) switchOn();
  else
    new PerformanceObserver((list, observer) => {
      // The first paint can be the background's alone: the largest paint comes with the first content.
      if (!list.getEntriesByName('first-contentful-paint')[0]) return;
      observer.disconnect();
      switchOn();
      localStorage.fonts = 1;
    }).observe({ type: 'paint', buffered: true });
} catch {
  // Storage blocked (privacy modes): the fallback faces, as on a first page.
}
