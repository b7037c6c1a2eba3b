import type { AreaId } from '../therapyAreas';
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
  /**
   * The first screen: who, with what, what it costs, how to book. Beside or above it her name and
   * portrait (the name from site.json, the portrait from content/images/).
   */
  hero: {
    eyebrow: string;
    heading: string;
    lead: string;
    /** Before the areas she helps with, e.g. 'Jeg hjælper blandt andet med'. */
    areasLabel: string;
    /** Each therapy area's short name (a word or two), a link to its card on the therapy page. */
    areas: Record<AreaId, string>;
    /** One line from the prices: '{price}' and '{minutes}' are individual therapy's (content/facts/prices.json). */
    price: string;
    /** The link to the prices page after it. */
    prices: Cta;
    primary: Cta;
    secondary: Cta;
  };
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
