// Every text of the contact form and of the replies to it. '{phone}' is replaced by the
// practice's phone number from practice.ts.

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
  /** Limits the form does not show; the server enforces them. '{max}' is the limit. */
  tooLong: {
    name: 'Navnet må højst være {max} tegn',
    email: 'Email-adressen må højst være {max} tegn',
    phone: 'Telefonnummeret må højst være {max} tegn',
    message: 'Beskeden må højst være {max} tegn',
  },
  notText: 'Feltet skal udfyldes med tekst',
  /** Shown in the form's alert region. */
  errors: {
    invalid: 'Tjek venligst de markerede felter.',
    unexpected: 'Der opstod en uventet fejl',
    network: 'Netværksfejl. Kontroller din forbindelse og prøv igen.',
    fallback: 'Der opstod en fejl. Prøv venligst igen eller ring på {phone}.',
    rateLimited: 'Du har sendt for mange beskeder. Prøv igen senere eller ring på {phone}.',
    delivery: 'Din besked kunne ikke sendes lige nu. Prøv igen om lidt eller ring på {phone}.',
    unsupportedType: 'Beskeden skal sendes som JSON.',
    tooLarge: 'Beskeden er for stor til at blive sendt.',
    malformed: 'Beskeden kunne ikke læses. Prøv venligst igen.',
    method: 'Formularen kan kun sendes med POST.',
    forbidden: 'Formularen kan kun sendes fra hjemmesiden selv.',
  },
};

export type ContactField = keyof typeof contactForm.fieldErrors;
