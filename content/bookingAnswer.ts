// The page the practitioner reaches from the two links in a booking request's mail ('Bekræft
// tiden', 'Afvis'), and what it says after her press: always in Danish, for her. Opening the page
// changes nothing; only its button acts (server/booking/decision/). Made for one thumb: the
// decision as the heading, the request as a short card, the button, and the explanation below it.

export const bookingAnswer = {
  /** The page's <title>, per decision. */
  title: { confirm: 'Bekræft tiden', decline: 'Afvis forespørgslen' },
  /** The heading: the decision as a question. {name}: the client's name in the genitive ('Karen Blixens'); {when}: 'torsdag 14. januar kl. 10.00'. */
  question: { confirm: 'Bekræft {name} tid {when}?', decline: 'Afvis {name} forespørgsel om {when}?' },
  /** The same for a name in another script (no Danish genitive): {name}, {when}. */
  questionFor: { confirm: 'Bekræft tiden for {name} {when}?', decline: 'Afvis forespørgslen fra {name} om {when}?' },
  /** {day}, {time}. */
  when: '{day} kl. {time}',
  /** Under the heading of every page after a press: whose request, which time. {name}, {when}. */
  whoWhen: '{name} · {when}',
  /** The card's labels. */
  service: 'Ydelse',
  time: 'Tid',
  format: 'Sted',
  name: 'Navn',
  language: 'Sprog',
  /** Below the button: what the press does. {language}: the client's language. */
  explain: {
    confirm:
      'Klienten får en e-mail på {language} med tiden, stedet, afbudsreglerne og tiden som kalenderbegivenhed. Tiden forbliver optaget på hjemmesiden, indtil samtalen begynder.',
    decline:
      'Klienten får en e-mail på {language} med de ledige tider, du lader stå markeret, og dit telefonnummer. Tiden bliver ledig på hjemmesiden med det samme.',
  },
  /** An online session in the practice's video room (BOOKING_VIDEO_URL): {url}. */
  videoRoom: 'E-mailen og kalenderbegivenheden har linket til dit videorum: {url}',
  /** An online session without one: the client's mail promises the link. */
  videoPromise: 'Husk: e-mailen lover klienten linket til videosamtalen senest dagen før.',
  messageLabel: 'Besked til klienten (valgfri)',
  /** {language}. */
  messageCue: 'Klienten får e-mailen på {language}. Skriv helst beskeden på {language}.',
  /** After the cue, for a client who reads right to left: numbers and Latin names are set left to right in the mail. */
  messageNumbers:
    'Telefonnumre og navne med latinske bogstaver vises fra venstre mod højre i e-mailen, som du skriver dem.',
  messageHint: 'Den kommer med i e-mailen, præcis som du skriver den.',
  /** {max}. */
  messageTooLong: 'Beskeden må højst være {max} tegn. Forkort den, og tryk igen.',
  /** Over the nearest free times on the decline page, each with a box. */
  offerLegend: 'Send disse ledige tider med',
  offerHint: 'Fjern markeringen ved de tider, der ikke passer dig.',
  noOffers: 'Kalenderen har ingen ledige tider for ydelsen lige nu. E-mailen henviser til booking-siden.',
  button: { confirm: 'Bekræft tiden', decline: 'Afvis og send svar' },
  /** The link to the other decision, under the button. */
  other: { confirm: 'Vil du hellere afvise forespørgslen?', decline: 'Vil du hellere bekræfte tiden?' },
  otherLink: { confirm: 'Afvis i stedet', decline: 'Bekræft i stedet' },
  /** After the press. */
  done: {
    confirm: {
      title: 'Tiden er bekræftet',
      text: 'Klienten har fået en e-mail med tiden. Tiden er optaget på hjemmesiden, indtil samtalen begynder.',
      calendar:
        'Læg tiden i din egen kalender med kalenderbegivenheden i forespørgslens mail (booking.ics), hvis du ikke allerede har gjort det.',
    },
    decline: {
      title: 'Forespørgslen er afvist',
      text: 'Klienten har fået en e-mail med de ledige tider, og tiden er ledig igen på hjemmesiden.',
      calendar: 'Har du lagt tiden i din kalender, så slet den dér.',
    },
    release: {
      title: 'Tiden er frigivet',
      text: 'Tiden er ledig igen på hjemmesiden. Hjemmesiden har ikke skrevet til klienten.',
      calendar: 'Slet tiden i din egen kalender.',
    },
  },
  /** After a release with the client told. */
  releasedTold: 'Tiden er ledig igen på hjemmesiden, og klienten har fået en e-mail om, at aftalen er aflyst.',
  /** An online session without a video room, after the confirmation: {email}. */
  sendVideoLink: 'Send klienten linket til videosamtalen senest dagen før: {email}',
  /** The page of a link already used, for as long as the session lies ahead. Nothing is sent again. */
  already: {
    confirm: {
      title: 'Du har bekræftet tiden',
      text: 'Klienten har fået sin e-mail med tiden. Der er ikke sendt noget igen.',
    },
    decline: {
      title: 'Du har afvist forespørgslen',
      text: 'Klienten har fået sin e-mail. Der er ikke sendt noget igen.',
    },
    release: {
      title: 'Du har frigivet tiden',
      text: 'Tiden er ledig på hjemmesiden. Klienten fik en e-mail om aflysningen, da du frigav tiden. Der er ikke sendt noget igen.',
      /** When she chose not to mail the client. */
      untold: 'Tiden er ledig på hjemmesiden. Klienten fik ingen e-mail om aflysningen fra hjemmesiden.',
    },
  },
  /** On a confirmed link's page: when the client cancels or moves by phone, or she must cancel. */
  releaseHeading: 'Er tiden aflyst?',
  releaseText:
    'Frigiv tiden, så den kan bookes igen på hjemmesiden med det samme. Klienten får kun en e-mail fra hjemmesiden, hvis du sætter kryds nedenfor; ellers siger du det selv til klienten.',
  /** Who cancelled: the mail thanks the client for letting her know, or says she is sorry. */
  releaseWho: { legend: 'Hvem aflyser?', client: 'Klienten har meldt afbud', practitioner: 'Jeg aflyser tiden' },
  /** A mail asked for, but not who cancelled. */
  releaseWhoMissing: 'Vælg, om klienten har meldt afbud, eller om du aflyser, så e-mailen siger det rigtige.',
  releaseButton: 'Frigiv tiden',
  /** {language}. */
  releaseTell: 'Send klienten en e-mail på {language} om, at aftalen er aflyst',
  releaseMessageLabel: 'Besked til klienten i e-mailen (valgfri)',
  /** An authentic link past its time, not answered: the request, and only a decline. */
  lapsed: {
    title: 'Svarfristen er overskredet',
    text: 'Klienten har endnu ikke fået svar. Tiden er ikke længere reserveret på hjemmesiden og kan allerede være booket af en anden, så tjek din kalender, før du lover den i telefonen.',
    decline:
      'Du kan stadig afvise her, så klienten får besked med de ledige tider. Har du allerede svaret klienten, skal du ikke gøre mere.',
    /** Below the button, instead of explain.decline: the time is free already. {language}. */
    explain: 'Klienten får en e-mail på {language} med de ledige tider, du lader stå markeret, og dit telefonnummer.',
  },
  /** 409: confirming, another request holds an overlapping time. */
  taken: {
    title: 'Tiden er optaget',
    text: 'En anden forespørgsel holder en tid, der overlapper denne. Der er ikke sendt noget. Afvis denne forespørgsel, eller ring til klienten.',
  },
  /** 409: confirming, her own calendar already shows the time busy. */
  busy: {
    title: 'Tiden er optaget i din kalender',
    text: 'Din kalender viser allerede noget andet på dette tidspunkt. Der er ikke sendt noget. Afvis denne forespørgsel, eller ring til klienten.',
  },
  /** 503: another press of the same link is sending its answer right now; this one sent nothing. */
  pending: {
    title: 'Svaret bliver sendt',
    text: 'Et tryk på dette link er ved at sende svaret til klienten. Der er ikke sendt noget igen. Prøv igen om et minut for at se, om det er gået igennem.',
  },
  /** 410: the session has begun: the link does nothing more. */
  past: {
    title: 'Tiden er passeret',
    text: 'Samtalen er begyndt, så linket gør ikke mere. Der er ikke sendt noget.',
  },
  /** 410: the link is past its time, and a confirmation was asked for. */
  expired: {
    title: 'Linket er udløbet',
    text: 'Tiden kan ikke længere bekræftes med linket, for den er ikke længere reserveret på hjemmesiden. Svar klienten på e-mail eller telefon.',
  },
  /** 400: altered, cut short, or another site's link. */
  invalid: {
    title: 'Linket virker ikke',
    text: 'Linket er ændret, ufuldstændigt eller kommer ikke fra denne hjemmeside. Åbn det igen fra forespørgslens mail, eller svar klienten på e-mail eller telefon.',
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
    text: 'Hjemmesiden kan lige nu ikke sikre, at klienten kun får én e-mail. Intet er sendt. Prøv igen om lidt.',
  },
  /** 429: more presses from one address than the practitioner makes. */
  rateLimited: 'For mange tryk på kort tid. Vent et kvarter, og prøv igen.',
  /** The link back home on the pages without a form. */
  home: 'Til forsiden',
};

/** What the practitioner decides on a request: the two links' answers. */
export type Decision = keyof typeof bookingAnswer.title;
