import { crisisLinesIn } from '../crisis';
import { practice } from '../practice';
import type { SiteTexts } from '../texts/site';

const { street, postalCode, city } = practice.address;

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
    practitioner: practice.practitioner,
    title: 'Autoriseret psykolog',
    shortDescription:
      'Autoriseret psykolog i Aalborg. Terapi for voksne, par, familier og børn – i klinikken eller online, på dansk, engelsk og persisk.',
    phoneHours: 'Mandag\u2060–\u2060fredag kl. {opens}\u2060–\u2060{closes}',
    membership: 'Dansk Psykolog Forening',
    portrait: 'Sara Ahmadi, autoriseret psykolog, smiler let i klinikkens lyse samtalerum',
    photos: {
      entrance: 'Indgangen fra gaden: en hvid dør med praksisskiltet og trappen op til 2. sal',
      room: 'Samtalerummet: to lænestole over for hinanden ved et vindue, et lille bord og en plante',
    },
    address: {
      street: `${street}, 2. sal`,
      oneLine: `${street}, 2. sal, ${postalCode}\u00a0${city}`,
    },
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
  crisis: {
    heading: 'Brug for hjælp nu?',
    lines: crisisLinesIn({
      emergency: 'Er du eller en anden i akut fare, så ring {phone}.',
      psychiatry:
        'Psykiatrien i Region Nordjylland har døgnåben telefon på {phone} og kan stille dig videre til den psykiatriske skadestue.',
      livslinien: 'Livslinien, hvis du har selvmordstanker: {phone}. Linjen har ikke åbent hele døgnet.',
      laegevagt: 'Uden for din egen læges åbningstid kan du ringe til Lægevagten på {phone}.',
    }),
  },
  notFound: 'Siden findes ikke. Her er forsiden i stedet.',
};
