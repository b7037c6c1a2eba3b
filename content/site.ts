import { crisisLinesIn } from './crisis';
import { clinicPhotoDescriptions, portraitDescription } from './images';
import { type Lang, languages } from './languages';
import { practice } from './practice';
import type { SiteWords } from './texts/site';

// The frame's texts of one language put together: its words (content/<lang>/site.json), the
// address from the practice's facts with the floor in words, the crisis lines with their
// numbers, and the portrait's description. The frame's texts as the pages use them: SiteTexts.

const { street, postalCode, city } = practice.address;

export function siteTexts(lang: Lang, words: SiteWords) {
  const { floor, ...practiceWords } = words.practice;
  const rtl = languages[lang].dir === 'rtl';
  // Persian separates with its own comma; its postal code and town isolated, so that they keep their order.
  const comma = rtl ? '، ' : ', ';
  const place = rtl ? `\u2066${postalCode}\u00a0${city}\u2069` : `${postalCode}\u00a0${city}`;
  return {
    ...words,
    practice: {
      ...practiceWords,
      /** The portrait's description (its alt text), where the picture stands on the home and about pages. */
      portrait: portraitDescription(lang),
      /** Each clinic photo's description by file name: its caption. */
      photos: clinicPhotoDescriptions(lang),
      /** The address in this language's words: street, number and floor; and all of it on one line. */
      address: { street: `${street}${comma}${floor}`, oneLine: `${street}${comma}${floor}${comma}${place}` },
    },
    /** The crisis lines in order, 112 first, each with its number (content/crisis.ts). */
    crisis: { heading: words.crisis.heading, lines: crisisLinesIn(words.crisis) },
  };
}

/** The frame's texts as the pages use them: the words, with what code adds. */
export type SiteTexts = ReturnType<typeof siteTexts>;
