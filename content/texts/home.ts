import type { Cta } from './common';

interface TrustBadge {
  title: string;
  text: string;
}

/** Anonymised, published with the clients' consent. */
interface Testimonial {
  text: string;
  /** Anonymised, e.g. 'Kvinde, 34 år'. */
  author: string;
  /** The treatment label, e.g. 'Individuel terapi'. */
  treatment: string;
}

export interface HomeTexts {
  hero: { eyebrow: string; heading: string; lead: string; primary: Cta; secondary: Cta };
  /** The card beside the hero: how to get in touch (the facts come from practice.ts). */
  contactCard: { heading: string; phoneHoursLabel: string; placesText: string };
  /** `label` names the section for screen readers; it has no visible heading. */
  quote: { label: string; text: string; source: string };
  /** Names the badges' section for screen readers. */
  trustBadgesLabel: string;
  /** Authorisation, languages, confidentiality: in this order, three (each has its icon; content/schema.ts counts them). */
  trustBadges: TrustBadge[];
  safeSpace: { heading: string; paragraphs: string[] };
  role: { heading: string; intro: string; points: string[] };
  /** Three items: the design's row (content/schema.ts counts them). */
  testimonials: { heading: string; intro: string; items: Testimonial[] };
}
