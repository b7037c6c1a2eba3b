import type { Lang } from './languages';
import type { PageId } from './pages';
import type { WordsOf } from './schema/files';
import { words } from './words';

// The files the pages' texts are made of, by language, each loaded on demand through the one
// loader (content/words.ts). Each import is a chunk of its own, so that a browser fetches only
// its language's files for the pages it shows (content/translations.ts).

/** The files a page's texts are made of: its own, and what every form says alike. */
export type TextsFile = PageId | 'form';

type Files = { [F in TextsFile]: () => Promise<{ default: WordsOf[F] }> };

/**
 * The files the pages need, by language: one import each, so that each is a chunk of its own.
 * Typed by their declarations: `tsc` names the file (its line here) and the key a language lacks.
 */
const json: Record<Lang, Files> = {
  da: {
    form: () => import('./da/form.json'),
    home: () => import('./da/home.json'),
    about: () => import('./da/about.json'),
    therapy: () => import('./da/therapy.json'),
    prices: () => import('./da/prices.json'),
    booking: () => import('./da/booking.json'),
    contact: () => import('./da/contact.json'),
    privacy: () => import('./da/privacy.json'),
  },
  en: {
    form: () => import('./en/form.json'),
    home: () => import('./en/home.json'),
    about: () => import('./en/about.json'),
    therapy: () => import('./en/therapy.json'),
    prices: () => import('./en/prices.json'),
    booking: () => import('./en/booking.json'),
    contact: () => import('./en/contact.json'),
    privacy: () => import('./en/privacy.json'),
  },
  fa: {
    form: () => import('./fa/form.json'),
    home: () => import('./fa/home.json'),
    about: () => import('./fa/about.json'),
    therapy: () => import('./fa/therapy.json'),
    prices: () => import('./fa/prices.json'),
    booking: () => import('./fa/booking.json'),
    contact: () => import('./fa/contact.json'),
    privacy: () => import('./fa/privacy.json'),
  },
};

/** A page's file in `lang`, as its declaration types it, Persian isolated. */
export const pageWords = async <F extends TextsFile>(lang: Lang, file: F): Promise<WordsOf[F]> =>
  words(lang, file, (await json[lang][file]()).default);
