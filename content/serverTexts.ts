import da from './da/server.json';
import en from './en/server.json';
import fa from './fa/server.json';
import type { Lang } from './languages';
import type { ServerTexts } from './texts/server';
import { words } from './words';

// The texts only the server needs, in every language: it imports them all, the browser none.
export const serverTexts: Record<Lang, ServerTexts> = {
  da: words('da', 'server', da),
  en: words('en', 'server', en),
  fa: words('fa', 'server', fa),
};
