import daBooking from '../../content/da/booking.json';
import daContact from '../../content/da/contact.json';
import daForm from '../../content/da/form.json';
import daPrivacy from '../../content/da/privacy.json';
import enBooking from '../../content/en/booking.json';
import enForm from '../../content/en/form.json';
import enPrivacy from '../../content/en/privacy.json';
import faBooking from '../../content/fa/booking.json';
import faForm from '../../content/fa/form.json';
import faPrivacy from '../../content/fa/privacy.json';
import type { Lang } from '../../content/languages';
import {
  type BookingTexts,
  bookingTexts,
  contactTexts,
  type PrivacyPageTexts,
  privacyTexts,
} from '../../content/links';
import { practice } from '../../content/practice';
import { words } from '../../content/words';

// The page texts the tests compare with, at once (content/translations.ts loads them on demand),
// made by the same loader and links as the pages'.

const forms = { da: daForm, en: enForm, fa: faForm };

/** Each language's booking page texts. */
export const bookingIn: Record<Lang, BookingTexts> = {
  da: bookingTexts(words('da', 'booking', daBooking), words('da', 'form', forms.da)),
  en: bookingTexts(words('en', 'booking', enBooking), words('en', 'form', forms.en)),
  fa: bookingTexts(words('fa', 'booking', faBooking), words('fa', 'form', forms.fa)),
};

/** Each language's privacy policy. */
export const privacyIn: Record<Lang, PrivacyPageTexts> = {
  da: privacyTexts(words('da', 'privacy', daPrivacy)),
  en: privacyTexts(words('en', 'privacy', enPrivacy)),
  fa: privacyTexts(words('fa', 'privacy', faPrivacy)),
};

/** The Danish contact page's texts. */
export const danishContact = contactTexts(words('da', 'contact', daContact), words('da', 'form', forms.da));

/** The practice's phone as a sentence of the site's shows it: its digit groups joined by no-break spaces (views/format.ts, withPhone). */
export const phoneInText = practice.phone.replaceAll(' ', '\u00a0');
