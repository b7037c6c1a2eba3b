// The practice's three languages. Danish is the site's own language: its pages keep the spec's
// paths (/om-mig); English and Persian live under /en and /fa.

/** The languages, the site's own first: the type, the order of every list of them and isLang come from here. */
export const langs = ['da', 'en', 'fa'] as const;

export type Lang = (typeof langs)[number];

export interface LanguageInfo {
  /** The language's name in itself, for the language switcher. */
  name: string;
  dir: 'ltr' | 'rtl';
  /** Open Graph locale. */
  ogLocale: string;
}

export const languages: Record<Lang, LanguageInfo> = {
  da: { name: 'Dansk', dir: 'ltr', ogLocale: 'da_DK' },
  en: { name: 'English', dir: 'ltr', ogLocale: 'en_GB' },
  fa: { name: 'فارسی', dir: 'rtl', ogLocale: 'fa_IR' },
};

export const isLang = (value: unknown): value is Lang => langs.includes(value as Lang);
