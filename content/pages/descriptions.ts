import type { PageId } from './titles';

// Each page's description: the text under the title in search results and link previews.
// Only the server needs these (in <head>), so they stay out of the browser's script.

export const pageDescriptions: Record<PageId, string> = {
  home:
    'Autoriseret psykolog i Aalborg. Terapi for voksne, par, familier og børn – i klinikken eller online, på dansk, engelsk og persisk. Ingen henvisning nødvendig.',
  about:
    'Mød psykologen bag klinikken: uddannelse, erfaring og tilgang til terapi med voksne, par, familier og børn. Samtaler på dansk, engelsk og persisk.',
  therapy:
    'Hjælp til angst, depression, stress, kriser, par- og familieproblemer samt autisme og ADHD. Evidensbaseret terapi i Aalborg eller online.',
  prices:
    'Priser på individuel terapi, parterapi, familieterapi og supervision. Læs om sundhedsforsikring, tilskud fra Sygeforsikringen "danmark" og afbud.',
  booking:
    'Book en samtale med en autoriseret psykolog i Aalborg – i klinikken eller online. Læs svar på de oftest stillede spørgsmål om den første samtale.',
  contact:
    'Kontakt klinikken i Aalborg på telefon, e-mail eller via kontaktformularen. Se telefontid, adresse, kort og tips til offentlig transport og parkering.',
  privacy:
    'Sådan behandler jeg dine personoplysninger som psykolog: hvilke oplysninger, hvorfor, hvor længe de opbevares, og hvilke rettigheder du har.',
};
