// The first script a page loads, and a tiny one. The page is whole without script, so the
// browser paints the server's HTML first; only then does this fetch the script that hydrates
// it (client/main.tsx) and that script's chunks, all at once. The server lists them, entry
// first, in this script element's data-scripts.

const [entry, ...chunks] =
  document.querySelector<HTMLScriptElement>('script[data-scripts]')?.dataset.scripts?.split(' ') ?? [];

function load() {
  for (const href of chunks)
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: entry }));
}

if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
  // In a background tab this waits until the tab is shown: nothing is painted before that.
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
} else {
  // A requestAnimationFrame callback runs just before a paint; a timeout set there, after it.
  requestAnimationFrame(() => setTimeout(load));
}
