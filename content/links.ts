import type { Lang } from './languages';
import { pageWords, type TextsFile } from './pageWords';
import type { PageId } from './pages';
import type { WordsOf } from './schema/files';
import type { AboutWords } from './texts/about';
import type { BookingWords } from './texts/booking';
import type { CtaBandWords, CtaWords, LinkedTextWords, PolicyParagraphWords } from './texts/common';
import type { ContactWords } from './texts/contact';
import type { FormTexts } from './texts/form';
import type { HomeWords } from './texts/home';
import type { PricesWords } from './texts/prices';
import type { PrivacySectionId, PrivacyWords } from './texts/privacy';
import type { TherapyWords } from './texts/therapy';

// Where the pages' buttons and links go, the same in every language, and each page's texts put
// together from its JSON words (content/<lang>/<page>.json, typed by its declaration in
// content/texts/) and these targets. Code, not data: the owner's editor shows the words only.
// Each page's texts type is what its function here returns.

/** A button that leads to one of the site's pages, in the reader's language. */
export type Cta = CtaWords & { to: PageId };

const to = (words: CtaWords, page: PageId): Cta => ({ ...words, to: page });

/** A closing call to action: heading, a line of text and two buttons. */
export type CtaBand = Omit<CtaBandWords, 'primary' | 'secondary'> & { primary: Cta; secondary: Cta };

const band = (words: CtaBandWords): CtaBand => ({
  ...words,
  primary: to(words.primary, 'booking'),
  secondary: to(words.secondary, 'contact'),
});

export const homeTexts = (words: HomeWords) => ({
  ...words,
  hero: {
    ...words.hero,
    prices: to(words.hero.prices, 'prices'),
    primary: to(words.hero.primary, 'booking'),
    secondary: to(words.hero.secondary, 'about'),
  },
});
export type HomeTexts = ReturnType<typeof homeTexts>;

export const aboutTexts = (words: AboutWords) => ({ ...words, cta: band(words.cta) });
export type AboutTexts = ReturnType<typeof aboutTexts>;

export const therapyTexts = (words: TherapyWords) => ({ ...words, cta: band(words.cta) });
export type TherapyTexts = ReturnType<typeof therapyTexts>;
export type TherapyAreaTexts = TherapyTexts['areas'][number];

export const pricesTexts = (words: PricesWords) => ({
  ...words,
  booking: { ...words.booking, cta: to(words.booking.cta, 'booking') },
});
export type PricesTexts = ReturnType<typeof pricesTexts>;

const contactPage: PageId = 'contact';

export const bookingTexts = (words: BookingWords, form: FormTexts) => ({
  ...words,
  placeholder: { ...words.placeholder, link: contactPage },
  flow: { ...words.flow, ...form },
});
export type BookingTexts = ReturnType<typeof bookingTexts>;
/** The visitor's way while online booking is on, with what every form says alike. */
export type BookingFlowTexts = BookingTexts['flow'];

export const contactTexts = (words: ContactWords, form: FormTexts) => ({
  ...words,
  form: { ...words.form, ...form },
});
export type ContactTexts = ReturnType<typeof contactTexts>;
/** Every text of the contact form, with what every form says alike. */
export type ContactFormTexts = ContactTexts['form'];

/** A paragraph with a link: to a page of the site (and the id of a place on it), or to another website. */
type PolicyLink = LinkedTextWords & ({ to: PageId; anchor?: string } | { url: `https://${string}` });

/** A paragraph of the policy (content/texts/common.ts), a link's target added. */
export type PolicyParagraph = Exclude<PolicyParagraphWords, LinkedTextWords> | PolicyLink;

/** Where a policy section's link goes: a page of the site (and a place on it), or another website. */
const policyLinks: Partial<Record<PrivacySectionId, { to: 'prices'; anchor: string } | { url: `https://${string}` }>> =
  {
    rights: { url: 'https://www.datatilsynet.dk' },
    contact: { to: 'prices', anchor: 'cancellation-section' },
  };

/** The sections whose paragraphs may have a link (the content check refuses one elsewhere). */
export const policyLinkSections: readonly string[] = Object.keys(policyLinks);

function paragraphs(section: PrivacySectionId | 'booking', list: PolicyParagraphWords[]): PolicyParagraph[] {
  return list.map((paragraph) => {
    if (!('linkText' in paragraph)) return paragraph;
    const target = section === 'booking' ? undefined : policyLinks[section];
    // Only an edit of the policy's structure reaches this; the content tests render every policy.
    if (!target)
      throw new Error(`privacy.json: sections.${section} has a link, and content/links.ts gives it no target`);
    return { ...paragraph, ...target };
  });
}

type SectionWords = PrivacyWords['sections'][PrivacySectionId];
type Section = Omit<SectionWords, 'paragraphs' | 'closing'> & {
  paragraphs: PolicyParagraph[];
  closing?: PolicyParagraph[];
};

export function privacyTexts(words: PrivacyWords) {
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
  ) as Record<PrivacySectionId, Section>;
  const booking = { ...words.booking, closing: paragraphs('booking', words.booking.closing) };
  return { ...words, sections, booking };
}
/** The privacy policy and its booking section (shown only while booking is on). */
export type PrivacyPageTexts = ReturnType<typeof privacyTexts>;
export type BookingPrivacyTexts = PrivacyPageTexts['booking'];

/** Each page's texts: its words and where its links go. */
export interface PageTexts {
  home: HomeTexts;
  about: AboutTexts;
  therapy: TherapyTexts;
  prices: PricesTexts;
  booking: BookingTexts;
  contact: ContactTexts;
  privacy: PrivacyPageTexts;
}

type Read = <F extends TextsFile>(file: F) => Promise<WordsOf[F]>;

const pages: { [P in PageId]: (read: Read) => Promise<PageTexts[P]> } = {
  home: async (read) => homeTexts(await read('home')),
  about: async (read) => aboutTexts(await read('about')),
  therapy: async (read) => therapyTexts(await read('therapy')),
  prices: async (read) => pricesTexts(await read('prices')),
  booking: async (read) => bookingTexts(...(await Promise.all([read('booking'), read('form')]))),
  contact: async (read) => contactTexts(...(await Promise.all([read('contact'), read('form')]))),
  privacy: async (read) => privacyTexts(await read('privacy')),
};

/** A page's texts in `lang`: its files (content/pageWords.ts) with their links' targets. */
export const pageTexts = <P extends PageId>(lang: Lang, page: P): Promise<PageTexts[P]> =>
  pages[page]((file) => pageWords(lang, file));
