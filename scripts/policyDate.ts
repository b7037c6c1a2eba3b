import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Lang, langs } from '../content/languages';
import { PRACTICE_TIME_ZONE } from '../content/practice';
import { editorLayout } from '../content/schema/layout';
import { privacy } from '../content/texts/privacy';
import { policySeal } from './checkContent';

// `npm run policy-date [-- YYYY-MM-DD]`: the privacy policy's date (today in Copenhagen unless
// given) and its seal written into each language's privacy.json, for a change of its words made
// outside the editor (which sets both itself when she saves). The content check refuses changed
// words under an old seal; this is the deliberate way past it, naming the date. Nothing else
// (npm run editor-config, the build) ever writes the seal.

const root = path.resolve(__dirname, '..');
const fileOf = (lang: Lang) => path.join(root, 'content', lang, 'privacy.json');

/** Today in the practice's time zone, as 'YYYY-MM-DD'. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: PRACTICE_TIME_ZONE }).format(new Date());

if (require.main === module) {
  const date = process.argv[2] ?? today();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    console.error(`policy-date: '${date}' is not a date: write YYYY-MM-DD`);
    process.exit(1);
  }
  const files = Object.fromEntries(
    langs.map((lang) => [lang, JSON.parse(readFileSync(fileOf(lang), 'utf8')) as Record<string, unknown>]),
  ) as Record<Lang, Record<string, unknown>>;
  const seal = policySeal(files);
  for (const lang of langs) writeFileSync(fileOf(lang), editorLayout({ ...files[lang], updated: date, seal }, privacy));
  console.log(`the privacy policy's date is ${date}, sealed with its words in ${langs.join(', ')}`);
}
