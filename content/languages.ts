// The practice's three languages. Danish is the site's own language: its pages keep the spec's
// paths (/om-mig); English and Persian live under /en and /fa.

export type Lang = 'da' | 'en' | 'fa';

export const langs: readonly Lang[] = ['da', 'en', 'fa'];

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

export const isLang = (value: unknown): value is Lang => value === 'da' || value === 'en' || value === 'fa';
