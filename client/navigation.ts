import { matchRoute } from '../views/routes';

// Client-side navigation: same-origin links to pages of the route table are handled here;
// everything else (new tab, modified clicks, downloads, tel:, mailto:, other hosts, files,
// in-page anchors) is left to the browser.

type Render = (path: string) => void;

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
}

function isOurs(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || !matchRoute(url.pathname).found) return null;
  // A link to an anchor on this page: the browser scrolls to it (and honours scroll-margin-top).
  if (url.pathname === location.pathname && url.hash) return null;
  return url;
}

function afterNavigation(path: string) {
  document.title = matchRoute(path).route.meta.title;
  window.scrollTo({ top: 0, behavior: scrollBehavior() });
  // Screen-reader and keyboard users start on the new page's heading.
  document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
}

export function startNavigation(render: Render): void {
  document.addEventListener('click', (event) => {
    const url = isOurs(event);
    if (!url) return;
    event.preventDefault();
    const target = url.pathname + url.search;
    if (target !== location.pathname + location.search) {
      history.pushState(null, '', target);
      render(url.pathname);
    }
    afterNavigation(url.pathname);
  });

  // Back and forward: show the page of the restored URL; the browser restores its scroll.
  window.addEventListener('popstate', () => {
    render(location.pathname);
    document.title = matchRoute(location.pathname).route.meta.title;
  });
}
