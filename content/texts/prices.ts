import type { PriceId } from '../prices';
import type { Cta } from './common';

interface PriceTexts {
  label: string;
  description?: string;
  /** How the price is agreed, for a price without an amount. */
  amountNote?: string;
}

interface TextSection {
  heading: string;
  paragraphs: string[];
}

export interface PricesTexts {
  heading: string;
  lead: string;
  /** Label of the button that scrolls to the cancellation section. */
  cancellationButton: string;
  /** The heading over the therapy prices (the supervision prices stand under `supervision`). */
  therapyHeading: string;
  /** By id; the amounts and lengths are in prices.ts. */
  prices: Record<PriceId, PriceTexts>;
  /** A session's length: '{n} min.'; `upTo` for one that may be shorter. */
  duration: { minutes: string; upTo: string };
  referral: TextSection;
  insurance: TextSection;
  supervision: TextSection;
  /** The terms; `byLink` follows them while clients can cancel or move with the link in their confirmation (content/facts/booking.json clientLink). */
  cancellation: TextSection & { byLink: string };
  booking: { heading: string; text: string; cta: Cta };
}
