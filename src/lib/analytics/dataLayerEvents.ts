// On a site built without a tag, the page events still go to a data layer someone else put on the page
// (a tag the host injects). Part of every page's head script (src/layouts/head.inline.ts), so a page
// without a data layer fetches no script at all. The script is bundled on its own (Vite's worker
// bundling gives a self-contained classic script and its URL, src/layouts/BaseLayout.astro); it runs in
// the page, not a worker. Null on a site built with a tag, whose consent banner brings the analytics.
declare const pageEvents: { url: string; geoEndpoint: string } | null;

if (pageEvents) {
  const { url, geoEndpoint } = pageEvents;
  // Checked once the page is parsed: a tag injected at the end of the body has run by then.
  document.addEventListener('DOMContentLoaded', () => {
    if (!Array.isArray(window.dataLayer)) return;
    const script = document.createElement('script');
    script.src = url;
    script.dataset.geoEndpoint = geoEndpoint;
    document.head.append(script);
  });
}
