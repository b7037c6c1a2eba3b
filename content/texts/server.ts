import type { PageId } from '../pages';
import type { ContactField } from './contact';

/** Texts only the server needs: they never reach the browser's script. '{phone}' is the practice's number. */
export interface ServerTexts {
  /** Each page's description: the text under the title in search results and link previews. */
  descriptions: Record<PageId, string>;
  /** What the contact endpoint answers when it cannot take a message. */
  replies: {
    invalid: string;
    rateLimited: string;
    delivery: string;
    unsupportedType: string;
    tooLarge: string;
    malformed: string;
    method: string;
    forbidden: string;
    /** Under a field the server refused for its length (the form shows no limit). '{max}' is the limit. */
    tooLong: Record<Exclude<ContactField, 'consent'>, string>;
    /** Under a field that was sent as something other than text. */
    notText: string;
  };
  /**
   * The link preview's picture (og:image), described for those who cannot see it. '{name}',
   * '{practitioner}', '{title}' and '{city}' are what the picture shows (scripts/shareImages/cards.ts).
   */
  shareImageAlt: string;
  /** The plain page shown when a page could not be rendered. */
  serverError: { title: string; text: string; home: string };
  /** The plain answer for a file that does not exist. */
  fileNotFound: string;
}
