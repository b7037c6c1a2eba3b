// The page the practitioner reaches from the two links in a booking request's mail ('Bekræft
// tiden', 'Afvis'), and what it says after her press: always in Danish, for her. Opening the page
// changes nothing; only its button acts (server/booking/decision/).

export const bookingAnswer = {
  /** The page's <title> and heading, per answer. */
  title: { confirm: 'Bekræft tiden', decline: 'Afvis forespørgslen' },
  intro: {
    /** {language}: the visitor's language, as the practice names it. */
    confirm:
      'Når du trykker på knappen, får klienten en email på {language} om, at tiden er bekræftet, med adressen, afbudsreglerne og tiden som kalenderbegivenhed. Tiden forbliver optaget på hjemmesiden, indtil samtalen begynder.',
    decline:
      'Når du trykker på knappen, får klienten en email på {language} med de nærmeste ledige tider og telefonnummeret, og tiden bliver ledig på hjemmesiden med det samme.',
  },
  request: 'Forespørgslen',
  service: 'Ydelse',
  time: 'Tid',
  format: 'Sted',
  name: 'Navn',
  language: 'Sprog',
  messageLabel: 'Besked til klienten (valgfri)',
  messageHint: 'Fx »Ring gerne, så finder vi en anden tid«. Den kommer med i mailen, præcis som du skriver den.',
  /** {max}. */
  messageTooLong: 'Beskeden må højst være {max} tegn. Forkort den, og tryk igen.',
  button: { confirm: 'Bekræft tiden', decline: 'Afvis og send svar' },
  /** The link to the other answer, under the button. */
  other: { confirm: 'Vil du hellere afvise forespørgslen?', decline: 'Vil du hellere bekræfte tiden?' },
  otherLink: { confirm: 'Afvis i stedet', decline: 'Bekræft i stedet' },
  /** After the press. */
  done: {
    confirm: {
      title: 'Tiden er bekræftet',
      text: 'Klienten har fået en email med tiden. Tiden er optaget på hjemmesiden, indtil samtalen begynder.',
      calendar:
        'Læg tiden i din egen kalender med kalenderbegivenheden i forespørgslens mail (booking.ics), hvis du ikke allerede har gjort det.',
    },
    decline: {
      title: 'Forespørgslen er afvist',
      text: 'Klienten har fået en email med de nærmeste ledige tider, og tiden er ledig igen på hjemmesiden.',
      calendar: 'Har du lagt tiden i din kalender, så slet den dér.',
    },
  },
  /** A second press, or the page opened after the first. Nothing is sent again. */
  already: {
    confirm: {
      title: 'Tiden er allerede bekræftet',
      text: 'Klienten har fået sin email. Der er ikke sendt noget igen.',
    },
    decline: {
      title: 'Forespørgslen er allerede afvist',
      text: 'Klienten har fået sin email. Der er ikke sendt noget igen.',
    },
  },
  /** 410: the link is past the time the hold lasted. */
  expired: {
    title: 'Linket er udløbet',
    text: 'Linket virkede, så længe tiden var holdt på hjemmesiden. Svar klienten på email eller telefon; forespørgslens mail har oplysningerne.',
  },
  /** 400: altered, cut short, or another site's link. */
  invalid: {
    title: 'Linket virker ikke',
    text: 'Linket er ændret, ufuldstændigt eller kommer ikke fra denne hjemmeside. Åbn det igen fra forespørgslens mail, eller svar klienten på email eller telefon.',
  },
  /** 403: a press from another site. */
  forbidden: {
    title: 'Ikke sendt',
    text: 'Svaret kom ikke fra hjemmesidens egen side. Åbn linket fra forespørgslens mail, og tryk på knappen dér.',
  },
  /** 502: the visitor's mail did not reach the mail server; the press is undone. */
  delivery: {
    title: 'Mailen kunne ikke sendes',
    text: 'Klienten har ikke fået noget, og intet er ændret. Prøv igen om lidt.',
  },
  /** 503: the store of used links does not answer; nothing was done. */
  unavailable: {
    title: 'Prøv igen om lidt',
    text: 'Hjemmesiden kan lige nu ikke sikre, at klienten kun får én email. Intet er sendt. Prøv igen om lidt.',
  },
  /** 429: more presses from one address than the practitioner makes. */
  rateLimited: 'For mange tryk på kort tid. Vent et kvarter, og prøv igen.',
  /** The link back home on the pages without a form. */
  home: 'Til forsiden',
};

export type Answer = keyof typeof bookingAnswer.title;
