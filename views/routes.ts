import type { ComponentType } from 'react';
import { pageMeta, type PageId, type PageMeta } from '../content/pages/meta';
import { Home } from './pages/Home';
import { OmMig } from './pages/OmMig';
import { Terapi } from './pages/Terapi';
import { Priser } from './pages/Priser';
import { Booking } from './pages/Booking';
import { Kontakt } from './pages/Kontakt';
import { Persondatapolitik } from './pages/Persondatapolitik';

// The one route table: the server renders from it, the client hydrates and navigates with it,
// and the sitemap lists it.

export interface Route {
  path: string;
  id: PageId;
  Page: ComponentType;
  meta: PageMeta;
}

export const routes: Route[] = [
  { path: '/', id: 'home', Page: Home, meta: pageMeta.home },
  { path: '/om-mig', id: 'about', Page: OmMig, meta: pageMeta.about },
  { path: '/terapi', id: 'therapy', Page: Terapi, meta: pageMeta.therapy },
  { path: '/priser', id: 'prices', Page: Priser, meta: pageMeta.prices },
  { path: '/booking', id: 'booking', Page: Booking, meta: pageMeta.booking },
  { path: '/kontakt', id: 'contact', Page: Kontakt, meta: pageMeta.contact },
  { path: '/persondatapolitik', id: 'privacy', Page: Persondatapolitik, meta: pageMeta.privacy },
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
