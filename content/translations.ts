import type { Lang } from './languages';
import type { PageId } from './pages';
import type { AboutTexts } from './texts/about';
import type { BookingTexts } from './texts/booking';
import type { ContactTexts } from './texts/contact';
import type { HomeTexts } from './texts/home';
import type { PricesTexts } from './texts/prices';
import type { PrivacyPageTexts } from './texts/privacy';
import type { TherapyTexts } from './texts/therapy';

// Every language's page texts, one module per page, loaded on demand: a visitor's browser
// fetches only its own language's texts, and only for the pages it shows (the first one comes
// inside the document; see views/pageData.ts). The type-checker proves that each language has
// every module and each module every text; siteTexts.ts does the same for the frame's texts.

export interface PageTexts {
  home: HomeTexts;
  about: AboutTexts;
  therapy: TherapyTexts;
  prices: PricesTexts;
  booking: BookingTexts;
  contact: ContactTexts;
  privacy: PrivacyPageTexts;
}

type Loaders = { [K in PageId]: () => Promise<PageTexts[K]> };

export const translations: Record<Lang, Loaders> = {
  da: {
    home: () => import('./da/home').then((m) => m.home),
    about: () => import('./da/about').then((m) => m.about),
    therapy: () => import('./da/therapy').then((m) => m.therapy),
    prices: () => import('./da/prices').then((m) => m.prices),
    booking: () => import('./da/booking').then((m) => m.booking),
    contact: () => import('./da/contact').then((m) => m.contact),
    privacy: () => import('./da/privacy').then((m) => m.privacy),
  },
  en: {
    home: () => import('./en/home').then((m) => m.home),
    about: () => import('./en/about').then((m) => m.about),
    therapy: () => import('./en/therapy').then((m) => m.therapy),
    prices: () => import('./en/prices').then((m) => m.prices),
    booking: () => import('./en/booking').then((m) => m.booking),
    contact: () => import('./en/contact').then((m) => m.contact),
    privacy: () => import('./en/privacy').then((m) => m.privacy),
  },
  fa: {
    home: () => import('./fa/home').then((m) => m.home),
    about: () => import('./fa/about').then((m) => m.about),
    therapy: () => import('./fa/therapy').then((m) => m.therapy),
    prices: () => import('./fa/prices').then((m) => m.prices),
    booking: () => import('./fa/booking').then((m) => m.booking),
    contact: () => import('./fa/contact').then((m) => m.contact),
    privacy: () => import('./fa/privacy').then((m) => m.privacy),
  },
};
