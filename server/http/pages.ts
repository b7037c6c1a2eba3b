import type { RequestHandler } from 'express';
import { matchRoute } from '../../views/routes';
import { loaderOf, type LoaderContext } from './loaders';
import type { PageCompression } from './pageCompression';
import type { RenderPage } from './render';

// Every page, for GET and HEAD: its loader (server/http/loaders.ts) runs, then the page is
// rendered with what it found. An unknown path shows its language's home page with 404.
// The same URL asked for JSON (Accept: application/json, as the browser asks after a navigation:
// views/loaderData.ts) answers with the loader's data alone, all of it (after a navigation the
// page's HTML is not in the document), or null: so a page with a loader works after a
// navigation with no code of its own. That answer is no-store and never shared.

export function pages(deps: {
  render: RenderPage;
  pageCompression: PageCompression;
  booking: LoaderContext['booking'];
  now: () => Date;
}): RequestHandler {
  const { render, pageCompression, booking, now } = deps;
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const { route, found } = matchRoute(req.path);
    const loader = found ? loaderOf(route.id) : undefined;
    const data = await loader?.load({ route, query: req.query, now: now(), booking });
    // One URL, two representations: a cache must keep them apart.
    res.vary('Accept');
    if (req.accepts(['html', 'json']) === 'json') {
      res
        .status(found ? 200 : 404)
        .set('Cache-Control', 'no-store')
        .type('json');
      pageCompression.send(req, res, JSON.stringify(data ?? null), false);
      return;
    }
    const page = await render(req.path, data);
    res.status(page.status).set('Cache-Control', 'no-cache').type('html');
    // Shareable: its compressed bytes may serve the next visitor. Only a found page, and one with
    // data only when its loader says the data is nobody's.
    pageCompression.send(req, res, page.html, page.status === 200 && (data === undefined || loader?.shared === true));
  };
}
