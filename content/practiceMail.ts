import json from './practitioner/practiceMail.json';
import type { PracticeMailTexts } from './texts/practiceMail';

// The mail the practice receives for each contact message: always in Danish, for the
// practitioner (content/practitioner/practiceMail.json, hers to edit; declared by
// content/texts/practiceMail.ts). It names the language the visitor wrote from, so the answer can be in it.

export const practiceMail: PracticeMailTexts = json;
