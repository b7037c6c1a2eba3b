// Every text of the contact form itself; the server's replies are in contactReplies.ts.
// '{phone}' is replaced by the practice's phone number from practice.ts.

export const contactForm = {
  labels: {
    name: 'Navn *',
    email: 'Email *',
    phone: 'Telefon',
    message: 'Besked *',
  },
  phoneHint: 'Indtast 8 cifre uden +45',
  requiredNote: 'Felter markeret med * skal udfyldes.',
  consent: {
    before: 'Jeg giver samtykke til, at mine oplysninger behandles efter ',
    linkText: 'persondatapolitikken',
    after: '. Jeg kan til enhver tid trække mit samtykke tilbage. *',
  },
  honeypotLabel: 'Lad dette felt være tomt',
  submit: 'Send besked',
  submitting: 'Sender...',
  success: {
    heading: 'Tak for din henvendelse',
    text: 'Jeg har modtaget din besked og vender tilbage hurtigst muligt.',
  },
  /** Under each field, when its rule is broken. */
  fieldErrors: {
    name: 'Indtast venligst dit navn',
    email: 'Indtast venligst en gyldig email-adresse',
    phone: 'Indtast venligst et gyldigt dansk telefonnummer (8 cifre)',
    message: 'Skriv venligst en besked',
    consent: 'Du skal give samtykke for at sende beskeden',
  },
  /** Shown in the form's alert region when the browser cannot get an answer it understands. */
  errors: {
    unexpected: 'Der opstod en uventet fejl',
    network: 'Netværksfejl. Kontroller din forbindelse og prøv igen.',
    fallback: 'Der opstod en fejl. Prøv venligst igen eller ring på {phone}.',
  },
};

export type ContactField = keyof typeof contactForm.fieldErrors;
