import { matchRoute } from './routes';
import { Header } from './layout/Header';
import { Footer } from './layout/Footer';
import { SkipLink } from './layout/SkipLink';
import { site } from '../content/site';
import { ContactSeedContext, emptySeed, type ContactSeed } from './contact/state';

/** The whole page for a path: the same tree on the server and in the browser. */
export function App({ path, contactSeed = emptySeed }: { path: string; contactSeed?: ContactSeed }) {
  const { route, found } = matchRoute(path);
  const { Page } = route;
  return (
    <ContactSeedContext.Provider value={contactSeed}>
      <SkipLink />
      <Header path={route.path} />
      <main id="main" tabIndex={-1}>
        {!found && (
          <p className="notice container" role="status">
            {site.notFound.text}
          </p>
        )}
        <Page />
      </main>
      <Footer />
    </ContactSeedContext.Provider>
  );
}
