import da from './da/site.json';
import en from './en/site.json';
import fa from './fa/site.json';
import type { Lang } from './languages';
import { type SiteTexts, siteTexts as frame } from './site';
import { words } from './words';

// The frame's texts (header, footer, titles) in every language, for the server: it renders
// them and hands the browser its page's language's inside the document (views/pageData.ts).
export const siteTexts: Record<Lang, SiteTexts> = {
  da: frame('da', words('da', 'site', da)),
  en: frame('en', words('en', 'site', en)),
  fa: frame('fa', words('fa', 'site', fa)),
};
