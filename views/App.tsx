import type { ComponentType } from 'react';
import { matchRoute, type PageProps } from './routes';
import { Header } from './layout/Header';
import { Footer } from './layout/Footer';
import { SkipLink } from './layout/SkipLink';
import { site } from '../content/site';
import type { ContactSeed } from './contact/state';

interface AppProps {
  path: string;
  /** The loaded component of the path's route (see Route.load). */
  Page: ComponentType<PageProps>;
  /** Only after a post without JavaScript: what the contact form shows. */
  contactSeed?: ContactSeed;
}

/** The whole page for a path: the same tree on the server and in the browser. */
export function App({ path, Page, contactSeed }: AppProps) {
  const { route, found } = matchRoute(path);
  return (
    <>
      <SkipLink />
      <Header path={route.path} />
      <main id="main" tabIndex={-1}>
        {!found && (
          <p className="notice container" role="status">
            {site.notFound.text}
          </p>
        )}
        <Page contactSeed={contactSeed} />
      </main>
      <Footer />
    </>
  );
}
