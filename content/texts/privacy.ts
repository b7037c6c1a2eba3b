import type { BookingPrivacyTexts } from './booking';
import type { PolicyParagraph } from './policyParagraph';

/** The policy's sections; content/privacyPolicy.ts puts them in their order. */
export type PrivacySectionId =
  | 'controller'
  | 'data'
  | 'purposes'
  | 'contactForm'
  | 'website'
  | 'retention'
  | 'recipients'
  | 'security'
  | 'rights'
  | 'contact';

interface PrivacySection {
  title: string;
  paragraphs: PolicyParagraph[];
  items?: string[];
  /** Paragraphs after the list. */
  closing?: PolicyParagraph[];
}

interface PrivacyTexts {
  heading: string;
  /** '{date}' is the date in privacyPolicy.ts, written with `months`. */
  lastUpdated: string;
  /** January to December, as written in a date: twelve (content/schema.ts counts them). */
  months: string[];
  /** A translation says that the Danish policy is the binding one; the Danish has none. */
  languageNote: string | null;
  intro: string;
  /** By id, in any order: the page shows them in the order of privacyPolicy.ts and numbers them. */
  sections: Record<PrivacySectionId, PrivacySection>;
  /** A length of time as '{minutes}' fills it in: '{n}' minutes, and the one minute. */
  minutes: { one: string; other: string };
}

/** The privacy policy and its booking section (shown only while booking is on; each language's privacyPage.ts). */
export type PrivacyPageTexts = PrivacyTexts & { booking: BookingPrivacyTexts };
