// The mail the practice receives for each contact message: always in Danish, for the
// practitioner. It names the language the visitor wrote from, so the answer can be in it.

export const practiceMail = {
  subject: 'Ny henvendelse fra {name}',
  /** Added to the subject when the visitor wrote from the English or Persian pages (in whichever language they wrote). */
  subjectLanguage: ' ({language} side)',
  /**
   * The subject outside an encrypted mail, which the mail provider can read: it names nobody.
   * The real subject is inside the encryption.
   */
  neutralSubject: 'Ny henvendelse via hjemmesiden',
  /** The first line. */
  language: 'Sprog: {language}',
  name: 'Navn',
  email: 'Email',
  phone: 'Telefon',
  noPhone: 'ikke oplyst',
  /** {time}: Danish local time, '22. november 2026 kl. 20.04'. */
  consent: 'Samtykke til persondatapolitikken: givet {time}',
  message: 'Besked:',
};
