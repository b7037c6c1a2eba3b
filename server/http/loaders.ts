import type { Request } from 'express';
import type { PageId } from '../../content/pages';
import { emptyMessage, type ContactSeed } from '../../views/contact/state';
import { sentQuery, type DataOf, type LoaderData, type Route } from '../../views/routes';
import { renderSteps, type StepsDeps } from '../booking/stepsView';

// Each page's server loader: what the page is rendered from for one GET, besides its texts, as
// React Router's route loaders. The route table (views/routes.ts, LoaderData) says which pages
// have one and the type of what it finds; the type-checker holds this table to it, and the page's
// component to the same type. The page handler (pages.ts) runs the loader and renders the page
// with what it found; the renderer (render.tsx) hands that to the browser for hydration.

export interface LoaderContext {
  route: Route;
  query: Request['query'];
  now: Date;
  /** Online booking's calendar and held times; null while booking is off. */
  booking: StepsDeps | null;
}

export interface Loader<D> {
  /** The page's data for this request; undefined: nothing to show beyond its texts. */
  load(context: LoaderContext): D | undefined | Promise<D | undefined>;
  /** What of the data the browser needs to hydrate, when not all of it. */
  browser?(data: D): D;
  /**
   * The page rendered with this data is nobody's, so its compressed bytes may serve the next
   * visitor (server/http/pageCompression.ts). Without it, a page with data is compressed for its
   * own response only.
   */
  shared?: boolean;
}

const sentSeed: ContactSeed = { status: 'success', values: emptyMessage, errors: {}, error: '' };

const loaders: { [K in keyof LoaderData]: Loader<LoaderData[K]> } = {
  contact: {
    // Where a visitor without JavaScript lands after a delivered message: the thank-you card. The
    // state is no visitor's, but a page with a form's state is kept out of the shared bytes all the same.
    load: ({ route, query }) => (query[sentQuery[route.lang]] === '1' ? { contact: sentSeed } : undefined),
  },
  booking: {
    // While booking is on: the free times as they are now, for the service asked for.
    load: ({ route, query, now, booking }) => (booking ? renderSteps(booking, route.lang, query, now) : undefined),
    // The steps' HTML is in the page already: the browser takes it from there (BookingIsland.tsx).
    browser: ({ choices }) => ({ choices }),
    // Nobody's: a visitor's values are only in the answers to a request, which are never kept.
    // The same times, the same bytes.
    shared: true,
  },
};

/** A page's loader, for a page id the route table gives one; undefined for the others. */
export function loaderOf<K extends PageId>(page: K): Loader<DataOf<K>> | undefined {
  return (loaders as Partial<Record<PageId, Loader<DataOf<K>>>>)[page];
}
