import booking from './da/booking.json';
import prices from './da/prices.json';
import { words } from './words';

// The Danish words the practitioner's own pages and mails use (the server's, at once): the
// services' names and lengths, and where a session takes place. Her frame's texts are
// siteTexts.da (content/siteTexts.ts).
export const danish = {
  prices: words('da', 'prices', prices),
  booking: words('da', 'booking', booking),
};
