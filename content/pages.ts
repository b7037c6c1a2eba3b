// The site's pages, by id; views/routes.ts gives each its path in each language.
export type PageId = 'home' | 'about' | 'therapy' | 'prices' | 'booking' | 'contact' | 'privacy';

/** The pages the header links to, in its order. */
export const navPages = [
  'home',
  'about',
  'therapy',
  'prices',
  'booking',
  'contact',
] as const satisfies readonly PageId[];
export type NavPage = (typeof navPages)[number];
