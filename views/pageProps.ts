/**
 * What App gives a page: its texts, and what the page's server loader found for this request
 * (server/http/loaders.ts; its type: LoaderData in views/routes.ts). A page without a loader
 * has no data; one with a loader gets none after a navigation in the browser, or when its loader
 * found nothing to say.
 */
/**
 * The states of a page's forms, by form id, for a page whose loader data carries them: a form's
 * endpoint renders the page again after a post without JavaScript with its own (`{ contact: seed }`),
 * its loader may give one (the contact form's thank-you card); a second form has its own key.
 */
export type FormStates<F extends object> = Partial<F>;

export interface PageProps<T, D = never> {
  texts: T;
  data?: D;
}
