import type { BookingWords, ContactWords } from '../links';
import type { AboutTexts } from '../texts/about';
import type { FormTexts } from '../texts/common';
import type { HomeTexts } from '../texts/home';
import type { PricesTexts } from '../texts/prices';
import type { PrivacyPageTexts } from '../texts/privacy';
import type { ServerTexts } from '../texts/server';
import type { SiteWords } from '../texts/site';
import type { TherapyTexts } from '../texts/therapy';
import type { VisitorMailTexts } from '../texts/visitorMail';
import type { Words } from '../texts/words';
import { type ObjectField, list, obj, optionalText, paragraph, text, texts } from './fields';

// The fields of each language's JSON files (content/<lang>/<file>.json), the same in every
// language: every text is required and may not be empty unless marked optional.

const priceTexts = obj<Words<PricesTexts>['prices']['individuel']>({
  label: text,
  description: optionalText,
  amountNote: optionalText,
});

type Section = Words<PrivacyPageTexts>['sections']['controller'];
const section = obj<Section>({
  title: text,
  paragraphs: list(paragraph),
  items: { ...texts, optional: true },
  closing: { ...list(paragraph), optional: true },
});

const form: ObjectField<FormTexts> = obj({
  requiredNote: text,
  consent: obj({
    before: text,
    linkText: text,
    after: text,
  }),
  honeypotLabel: text,
});

const home: ObjectField<Words<HomeTexts>> = obj({
  hero: obj({
    eyebrow: text,
    heading: text,
    lead: text,
    primary: obj({
      label: text,
    }),
    secondary: obj({
      label: text,
    }),
  }),
  contactCard: obj({
    heading: text,
    phoneHoursLabel: text,
    placesText: text,
  }),
  quote: obj({
    label: text,
    text: text,
    source: text,
  }),
  trustBadgesLabel: text,
  trustBadges: list(
    obj({
      title: text,
      text: text,
    }),
    { count: 3 },
  ),
  safeSpace: obj({
    heading: text,
    paragraphs: texts,
  }),
  role: obj({
    heading: text,
    intro: text,
    points: texts,
  }),
  testimonials: obj({
    heading: text,
    intro: text,
    items: list(
      obj({
        text: text,
        author: text,
        treatment: text,
      }),
      { count: 3 },
    ),
  }),
});

const about: ObjectField<Words<AboutTexts>> = obj({
  heading: text,
  profileLabel: text,
  lead: text,
  profile: texts,
  educationHeading: text,
  education: obj({
    candpsych: obj({
      title: text,
      place: text,
    }),
    authorisation: obj({
      title: text,
      place: text,
    }),
    cbt: obj({
      title: text,
      place: text,
    }),
    family: obj({
      title: text,
      place: text,
    }),
  }),
  experienceHeading: text,
  experience: obj({
    supervisor: obj({
      role: text,
      place: text,
    }),
    'own-practice': obj({
      role: text,
      place: text,
    }),
    municipality: obj({
      role: text,
      place: text,
    }),
    psychiatry: obj({
      role: text,
      place: text,
    }),
    volunteer: obj({
      role: text,
      place: text,
    }),
  }),
  now: text,
  cta: obj({
    heading: text,
    text: text,
    primary: obj({
      label: text,
    }),
    secondary: obj({
      label: text,
    }),
  }),
});

const therapy: ObjectField<Words<TherapyTexts>> = obj({
  heading: text,
  lead: text,
  areasHeading: text,
  areas: obj({
    'familie-og-par': obj({
      title: text,
      description: text,
      details: texts,
    }),
    angst: obj({
      title: text,
      description: text,
      details: texts,
    }),
    depression: obj({
      title: text,
      description: text,
      details: texts,
    }),
    stress: obj({
      title: text,
      description: text,
      details: texts,
    }),
    kriser: obj({
      title: text,
      description: text,
      details: texts,
    }),
    neurodiversitet: obj({
      title: text,
      description: text,
      details: texts,
    }),
  }),
  toggle: obj({
    open: text,
    close: text,
  }),
  approach: obj({
    heading: text,
    paragraphs: texts,
    points: texts,
  }),
  cta: obj({
    heading: text,
    text: text,
    primary: obj({
      label: text,
    }),
    secondary: obj({
      label: text,
    }),
  }),
});

const prices: ObjectField<Words<PricesTexts>> = obj({
  heading: text,
  lead: text,
  cancellationButton: text,
  therapyHeading: text,
  prices: obj({
    individuel: priceTexts,
    par: priceTexts,
    familie: priceTexts,
    boern: priceTexts,
    'supervision-individuel': priceTexts,
    supervisionspakke: priceTexts,
    gruppesupervision: priceTexts,
  }),
  duration: obj({
    minutes: text,
    upTo: text,
  }),
  referral: obj({
    heading: text,
    paragraphs: texts,
  }),
  insurance: obj({
    heading: text,
    paragraphs: texts,
  }),
  supervision: obj({
    heading: text,
    paragraphs: texts,
  }),
  cancellation: obj({
    heading: text,
    paragraphs: texts,
  }),
  booking: obj({
    heading: text,
    text: text,
    cta: obj({
      label: text,
    }),
  }),
});

const booking: ObjectField<BookingWords> = obj({
  heading: text,
  lead: text,
  intro: texts,
  placeholder: obj({
    heading: text,
    text: text,
    linkLabel: text,
  }),
  questionsHeading: text,
  questions: list(
    obj({
      question: text,
      answer: text,
    }),
  ),
  privacyNote: obj({
    before: text,
    linkText: text,
    after: text,
  }),
  flow: obj({
    intro: text,
    serviceLegend: text,
    supervisionGroup: text,
    formatLegend: text,
    formats: obj({
      clinic: text,
      online: text,
    }),
    showTimes: text,
    timesHeading: text,
    timesNote: text,
    timesLegend: text,
    yourTime: obj({
      ahead: text,
      behind: text,
      hours: text,
      minutes: text,
    }),
    dayPicker: obj({
      legend: text,
      first: text,
      count: obj({
        one: text,
        other: text,
      }),
    }),
    noTimes: text,
    laterTimes: text,
    detailsLegend: text,
    labels: obj({
      name: text,
      email: text,
      phone: text,
      message: text,
    }),
    childName: obj({
      label: text,
      hint: text,
    }),
    phoneHint: text,
    phoneHintOnline: text,
    messageHint: text,
    errorSummary: text,
    summary: obj({
      heading: text,
      noTime: text,
      price: text,
      cancellation: text,
      cancellationLink: text,
      request: text,
      childConsent: text,
    }),
    submit: text,
    submitting: text,
    fieldErrors: obj({
      service: text,
      format: text,
      start: text,
      name: text,
      email: text,
      phone: text,
      phoneRequired: text,
      phoneOnline: text,
      consent: text,
    }),
    errors: obj({
      unexpected: text,
      network: text,
      fallback: text,
    }),
    sent: obj({
      heading: text,
      intro: text,
      service: text,
      time: text,
      format: text,
      phone: text,
      next: text,
      held: text,
      change: text,
    }),
    nearestLegend: text,
    unavailable: obj({
      heading: text,
      text: text,
      contactLink: text,
    }),
    replies: obj({
      taken: text,
      delivery: text,
      rateLimited: text,
      unavailable: text,
      waiting: text,
      full: text,
    }),
    when: text,
  }),
});

const contact: ObjectField<ContactWords> = obj({
  heading: text,
  lead: text,
  detailsHeading: text,
  phoneLabel: text,
  emailLabel: text,
  phoneHoursHeading: text,
  phoneHoursNote: text,
  addressHeading: text,
  languagesHeading: text,
  servicesHeading: text,
  services: texts,
  formHeading: text,
  crisisNote: text,
  form: obj({
    intro: text,
    delivery: obj({
      tls: text,
      openpgp: text,
      smime: text,
    }),
    labels: obj({
      name: text,
      email: text,
      phone: text,
      message: text,
    }),
    phoneHint: text,
    submit: text,
    submitting: text,
    success: obj({
      heading: text,
      text: text,
      next: text,
    }),
    fieldErrors: obj({
      name: text,
      email: text,
      phone: text,
      message: text,
      consent: text,
    }),
    errors: obj({
      unexpected: text,
      network: text,
      fallback: text,
    }),
  }),
  mapHeading: text,
  map: obj({
    title: text,
    show: text,
    notice: text,
    link: text,
  }),
  directionsLabel: text,
  transport: obj({
    heading: text,
    text: text,
  }),
  parking: obj({
    heading: text,
    text: text,
  }),
});

const privacy: ObjectField<Words<PrivacyPageTexts>> = obj({
  heading: text,
  lastUpdated: text,
  months: list(text, { count: 12 }),
  languageNote: { kind: 'text', nullable: true },
  intro: text,
  sections: obj({
    controller: section,
    data: section,
    purposes: section,
    contactForm: section,
    website: section,
    retention: section,
    recipients: section,
    security: section,
    rights: section,
    contact: section,
  }),
  minutes: obj({
    one: text,
    other: text,
  }),
  booking: obj({
    title: text,
    paragraphs: texts,
    items: texts,
    closing: list(paragraph),
    calendar: obj({
      none: text,
      caldav: text,
      subscription: text,
      both: text,
    }),
  }),
});

const server: ObjectField<ServerTexts> = obj({
  descriptions: obj({
    home: text,
    about: text,
    therapy: text,
    prices: text,
    booking: text,
    contact: text,
    privacy: text,
  }),
  replies: obj({
    invalid: text,
    rateLimited: text,
    delivery: text,
    unsupportedType: text,
    tooLarge: text,
    malformed: text,
    method: text,
    forbidden: text,
    tooLong: obj({
      name: text,
      email: text,
      phone: text,
      message: text,
    }),
    notText: text,
  }),
  shareImageAlt: text,
  serverError: obj({
    title: text,
    text: text,
    home: text,
  }),
  fileNotFound: text,
});

const site: ObjectField<SiteWords> = obj({
  skipLink: text,
  navLabel: text,
  languageNavLabel: text,
  menuButton: text,
  logoLabel: text,
  nav: obj({
    home: text,
    about: text,
    therapy: text,
    prices: text,
    booking: text,
    contact: text,
  }),
  titles: obj({
    home: text,
    about: text,
    therapy: text,
    prices: text,
    booking: text,
    contact: text,
    privacy: text,
  }),
  practice: obj({
    practitioner: text,
    title: text,
    shortDescription: text,
    phoneHours: text,
    membership: text,
    floor: text,
  }),
  languageNames: obj({
    da: text,
    en: text,
    fa: text,
  }),
  opensNewWindow: text,
  footer: obj({
    aboutHeading: text,
    languagesHeading: text,
    languagesIntro: text,
    contactHeading: text,
    membershipLabel: text,
    privacyLink: text,
    cvrLabel: text,
  }),
  crisis: obj({
    heading: text,
    lines: obj({
      emergency: text,
      psychiatry: text,
      livslinien: text,
      laegevagt: text,
    }),
  }),
  notFound: text,
});

const visitorMail: ObjectField<VisitorMailTexts> = obj({
  practitioner: text,
  confirmedSubject: text,
  declinedSubject: text,
  greeting: text,
  confirmed: obj({
    preheader: text,
    intro: text,
    service: text,
    time: text,
    place: text,
    price: text,
    when: text,
    clinic: text,
    online: text,
    onlineRoom: text,
    join: text,
    findWay: text,
    mapLink: text,
    cancellationHeading: text,
    deadline: text,
    reply: text,
    ruleLink: text,
    attachment: text,
    addTo: text,
    google: text,
    outlook: text,
  }),
  declined: obj({
    late: text,
    intro: text,
    nearest: text,
    noneNearest: text,
    phone: text,
  }),
  cancelled: obj({
    subject: text,
    introClient: text,
    introPractitioner: text,
    rebookClient: text,
    rebookPractitioner: text,
  }),
  closing: text,
  event: obj({
    file: text,
    summary: text,
    online: text,
    description: text,
    onlineNote: text,
  }),
});

/** Each language's files by name: content/<lang>/<name>.json. */
export const pageFiles = { form, home, about, therapy, prices, booking, contact, privacy, server, site, visitorMail };
