/**
 * What App gives a page: its texts, and what the page's server loader found for this request
 * (server/http/loaders.ts; its type: LoaderData in views/routes.ts). A page without a loader
 * has no data; one with a loader gets none after a navigation in the browser, or when its loader
 * found nothing to say.
 */
export interface PageProps<T, D = never> {
  texts: T;
  data?: D;
}
