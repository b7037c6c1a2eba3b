import { createContext, useContext } from 'react';
import type { Lang } from '../content/languages';
import type { PageId } from '../content/pages';
import type { SiteTexts } from '../content/site';
import type { SiteSettings } from './settings';

/** The page's language, the frame's texts in it, where each page is in it, and what the server is configured to do. */
export interface Locale {
  lang: Lang;
  site: SiteTexts;
  href: (page: PageId) => string;
  settings: SiteSettings;
}

export const LocaleContext = createContext<Locale | null>(null);

/** For any component inside App, which provides it. */
export function useLocale(): Locale {
  const locale = useContext(LocaleContext);
  // Only a component rendered outside App (a programming error) gets here; the message stays short, as it is in every page's script.
  if (!locale) throw new Error('useLocale outside App');
  return locale;
}
