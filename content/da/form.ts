import type { FormTexts } from '../texts/common';
import words from './form.json';

// The contact form's and the booking form's common words (content/texts/common.ts).
export const form: FormTexts = words;
