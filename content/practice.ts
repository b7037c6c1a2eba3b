import facts from './facts/practice.json';
import type { Lang } from './languages';
import type { PracticeJson } from './schema/facts';

// The practice's facts, the same in every language, from content/facts/practice.json. The owner
// replaces its example values with the real ones; nothing else in the code base hard-codes them. What is said about them in
// words (the title, the floor, the phone hours as a sentence) is in each language's site.json.

/** Street and number (the floor, which each language words its own way, is in its site.json), postal code and town. */
export type Address = PracticeJson['address'];

/** The practice's facts (content/schema/facts.ts says what each is), and the languages it works in. */
export type Practice = PracticeJson & { languages: Lang[] };

const practiceFacts: PracticeJson = facts;

export const practice: Practice = { ...practiceFacts, languages: ['da', 'en', 'fa'] };

/**
 * The practice's wall clock, as an IANA zone (summer time included): its opening and booking hours,
 * the free times, the dates in the mails and calendar entries, and a feed's times without a zone.
 */
export const PRACTICE_TIME_ZONE = 'Europe/Copenhagen';

/**
 * Facts only search engines read (schema.org, server/http/seo.ts): apart from `practice`, so that
 * the pages' script, which carries `practice`, does not carry them.
 */
export const searchFacts: {
  /** ISO 3166 country code of the address. */
  country: string;
  /** The days of the phone hours, as schema.org names them. */
  phoneDays: ('Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday')[];
  /** schema.org priceRange. */
  priceRange: string;
} = {
  country: 'DK',
  phoneDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  priceRange: '1.200-2.400 kr.',
};
