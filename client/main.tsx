import { hydrateRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { App } from '../views/App';
import { CONTACT_SEED_ID, emptySeed, type ContactSeed } from '../views/contact/state';
import { startNavigation } from './navigation';
import './styles.css';

/** The form state the server rendered after a post without JavaScript, if any. */
function readSeed(): ContactSeed {
  const text = document.getElementById(CONTACT_SEED_ID)?.textContent;
  return text ? (JSON.parse(text) as ContactSeed) : emptySeed;
}

const container = document.getElementById('root');
if (container) {
  const root = hydrateRoot(container, <App path={location.pathname} contactSeed={readSeed()} />);
  startNavigation((path) => {
    // Synchronous, so that the new page's heading exists when focus moves to it.
    flushSync(() => root.render(<App path={path} />));
  });
}
