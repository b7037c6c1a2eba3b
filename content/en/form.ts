import type { FormTexts } from '../texts/common';

// The contact form's and the booking form's common words (content/texts/common.ts).
export const form: FormTexts = {
  requiredNote: 'Fields marked * are required.',
  consent: {
    before: 'I consent to my information being processed in line with the ',
    linkText: 'privacy policy',
    after: '. I can withdraw my consent at any time. *',
  },
  honeypotLabel: 'Leave this field empty',
};
