import { crisisLinesIn } from '../crisis';
import { practice } from '../practice';
import type { SiteTexts } from '../texts/site';

const { street, postalCode, city } = practice.address;

export const site: SiteTexts = {
  skipLink: 'Skip to content',
  navLabel: 'Main menu',
  languageNavLabel: 'Language',
  menuButton: 'Menu',
  logoLabel: 'home page',
  nav: {
    home: 'Home',
    about: 'About me',
    therapy: 'Therapy',
    prices: 'Prices',
    booking: 'Book a session',
    contact: 'Contact',
  },
  titles: {
    home: 'Aalborg psychologist – therapy in English: adults, couples, families',
    about: 'About me | Psykolog Aalborg',
    therapy: 'Therapy | Psykolog Aalborg',
    prices: 'Prices | Psykolog Aalborg',
    booking: 'Book a session | Psykolog Aalborg',
    contact: 'Contact | Psykolog Aalborg',
    privacy: 'Privacy policy | Psykolog Aalborg',
  },
  practice: {
    practitioner: practice.practitioner,
    title: 'Authorised psychologist',
    shortDescription:
      'Authorised psychologist in Aalborg. Therapy for adults, couples, families and children – at the clinic or online, in Danish, English and Persian.',
    phoneHours: 'Monday to Friday, {opens}\u2060–\u2060{closes}',
    membership: 'the Danish Psychological Association (Dansk Psykolog Forening)',
    portrait: 'Sara Ahmadi, authorised psychologist, smiling gently in the clinic’s bright consulting room',
    photos: {
      entrance: 'The way in from the street: a white door with the practice’s sign and the stairs up to the 2nd floor',
      room: 'The consulting room: two armchairs facing each other by a window, a small table and a plant',
    },
    address: {
      street: `${street}, 2nd floor`,
      oneLine: `${street}, 2nd floor, ${postalCode}\u00a0${city}`,
    },
  },
  languageNames: { da: 'Danish', en: 'English', fa: 'Persian' },
  opensNewWindow: '(opens in a new tab)',
  footer: {
    aboutHeading: 'About the practice',
    languagesHeading: 'Languages',
    languagesIntro: 'Sessions in',
    contactHeading: 'Contact',
    membershipLabel: 'Member of',
    privacyLink: 'Privacy policy',
    cvrLabel: 'CVR no.',
  },
  crisis: {
    heading: 'Need help now?',
    lines: crisisLinesIn({
      emergency: 'If you or someone else is in immediate danger, call {phone}.',
      psychiatry:
        'The North Denmark Region’s psychiatric services answer around the clock on {phone} and can put you through to the psychiatric emergency department.',
      livslinien:
        'Livslinien, the Danish suicide prevention helpline: {phone}. It is not open around the clock, and it counsels in Danish.',
      laegevagt:
        'Outside your own doctor’s opening hours, you can call the out-of-hours doctor (Lægevagten) on {phone}.',
    }),
  },
  notFound: 'Sorry, that page doesn’t exist. Here is the home page instead.',
};
