import type { CrisisLineId, CrisisLineText } from '../crisis';
import type { ClinicPhoto } from '../images';
import type { Lang } from '../languages';
import type { NavPage, PageId } from '../pages';

/** The frame around every page: header, navigation, footer, titles, and the practice in words (site.json). */
export interface SiteWords {
  skipLink: string;
  /** Names the header's page links for screen readers. */
  navLabel: string;
  /** Names the language switcher for screen readers. */
  languageNavLabel: string;
  menuButton: string;
  /** Said after the logo's own text: where the logo link goes. */
  logoLabel: string;
  /** The header's links. */
  nav: Record<NavPage, string>;
  /** Each page's title: the browser tab, search results and link previews. */
  titles: Record<PageId, string>;
  practice: {
    /** The practitioner's name as this language writes it ('سارا احمدی' in Persian): the header, the contact card, the visitor's mails. */
    practitioner: string;
    /** The practitioner's title, e.g. 'Autoriseret psykolog'. */
    title: string;
    /** One or two sentences: the footer and search engines. */
    shortDescription: string;
    /**
     * The phone hours as a sentence: {opens} and {closes} come from practice.ts. A word joiner
     * (U+2060) either side of a dash keeps a range of times from breaking at it.
     */
    phoneHours: string;
    /** The professional association, as named in this language. */
    membership: string;
    /** The floor, in this language's words: '2. sal' (the street and town are content/facts/practice.json's). */
    floor: string;
  };
  /** The names of the languages, lower case as written mid-sentence. */
  languageNames: Record<Lang, string>;
  /** Read by screen readers after a link that opens a new tab. */
  opensNewWindow: string;
  footer: {
    aboutHeading: string;
    languagesHeading: string;
    languagesIntro: string;
    contactHeading: string;
    membershipLabel: string;
    privacyLink: string;
    cvrLabel: string;
  };
  /**
   * Where to turn in a crisis: at the foot of every page and beside the contact form. Each line
   * says one service, by id; '{phone}' is where its number (content/crisis.ts) goes, as a link that dials it.
   */
  crisis: { heading: string; lines: Record<CrisisLineId, string> };
  /** Shown above the home page when a path does not exist. */
  notFound: string;
}

/** The frame's texts as the pages use them: the words, with what code adds (content/site.ts). */
export interface SiteTexts extends Omit<SiteWords, 'practice' | 'crisis'> {
  practice: Omit<SiteWords['practice'], 'floor'> & {
    /**
     * The portrait's description (its alt text), read where the picture stands on the home and
     * about pages (content/facts/pictures.json).
     */
    portrait: string;
    /** Each clinic photo's description by file name (content/facts/pictures.json): its caption. */
    photos: Record<ClinicPhoto, string>;
    /** The address in this language's words: the facts from practice.json, the floor in words. */
    address: {
      /** Street, number and floor: 'Boulevarden 12, 2. sal'. */
      street: string;
      /** All of it on one line: 'Boulevarden 12, 2. sal, 9000 Aalborg'. */
      oneLine: string;
    };
  };
  /** The crisis lines in order, each with its number (content/crisis.ts). */
  crisis: { heading: string; lines: CrisisLineText[] };
}
