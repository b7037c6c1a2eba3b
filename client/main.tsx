import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { App } from '../views/App';
import { loadPage } from '../views/loadPage';
import { loaderData } from '../views/loaderData';
import { PAGE_DATA_ID, type PageData } from '../views/pageData';
import { matchRoute, withLoader, type DataOf } from '../views/routes';
import { startNavigation } from './navigation';
import './styles.css';

async function start(container: HTMLElement, data: PageData) {
  const { route } = matchRoute(location.pathname);
  // The texts came with the document; boot.ts started this page's chunk together with this script.
  const first = await loadPage(route.id, route.lang, data.texts, data.data);
  let root!: Root;
  // As a transition, hydration works in slices and lets the browser answer input in between,
  // instead of holding the main thread for the whole page.
  startTransition(() => {
    root = hydrateRoot(
      container,
      <App path={location.pathname} site={data.site} settings={data.settings}>
        {first.element}
      </App>,
    );
  });
  // Within the page's language; another language is a full page load (its lang and dir differ).
  startNavigation(route.lang, data.site, async ({ pathname: path, search }) => {
    const next = matchRoute(path).route;
    // A page with a loader gets its data from it, asked for with its code and texts.
    const found = next.id in withLoader ? loaderData<DataOf<typeof next.id>>(path + search) : undefined;
    const page = await loadPage(next.id, next.lang, undefined, found);
    // Synchronous, so that the new page's heading exists when focus moves to it.
    return () =>
      flushSync(() =>
        root.render(
          <App path={path} site={data.site} settings={data.settings}>
            {page.element}
          </App>,
        ),
      );
  });
}

const container = document.getElementById('root');
const data = document.getElementById(PAGE_DATA_ID)?.textContent;
if (container && data) void start(container, JSON.parse(data) as PageData);
