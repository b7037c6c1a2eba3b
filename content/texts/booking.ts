import type { PageId } from '../pages';
import type { LinkedText } from './common';

export interface Question {
  question: string;
  answer: string;
}

export interface BookingTexts {
  heading: string;
  lead: string;
  intro: string[];
  placeholder: { heading: string; text: string; linkLabel: string; link: PageId };
  questionsHeading: string;
  questions: Question[];
  /** Booking means accepting the privacy policy: the link goes there. */
  privacyNote: LinkedText;
}
