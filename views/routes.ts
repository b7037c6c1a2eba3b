import type { ComponentType } from 'react';
import type { ContactSeed } from './contact/state';
import { pageTitles, type PageId } from '../content/pages/titles';

// The one route table: the server renders from it, the client hydrates and navigates with it,
// and the sitemap lists it. Each page is its own module (views/pages/<page>.tsx, exporting a
// component of the same name), so the browser loads only the page it shows.

export type PageName = 'Home' | 'OmMig' | 'Terapi' | 'Priser' | 'Booking' | 'Kontakt' | 'Persondatapolitik';

/** What App gives every page. Only /kontakt uses it: the form's state after a post without JavaScript. */
export interface PageProps {
  contactSeed?: ContactSeed;
}

export interface Route {
  path: string;
  id: PageId;
  page: PageName;
  /** The document title; the description is the server's alone (content/pages/descriptions.ts). */
  title: string;
  /** The page's component; loaded once, then cached. */
  load: () => Promise<ComponentType<PageProps>>;
}

function route(path: string, id: PageId, page: PageName): Route {
  let loading: Promise<ComponentType<PageProps>> | undefined;
  const load = () =>
    (loading ??= import(`./pages/${page}.tsx`).then(
      (module: Record<string, ComponentType<PageProps>>) => module[page] as ComponentType<PageProps>,
      (err: unknown) => {
        loading = undefined; // a failed download may be retried
        throw err;
      },
    ));
  return { path, id, page, title: pageTitles[id], load };
}

export const routes: Route[] = [
  route('/', 'home', 'Home'),
  route('/om-mig', 'about', 'OmMig'),
  route('/terapi', 'therapy', 'Terapi'),
  route('/priser', 'prices', 'Priser'),
  route('/booking', 'booking', 'Booking'),
  route('/kontakt', 'contact', 'Kontakt'),
  route('/persondatapolitik', 'privacy', 'Persondatapolitik'),
];

const byPath = new Map(routes.map((r) => [r.path, r]));
const home = routes[0] as Route;

export interface Match {
  route: Route;
  /** False when the path is unknown and the home page stands in for it. */
  found: boolean;
}

/** Exact path match; any unknown path shows the home page (spec §2). */
export function matchRoute(pathname: string): Match {
  const route = byPath.get(pathname);
  return route ? { route, found: true } : { route: home, found: false };
}
