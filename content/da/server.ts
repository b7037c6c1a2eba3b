import type { ServerTexts } from '../texts/server';

export const server: ServerTexts = {
  descriptions: {
    home: 'Autoriseret psykolog i Aalborg. Terapi for voksne, par, familier og børn – i klinikken eller online, på dansk, engelsk og persisk. Ingen henvisning nødvendig.',
    about:
      'Mød psykologen bag klinikken: uddannelse, erfaring og tilgang til terapi med voksne, par, familier og børn. Samtaler på dansk, engelsk og persisk.',
    therapy:
      'Hjælp til angst, depression, stress, kriser, par- og familieproblemer samt autisme og ADHD. Evidensbaseret terapi i Aalborg eller online.',
    prices:
      'Priser på individuel terapi, parterapi, familieterapi og supervision. Læs om sundhedsforsikring, tilskud fra Sygeforsikringen »danmark« og afbud.',
    booking:
      'Book en samtale med en autoriseret psykolog i Aalborg – i klinikken eller online. Læs svar på de oftest stillede spørgsmål om samtaler, sprog og priser.',
    contact:
      'Kontakt klinikken i Aalborg på telefon, e-mail eller via kontaktformularen. Se telefontid, adresse, kort og tips til offentlig transport og parkering.',
    privacy:
      'Sådan behandler jeg dine personoplysninger som psykolog: hvilke oplysninger, hvorfor, hvor længe de opbevares, og hvilke rettigheder du har.',
  },
  replies: {
    invalid: 'Tjek venligst de markerede felter.',
    rateLimited: 'Du har sendt for mange beskeder. Prøv igen senere eller ring på {phone}.',
    delivery: 'Din besked kunne ikke sendes lige nu. Prøv igen om lidt eller ring på {phone}.',
    unsupportedType: 'Beskeden skal sendes som JSON.',
    tooLarge: 'Beskeden er for stor til at blive sendt.',
    malformed: 'Beskeden kunne ikke læses. Prøv venligst igen.',
    method: 'Formularen kan kun sendes med POST.',
    forbidden: 'Formularen kan kun sendes fra hjemmesiden selv.',
    tooLong: {
      name: 'Navnet må højst være {max} tegn',
      email: 'Email-adressen må højst være {max} tegn',
      phone: 'Telefonnummeret må højst være {max} tegn',
      message: 'Beskeden må højst være {max} tegn',
    },
    notText: 'Feltet skal udfyldes med tekst',
  },
  shareImageAlt: 'Logoet og navnet {name} med {practitioner}, {title}, i {city}',
  serverError: {
    title: 'Der opstod en fejl',
    text: 'Siden kunne ikke vises lige nu. Prøv igen om lidt, eller ring på {phone}.',
    home: 'Gå til forsiden',
  },
  fileNotFound: 'Filen findes ikke.',
};
