import type { AreaId } from '../therapyAreas';
import type { CtaBand } from './common';

export interface TherapyAreaTexts {
  title: string;
  /** One or two sentences, always visible. */
  description: string;
  /** Shown when the card is opened: a short paragraph each. */
  details: string[];
}

export interface TherapyTexts {
  heading: string;
  lead: string;
  areasHeading: string;
  /** By id, in the order of therapyAreas.ts. */
  areas: Record<AreaId, TherapyAreaTexts>;
  /** The button under each card that shows or hides its details. */
  toggle: { open: string; close: string };
  approach: { heading: string; paragraphs: string[]; points: string[] };
  cta: CtaBand;
}
