import da from './da/manage.json';
import en from './en/manage.json';
import fa from './fa/manage.json';
import type { Lang } from './languages';
import type { ManageTexts } from './texts/manage';
import { words } from './words';

// What the client reads about keeping her own appointment, in every language (server side only):
// her manage page and the mails her changes and her reminder bring.
export const manageTexts: Record<Lang, ManageTexts> = {
  da: words('da', 'manage', da),
  en: words('en', 'manage', en),
  fa: words('fa', 'manage', fa),
};
