import { isLang, type Lang } from './languages';
import type { PageId } from './pages';
import type { factFiles, LanguageFile } from './schema/files';

// Which page her editor's preview shows for a file she edits (server/admin/preview/ renders it,
// editor/site/preview.ts asks for it): a page's own words show that page; the frame's words (the
// header, the footer, the crisis lines) the home page; what every form says the contact page;
// the facts the page they stand on. The other files show on no page a preview could draw (the
// server's replies, the mails, her own texts, the booking week, which the booking page shows with
// the calendar's free times, the pictures' descriptions): the editor shows their fields.

/** Where her editor posts the file she is editing for its page (on the editor's host). */
export const PREVIEW_PATH = '/admin/preview';

/**
 * Her preview ticket (server/editorLogin/ticket.ts): where her login window leaves it, in the
 * editor's origin's localStorage beside the editor's own token, and the field her preview posts it in.
 */
export const PREVIEW_TICKET = { stored: 'editor-preview-ticket', field: 'ticket' } as const;

const languagePages = {
  home: 'home',
  about: 'about',
  therapy: 'therapy',
  prices: 'prices',
  booking: 'booking',
  contact: 'contact',
  privacy: 'privacy',
  site: 'home',
  form: 'contact',
} as const satisfies Partial<Record<LanguageFile, PageId>>;

const factPages = { prices: 'prices', practice: 'contact' } as const satisfies Partial<
  Record<keyof typeof factFiles, PageId>
>;

/** The names of the files with a preview (an entry's name in the editor's collections). */
export const previewedFiles: readonly string[] = [
  ...new Set([...Object.keys(languagePages), ...Object.keys(factPages)]),
];

/** A file she edits as a page's preview shows it: the page, its language, and the file as the site imports it. */
export interface Previewed {
  page: PageId;
  lang: Lang;
  /** The file's path in the repository, as the editor names it: content/da/prices.json, content/facts/prices.json. */
  file: string;
}

const FILE = /^content\/(da|en|fa|facts)\/([a-zA-Z]{1,30})\.json$/;

/** The preview of the file at `file` (content/<lang>/<name>.json or content/facts/<name>.json); null: none. */
export function previewOf(file: string): Previewed | null {
  const [, folder, name] = FILE.exec(file) ?? [];
  if (!folder || !name) return null;
  const pages: Record<string, PageId> = folder === 'facts' ? factPages : languagePages;
  const page = Object.hasOwn(pages, name) ? pages[name] : undefined;
  if (!page) return null;
  // The facts are the same in every language: shown in Danish, the site's own language.
  return { page, lang: isLang(folder) ? folder : 'da', file };
}
