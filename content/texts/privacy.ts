import type { Ten, Twelve } from './common';

export interface PrivacySection {
  title: string;
  paragraphs: string[];
  items?: string[];
  /** Paragraphs after the list. */
  closing?: string[];
}

export interface PrivacyTexts {
  heading: string;
  /** '{date}' is the date in privacyPolicy.ts, written with `months`. */
  lastUpdated: string;
  /** January to December, as written in a date. */
  months: Twelve<string>;
  /** A translation says that the Danish policy is the binding one; the Danish has none. */
  languageNote: string | null;
  intro: string;
  /** Numbered in this order: the first and the last name the practice. */
  sections: Ten<PrivacySection>;
}
