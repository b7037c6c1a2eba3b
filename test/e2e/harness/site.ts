import type { Lang } from '../../../content/languages';
import { navPages } from '../../../content/pages';
import { siteTexts } from '../../../content/siteTexts';
import { langOfPath, paths, routes } from '../../../views/routes';

// What the site is, as the tests expect it: its pages, the header a visitor reads in each
// language, and the one other host it may load.

/** Every page of the route table (views/routes.ts), in every language. */
export const ROUTES: readonly string[] = routes.map((r) => r.path);

/** The header's links, with the labels the spec fixes (spec §2), in their order. */
export const NAV = [
  { path: '/', label: 'Hjem' },
  { path: '/om-mig', label: 'Om mig' },
  { path: '/terapi', label: 'Terapi' },
  { path: '/priser', label: 'Priser' },
  { path: '/booking', label: 'Book samtale' },
  { path: '/kontakt', label: 'Kontakt' },
];

/** What a visitor reads in the header of each language: the Danish as the spec fixes it, the others from content/. */
export interface HeaderUi {
  lang: Lang;
  nav: { path: string; label: string }[];
  navLabel: string;
  menu: string;
  languageNavLabel: string;
}

const headerOf = (lang: Lang): HeaderUi => ({
  lang,
  nav: navPages.map((page) => ({ path: paths[page][lang], label: siteTexts[lang].nav[page] })),
  navLabel: siteTexts[lang].navLabel,
  menu: siteTexts[lang].menuButton,
  languageNavLabel: siteTexts[lang].languageNavLabel,
});

export const HEADER: Record<Lang, HeaderUi> = {
  da: { lang: 'da', nav: NAV, navLabel: 'Hovedmenu', menu: 'Menu', languageNavLabel: 'Sprog' },
  en: headerOf('en'),
  fa: headerOf('fa'),
};

/** The header of the page at `path`. */
export const headerFor = (path: string): HeaderUi => HEADER[langOfPath(path)];

/** The one other host the site may load: the embedded map frame on /kontakt. */
export const MAP_ORIGIN = 'https://www.openstreetmap.org';
