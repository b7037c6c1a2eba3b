import type { ComponentType } from 'react';
import { langs, type Lang } from '../content/languages';
import type { PageId } from '../content/pages';
import type { PageTexts } from '../content/links';
import type { BookingIslandData } from './booking/model';
import type { ContactPageData } from './contact/state';
import type { PageProps } from './pageProps';

// The one route table: every page in every language. The server renders from it, the client
// hydrates and navigates with it, and the sitemap lists it. The Danish pages keep the spec's
// paths; English and Persian have the same slugs under /en and /fa. Each page is its own module
// (views/pages/<Name>.tsx), so the browser loads only the page it shows.

export const paths: Record<PageId, Record<Lang, string>> = {
  home: { da: '/', en: '/en', fa: '/fa' },
  about: { da: '/om-mig', en: '/en/about', fa: '/fa/about' },
  therapy: { da: '/terapi', en: '/en/therapy', fa: '/fa/therapy' },
  prices: { da: '/priser', en: '/en/prices', fa: '/fa/prices' },
  booking: { da: '/booking', en: '/en/booking', fa: '/fa/booking' },
  contact: { da: '/kontakt', en: '/en/contact', fa: '/fa/contact' },
  privacy: { da: '/persondatapolitik', en: '/en/privacy', fa: '/fa/privacy' },
};

/**
 * What a page's server loader hands it, for the pages that have one: the loader is the entry of the
 * same id in server/http/loaders.ts, whose type asks for one per entry here, and the page's
 * component is given the data as `data` (PageProps). The server hands it to the browser with the
 * page, so hydration starts from what the server rendered.
 */
export interface LoaderData {
  /**
   * After a post without JavaScript: the states of the page's forms, each under its form's id
   * (FormStates, views/pageProps.ts), so that a second form on the page has a place of its own; the contact form's is
   * the thank-you card, or values and errors.
   */
  contact: ContactPageData;
  /** While online booking is on: the steps for the times as they are now. */
  booking: BookingIslandData;
}

/**
 * The pages with a loader, as a value for the browser (the keys of LoaderData, no more, no fewer:
 * the type says so): after a navigation to one of them it asks the page's URL for the data.
 */
export const withLoader: Record<keyof LoaderData, 1> = { contact: 1, booking: 1 };

/** The data a page is given: its loader's, or none. */
export type DataOf<K extends PageId> = K extends keyof LoaderData ? LoaderData[K] : never;

/** Each page's component, by id; the type-checker pairs each with its texts and its loader's data. */
export const pageComponents: {
  [K in PageId]: () => Promise<ComponentType<PageProps<PageTexts[K], DataOf<K>>>>;
} = {
  home: () => import('./pages/Home').then((m) => m.Home),
  about: () => import('./pages/About').then((m) => m.About),
  therapy: () => import('./pages/Therapy').then((m) => m.Therapy),
  prices: () => import('./pages/Prices').then((m) => m.Prices),
  booking: () => import('./pages/Booking').then((m) => m.Booking),
  contact: () => import('./pages/Contact').then((m) => m.Contact),
  privacy: () => import('./pages/Privacy').then((m) => m.Privacy),
};

/** The module of a page: views/pages/<Name>.tsx exports <Name>, e.g. 'about' -> About. */
export const pageModule = (page: PageId) => `${page[0]?.toUpperCase()}${page.slice(1)}`;

export interface Route {
  path: string;
  lang: Lang;
  id: PageId;
}

export const routes: Route[] = langs.flatMap((lang) =>
  (Object.keys(paths) as PageId[]).map((id) => ({ path: paths[id][lang], lang, id })),
);

const byPath = new Map(routes.map((r) => [r.path, r]));

/** The same page in every language (itself included), in the order of `langs`. */
export function alternates(route: Route): Route[] {
  return langs.map((lang) => byPath.get(paths[route.id][lang]) as Route);
}

/**
 * The language a path belongs to: a language's home path starts its pages (/en/…, /fa/…), every
 * other path is Danish, whose pages are at the root.
 */
export function langOfPath(pathname: string): Lang {
  const first = `/${pathname.split('/', 2)[1]}`;
  return langs.find((lang) => paths.home[lang] === first) ?? 'da';
}

export interface Match {
  route: Route;
  /** False when the path is unknown and the home page of its language stands in for it. */
  found: boolean;
}

/** Exact path match; an unknown path shows the home page of its language (spec §2). */
export function matchRoute(pathname: string): Match {
  const route = byPath.get(pathname);
  return route
    ? { route, found: true }
    : { route: byPath.get(paths.home[langOfPath(pathname)]) as Route, found: false };
}

/** Where a visitor without JavaScript lands after a delivered message: the contact page's thank-you card. */
export const sentQuery: Record<Lang, string> = { da: 'sendt', en: 'sent', fa: 'sent' };
