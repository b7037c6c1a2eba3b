import type { FormTexts } from '../texts/common';

// The contact form's and the booking form's common words (content/texts/common.ts).
export const form: FormTexts = {
  requiredNote: 'Felter markeret med * skal udfyldes.',
  consent: {
    before: 'Jeg giver samtykke til, at mine oplysninger behandles efter ',
    linkText: 'persondatapolitikken',
    after: '. Jeg kan til enhver tid trække mit samtykke tilbage. *',
  },
  honeypotLabel: 'Lad dette felt være tomt',
};
