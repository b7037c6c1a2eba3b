// Per-page <title> and meta description (search results and link previews).

export interface PageMeta {
  title: string;
  description: string;
}

export type PageId = 'home' | 'about' | 'therapy' | 'prices' | 'booking' | 'contact' | 'privacy';

export const pageMeta: Record<PageId, PageMeta> = {
  home: {
    title: 'Psykolog i Aalborg – terapi for voksne, par og familier',
    description:
      'Autoriseret psykolog i Aalborg. Terapi for voksne, par, familier og børn – i klinikken eller online, på dansk, engelsk og persisk. Ingen henvisning nødvendig.',
  },
  about: {
    title: 'Om mig | Psykolog Aalborg',
    description:
      'Mød psykologen bag klinikken: uddannelse, erfaring og tilgang til terapi med voksne, par, familier og børn. Samtaler på dansk, engelsk og persisk.',
  },
  therapy: {
    title: 'Terapi | Psykolog Aalborg',
    description:
      'Hjælp til angst, depression, stress, kriser, par- og familieproblemer samt autisme og ADHD. Evidensbaseret terapi i Aalborg eller online.',
  },
  prices: {
    title: 'Priser | Psykolog Aalborg',
    description:
      'Priser på individuel terapi, parterapi, familieterapi og supervision. Læs om sundhedsforsikring, tilskud fra Sygeforsikringen "danmark" og afbud.',
  },
  booking: {
    title: 'Book en samtale | Psykolog Aalborg',
    description:
      'Book en samtale med en autoriseret psykolog i Aalborg – i klinikken eller online. Læs svar på de oftest stillede spørgsmål om den første samtale.',
  },
  contact: {
    title: 'Kontakt | Psykolog Aalborg',
    description:
      'Kontakt klinikken i Aalborg på telefon, e-mail eller via kontaktformularen. Se telefontid, adresse, kort og tips til offentlig transport og parkering.',
  },
  privacy: {
    title: 'Persondatapolitik | Psykolog Aalborg',
    description:
      'Sådan behandler jeg dine personoplysninger som psykolog: hvilke oplysninger, hvorfor, hvor længe de opbevares, og hvilke rettigheder du har.',
  },
};
