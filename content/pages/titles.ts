// Each page's title: the browser tab, search results and link previews.

export type PageId = 'home' | 'about' | 'therapy' | 'prices' | 'booking' | 'contact' | 'privacy';

export const pageTitles: Record<PageId, string> = {
  home: 'Psykolog i Aalborg – terapi for voksne, par og familier',
  about: 'Om mig | Psykolog Aalborg',
  therapy: 'Terapi | Psykolog Aalborg',
  prices: 'Priser | Psykolog Aalborg',
  booking: 'Book en samtale | Psykolog Aalborg',
  contact: 'Kontakt | Psykolog Aalborg',
  privacy: 'Persondatapolitik | Psykolog Aalborg',
};
