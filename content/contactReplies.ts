// What the server answers when it cannot take a contact message; the form shows the text in
// its alert region (or, for a post without JavaScript, the /kontakt page does). '{phone}' is
// replaced by the practice's phone number from practice.ts. Only the server needs these.

export const contactReplies = {
  invalid: 'Tjek venligst de markerede felter.',
  rateLimited: 'Du har sendt for mange beskeder. Prøv igen senere eller ring på {phone}.',
  delivery: 'Din besked kunne ikke sendes lige nu. Prøv igen om lidt eller ring på {phone}.',
  unsupportedType: 'Beskeden skal sendes som JSON.',
  tooLarge: 'Beskeden er for stor til at blive sendt.',
  malformed: 'Beskeden kunne ikke læses. Prøv venligst igen.',
  method: 'Formularen kan kun sendes med POST.',
  forbidden: 'Formularen kan kun sendes fra hjemmesiden selv.',
  /** Under a field the server refused for its length (the form itself shows no limit). '{max}' is the limit. */
  tooLong: {
    name: 'Navnet må højst være {max} tegn',
    email: 'Email-adressen må højst være {max} tegn',
    phone: 'Telefonnummeret må højst være {max} tegn',
    message: 'Beskeden må højst være {max} tegn',
  },
  /** Under a field that was sent as something other than text. */
  notText: 'Feltet skal udfyldes med tekst',
};
