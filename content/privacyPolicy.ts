import type { PrivacySectionId } from './texts/privacy';

// The policy's date is in each language's privacy.json (`updated`), sealed with its words
// (content/policySeal.ts).

/**
 * The policy's sections in their order. The page numbers them as they come, and fills in the
 * references to them ('punkt {contactSection}'), so that a section added here (one shown only
 * while a feature is on, say) renumbers the rest and every reference with them.
 */
export const privacySections: readonly PrivacySectionId[] = [
  'controller',
  'data',
  'purposes',
  'contactForm',
  'website',
  'retention',
  'recipients',
  'security',
  'rights',
  'contact',
];
