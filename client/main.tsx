import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { App } from '../views/App';
import { matchRoute } from '../views/routes';
import { CONTACT_SEED_ID } from '../views/contact/seedScript';
import type { ContactSeed } from '../views/contact/state';
import { startNavigation } from './navigation';
import './styles.css';

/** The form state the server rendered after a post without JavaScript, if any. */
function readSeed(): ContactSeed | undefined {
  const text = document.getElementById(CONTACT_SEED_ID)?.textContent;
  return text ? (JSON.parse(text) as ContactSeed) : undefined;
}

async function start(container: HTMLElement) {
  // boot.ts started this page's chunk together with this script, so the wait is short.
  const Page = await matchRoute(location.pathname).route.load();
  let root!: Root;
  // As a transition, hydration works in slices and lets the browser answer input in between,
  // instead of holding the main thread for the whole page.
  startTransition(() => {
    root = hydrateRoot(container, <App path={location.pathname} Page={Page} contactSeed={readSeed()} />);
  });
  startNavigation(async (path) => {
    const NextPage = await matchRoute(path).route.load();
    // Synchronous, so that the new page's heading exists when focus moves to it.
    flushSync(() => root.render(<App path={path} Page={NextPage} />));
  });
}

const container = document.getElementById('root');
if (container) void start(container);
