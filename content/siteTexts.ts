import type { Lang } from './languages';
import type { SiteTexts } from './texts/site';
import { site as da } from './da/site';
import { site as en } from './en/site';
import { site as fa } from './fa/site';

// The frame's texts (header, footer, titles) in every language, for the server: it renders
// them and hands the browser its page's language's inside the document (views/pageData.ts).
export const siteTexts: Record<Lang, SiteTexts> = { da, en, fa };
