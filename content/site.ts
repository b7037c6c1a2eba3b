import { crisisLinesIn } from './crisis';
import { clinicPhotoDescriptions, portraitDescription } from './images';
import { type Lang, languages } from './languages';
import { practice } from './practice';
import type { SiteTexts, SiteWords } from './texts/site';

// The frame's texts of one language put together: its words (content/<lang>/site.json), the
// address from the practice's facts with the floor in words, the crisis lines with their
// numbers, and the portrait's description.

const { street, postalCode, city } = practice.address;

export function siteTexts(lang: Lang, words: SiteWords): SiteTexts {
  const { floor, ...practiceWords } = words.practice;
  const rtl = languages[lang].dir === 'rtl';
  // Persian separates with its own comma; its postal code and town isolated, so that they keep their order.
  const comma = rtl ? '، ' : ', ';
  const place = rtl ? `\u2066${postalCode}\u00a0${city}\u2069` : `${postalCode}\u00a0${city}`;
  return {
    ...words,
    practice: {
      ...practiceWords,
      portrait: portraitDescription(lang),
      photos: clinicPhotoDescriptions(lang),
      address: { street: `${street}${comma}${floor}`, oneLine: `${street}${comma}${floor}${comma}${place}` },
    },
    crisis: { heading: words.crisis.heading, lines: crisisLinesIn(words.crisis.lines) },
  };
}
