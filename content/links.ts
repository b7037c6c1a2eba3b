import type { AboutTexts } from './texts/about';
import type { BookingPrivacyTexts, BookingTexts } from './texts/booking';
import type { CtaBand, FormTexts } from './texts/common';
import type { ContactFormTexts, ContactTexts } from './texts/contact';
import type { HomeTexts } from './texts/home';
import type { PolicyParagraph } from './texts/policyParagraph';
import type { PricesTexts } from './texts/prices';
import type { PrivacyPageTexts, PrivacySectionId } from './texts/privacy';
import type { TherapyTexts } from './texts/therapy';
import type { Words } from './texts/words';

// Where the pages' buttons and links go, the same in every language, and each page's texts put
// together from its JSON words (content/<lang>/<page>.json) and these targets. Code, not data:
// the owner's editor shows the words only.

const band = (words: Words<CtaBand>): CtaBand => ({
  ...words,
  primary: { ...words.primary, to: 'booking' },
  secondary: { ...words.secondary, to: 'contact' },
});

export const homeTexts = (words: Words<HomeTexts>): HomeTexts => ({
  ...words,
  hero: {
    ...words.hero,
    prices: { ...words.hero.prices, to: 'prices' },
    primary: { ...words.hero.primary, to: 'booking' },
    secondary: { ...words.hero.secondary, to: 'about' },
  },
});

export const aboutTexts = (words: Words<AboutTexts>): AboutTexts => ({ ...words, cta: band(words.cta) });

export const therapyTexts = (words: Words<TherapyTexts>): TherapyTexts => ({ ...words, cta: band(words.cta) });

export const pricesTexts = (words: Words<PricesTexts>): PricesTexts => ({
  ...words,
  booking: { ...words.booking, cta: { ...words.booking.cta, to: 'booking' } },
});

/** What a form's JSON holds: its words without those every form shares (form.json). */
type FormWords<T extends FormTexts> = Words<Omit<T, keyof FormTexts>>;

export type BookingWords = Words<Omit<BookingTexts, 'flow'>> & { flow: FormWords<BookingTexts['flow']> };

export const bookingTexts = (words: BookingWords, form: FormTexts): BookingTexts => ({
  ...words,
  placeholder: { ...words.placeholder, link: 'contact' },
  flow: { ...words.flow, ...form },
});

export type ContactWords = Words<Omit<ContactTexts, 'form'>> & { form: FormWords<ContactFormTexts> };

export const contactTexts = (words: ContactWords, form: FormTexts): ContactTexts => ({
  ...words,
  form: { ...words.form, ...form },
});

/** Where a policy section's link goes: a page of the site (and a place on it), or another website. */
const policyLinks: Partial<Record<PrivacySectionId, { to: 'prices'; anchor: string } | { url: `https://${string}` }>> =
  {
    rights: { url: 'https://www.datatilsynet.dk' },
    contact: { to: 'prices', anchor: 'cancellation-section' },
  };

function paragraphs(section: PrivacySectionId | 'booking', list: Words<PolicyParagraph>[]): PolicyParagraph[] {
  return list.map((paragraph) => {
    if (typeof paragraph === 'string' || !('linkText' in paragraph)) return paragraph;
    const target = section === 'booking' ? undefined : policyLinks[section];
    // Only an edit of the policy's structure reaches this; the content tests render every policy.
    if (!target)
      throw new Error(`privacy.json: sections.${section} has a link, and content/links.ts gives it no target`);
    return { ...paragraph, ...target };
  });
}

export function privacyTexts(words: Words<PrivacyPageTexts>): PrivacyPageTexts {
  const sections = Object.fromEntries(
    Object.entries(words.sections).map(([id, section]) => {
      const key = id as PrivacySectionId;
      const { closing, ...rest } = section;
      return [
        key,
        {
          ...rest,
          paragraphs: paragraphs(key, section.paragraphs),
          ...(closing ? { closing: paragraphs(key, closing) } : {}),
        },
      ];
    }),
  ) as PrivacyPageTexts['sections'];
  const booking: BookingPrivacyTexts = { ...words.booking, closing: paragraphs('booking', words.booking.closing) };
  return { ...words, sections, booking };
}
