import type { Lang } from '../content/languages';
import type { SiteTexts } from '../content/site';
import { translations } from '../content/translations';
import { pageComponents, matchRoute } from '../views/routes';

// Client-side navigation: same-origin links to pages of the route table in the page's own
// language are handled here; everything else (another language, new tab, modified clicks,
// downloads, tel:, mailto:, other hosts, files, in-page anchors) is left to the browser.

/**
 * Loads the page of an address (its path and its query) and gives the step that shows it; rejects
 * when its code or its loader's data could not be loaded.
 */
type Render = (url: Pick<URL, 'pathname' | 'search'>) => Promise<() => void>;

/** The URL of the link an event is on, when this module should handle it, or null to leave it to the browser. */
function pageUrl(target: EventTarget | null, lang: Lang): URL | null {
  const link = target instanceof Element ? target.closest('a') : null;
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  if (url.origin !== location.origin) return null;
  const { route, found } = matchRoute(url.pathname);
  if (!found || route.lang !== lang) return null;
  // A link to an anchor on this page: the browser scrolls to it (and honours scroll-margin-top).
  if (url.pathname === location.pathname && url.hash) return null;
  return url;
}

function afterNavigation(path: string, site: SiteTexts, hash = '') {
  document.title = site.titles[matchRoute(path).route.id];
  // Smoothly unless the visitor asked for less motion: the stylesheet's scroll-behavior (base.css);
  // to the place a link names on the new page (the home page's areas: their cards), else the top.
  const place = hash && document.getElementById(hash.slice(1));
  if (place) place.scrollIntoView();
  else window.scrollTo(0, 0);
  // Screen-reader and keyboard users start on the new page's heading.
  document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
}

export function startNavigation(lang: Lang, site: SiteTexts, render: Render): void {
  // The last navigation asked for wins: one whose page loads after a newer one began (Back, then a
  // link at once) is dropped, so the page shown is always the address's.
  let latest = 0;
  const go = (url: Pick<URL, 'pathname' | 'search'>, shown: () => void, failed: () => void) => {
    const mine = ++latest;
    render(url).then(
      (show) => {
        if (mine !== latest) return;
        show();
        shown();
      },
      () => mine === latest && failed(),
    );
  };

  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = pageUrl(event.target, lang);
    if (!url) return;
    event.preventDefault();
    const target = url.pathname + url.search;
    if (target === location.pathname + location.search) {
      afterNavigation(url.pathname, site);
      return;
    }
    go(
      url,
      () => {
        history.pushState(null, '', target + url.hash);
        afterNavigation(url.pathname, site, url.hash);
      },
      // The page's code could not be fetched (offline, new deploy): a normal page load.
      () => location.assign(url.href),
    );
  });

  // Fetch a page's code and texts as soon as a visitor points at or focuses its link.
  const prefetch = (event: Event) => {
    const url = pageUrl(event.target, lang);
    if (!url) return;
    const { id } = matchRoute(url.pathname).route;
    Promise.all([pageComponents[id](), translations[lang][id]()]).catch(() => undefined);
  };
  document.addEventListener('pointerover', prefetch, { passive: true });
  document.addEventListener('focusin', prefetch);

  // Back and forward: show the page of the restored URL; the browser restores its scroll.
  window.addEventListener('popstate', () => {
    const { pathname, search } = location;
    go(
      { pathname, search },
      () => {
        document.title = site.titles[matchRoute(pathname).route.id];
      },
      () => location.reload(),
    );
  });
}
