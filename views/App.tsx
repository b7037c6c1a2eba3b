import { useMemo, type ReactNode } from 'react';
import type { SiteTexts } from '../content/texts/site';
import { LocaleContext, type Locale } from './locale';
import { matchRoute, paths } from './routes';
import { Header } from './layout/Header';
import { Footer } from './layout/Footer';
import { SkipLink } from './layout/SkipLink';

interface AppProps {
  path: string;
  /** The frame's texts in the path's language. */
  site: SiteTexts;
  /** The page itself (see loadPage.tsx). */
  children: ReactNode;
}

/** The whole page for a path: the same tree on the server and in the browser. */
export function App({ path, site, children }: AppProps) {
  const { route, found } = matchRoute(path);
  const { lang } = route;
  const locale = useMemo<Locale>(() => ({ lang, site, href: (page) => paths[page][lang] }), [lang, site]);
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
