import json from './practitioner/bookingAnswer.json';
import type { BookingAnswerTexts } from './texts/bookingAnswer';

// The page the practitioner reaches from the two links in a booking request's mail ('Bekræft
// tiden', 'Afvis'), and what it says after her press: always in Danish, for her
// (content/practitioner/bookingAnswer.json, hers to edit; declared by content/texts/bookingAnswer.ts).
// Made for one thumb: the decision as the heading, the request as a short card, the button, and the explanation below it.

export const bookingAnswer: BookingAnswerTexts = json;

/** What the practitioner decides on a request: the two links' answers. */
export type Decision = keyof BookingAnswerTexts['title'];
