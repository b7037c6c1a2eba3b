import { file, type Infer, line, sentence } from '../schema/fields';
import { linkedText } from './common';

/** content/<lang>/form.json: what the contact form and the booking form say alike. */
export const form = file('Formularernes fælles tekster', 'Det, som kontaktformularen og bookingformularen siger ens.', {
  requiredNote: sentence('Note om obligatoriske felter', { hint: 'Over felterne i begge formularer.' }),
  consent: linkedText(
    'Samtykke',
    'Afkrydsningsfeltet nederst i begge formularer; linket går til persondatapolitikken.',
  ),
  honeypotLabel: line('Skjult felt mod spam (etiket)', {
    hint: 'Ses kun af skærmlæsere og robotter: et felt, som mennesker skal lade stå tomt.',
  }),
});

/** What every form of the site says the same way: the required-fields note, the consent and the honeypot's label. */
export type FormTexts = Infer<typeof form>;
