import type { SiteTexts } from '../texts/site';

export const site: SiteTexts = {
  skipLink: 'Gå til indhold',
  navLabel: 'Hovedmenu',
  languageNavLabel: 'Sprog',
  menuButton: 'Menu',
  logoLabel: 'til forsiden',
  nav: {
    home: 'Hjem',
    about: 'Om mig',
    therapy: 'Terapi',
    prices: 'Priser',
    booking: 'Book samtale',
    contact: 'Kontakt',
  },
  titles: {
    home: 'Psykolog i Aalborg – terapi for voksne, par og familier',
    about: 'Om mig | Psykolog Aalborg',
    therapy: 'Terapi | Psykolog Aalborg',
    prices: 'Priser | Psykolog Aalborg',
    booking: 'Book en samtale | Psykolog Aalborg',
    contact: 'Kontakt | Psykolog Aalborg',
    privacy: 'Persondatapolitik | Psykolog Aalborg',
  },
  practice: {
    title: 'Autoriseret psykolog',
    shortDescription:
      'Autoriseret psykolog i Aalborg. Terapi for voksne, par, familier og børn – i klinikken eller online, på dansk, engelsk og persisk.',
    phoneHours: 'Mandag-fredag kl. {opens}-{closes}',
    membership: 'Dansk Psykolog Forening',
  },
  languageNames: { da: 'dansk', en: 'engelsk', fa: 'persisk' },
  opensNewWindow: '(åbner i et nyt vindue)',
  footer: {
    aboutHeading: 'Om praksis',
    languagesHeading: 'Sprog',
    languagesIntro: 'Samtaler på',
    contactHeading: 'Kontakt',
    membershipLabel: 'Medlem af',
    privacyLink: 'Persondatapolitik',
    cvrLabel: 'CVR',
  },
  notFound: 'Siden findes ikke. Her er forsiden i stedet.',
};
