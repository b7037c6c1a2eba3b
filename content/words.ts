import { isolated } from './bidi';
import { type Lang, languages } from './languages';
import type { LanguageFile, WordsOf } from './schema/files';

/**
 * The one loader of a language's JSON file (content/<lang>/<file>.json): the JSON as its
 * declaration (content/texts/<file>.ts) types it, so that `tsc` names the file and the key a
 * language lacks, with a right-to-left language's Latin runs isolated (content/bidi.ts). The
 * tables of files that call it: content/translations.ts (the pages', on demand), siteTexts.ts,
 * serverTexts.ts, visitorMails.ts, manageTexts.ts and danish.ts (the server's, at once).
 */
export const words = <F extends LanguageFile>(lang: Lang, _file: F, json: WordsOf[F]): WordsOf[F] =>
  languages[lang].dir === 'rtl' ? isolated(json) : json;
