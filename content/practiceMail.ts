// The mail the practice receives for each contact message: always in Danish, for the
// practitioner. It names the language the visitor wrote from, so the answer can be in it.

export const practiceMail = {
  subject: 'Ny henvendelse fra {name}',
  /** Added to the subject when the visitor wrote from the English or Persian pages. */
  subjectLanguage: ' (på {language})',
  /** The first line. */
  language: 'Sprog: {language}',
  name: 'Navn',
  email: 'Email',
  phone: 'Telefon',
  noPhone: 'ikke oplyst',
  consent: 'Samtykke til persondatapolitikken: givet {time}',
  message: 'Besked:',
};
