import type { PrivacySectionId } from './texts/privacy';

// When the privacy policy last changed, the same in every language (each writes the date its
// own way). Change it whenever the policy's text changes.
export const privacyPolicyUpdated = '2025-08-12';

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
