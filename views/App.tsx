import type { ReactNode } from 'react';
import type { SiteTexts } from '../content/site';
import { LocaleContext, type Locale } from './locale';
import type { SiteSettings } from './settings';
import { matchRoute, paths } from './routes';
import { Header } from './layout/Header';
import { Footer } from './layout/Footer';
import { SkipLink } from './layout/SkipLink';

interface AppProps {
  path: string;
  /** The frame's texts in the path's language. */
  site: SiteTexts;
  /** What the server is configured to do (the privacy policy and the forms say so). */
  settings: SiteSettings;
  /** The page itself (see loadPage.tsx). */
  children: ReactNode;
}

/** The whole page for a path: the same tree on the server and in the browser. */
export function App({ path, site, settings, children }: AppProps) {
  const { route, found } = matchRoute(path);
  const { lang } = route;
  // Made anew only when App renders, which is a new page: every component below re-renders then anyway
  // (and BookingIsland.tsx, seeing a new `href`, looks whether its steps are those of the address).
  const locale: Locale = { lang, site, settings, href: (page) => paths[page][lang] };
  return (
    <LocaleContext.Provider value={locale}>
      <SkipLink />
      <Header route={route} />
      <main id="main" tabIndex={-1}>
        {!found && (
          <p className="notice container" role="status">
            {site.notFound}
          </p>
        )}
        {children}
      </main>
      <Footer />
    </LocaleContext.Provider>
  );
}
