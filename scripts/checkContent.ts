import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Lang, langs } from '../content/languages';
import { policyWords } from '../content/policySeal';
import type { Problem } from '../content/schema/check';
import type { Field } from '../content/schema/fields';
import { factFiles, type LanguageFile, languageFiles, practitionerFiles } from '../content/schema/files';
import { holdsSame, sameAsDanish } from '../content/schema/same';
import { ownProblems, problemLines } from './checkFile';

// Checks content's JSON files against their declarations (content/schema/files.ts), for what the
// type-checker cannot see (an unknown key, an empty text, a bound, a format): run by
// `npm run build` before it builds anything, and by test/content.test.ts. Each problem is one
// line naming the file and the key: `content/fa/home.json: hero.lead: is empty: write the text`.
// `npx tsx scripts/checkContent.ts` checks the working copy.

const root = path.resolve(__dirname, '..');
interface Where {
  /** The folder holding da/, en/, fa/ and facts/ (content/). */
  contentDir: string;
  /** The owner's pictures (content/images/, or CONTENT_IMAGES_DIR). */
  imagesDir: string;
}

function readJson(file: string): { value?: unknown; problem?: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { problem: 'is missing' };
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { problem: `is not valid JSON (${(error as Error).message})` };
  }
}

/** The seal of the privacy policy's words in every language (content/policySeal.ts). */
export const policySeal = (files: Record<Lang, unknown>) =>
  createHash('sha256').update(policyWords(files)).digest('hex');

/** A date as the owner reads it: '2025-08-12' -> '12 August 2025'. */
const spelt = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The policy's words against its seal: changed words under the old seal mean a changed policy
 * with an old date. Her editor sets date and seal when she saves; a change made elsewhere is
 * refused until `npm run policy-date` names its date.
 */
function checkPolicyDate(files: Record<Lang, unknown>, problems: Problem[]): void {
  const { updated, seal } = files.da as { updated?: unknown; seal?: unknown };
  if (typeof updated !== 'string' || seal === policySeal(files)) return;
  problems.push({
    key: 'updated',
    message: `the policy's words changed since ${spelt(updated)}, and its date did not: save the policy in the editor, which sets today's date, or run \`npm run policy-date -- YYYY-MM-DD\` with the day it is published`,
  });
}

/** Every problem in content's JSON files, one line each; none when all is well. */
export function checkContent(
  { contentDir, imagesDir }: Where = {
    contentDir: path.join(root, 'content'),
    imagesDir: process.env.CONTENT_IMAGES_DIR ?? path.join(root, 'content', 'images'),
  },
): string[] {
  const lines: string[] = [];
  const say = (name: string, problems: Problem[]) => lines.push(...problemLines(name, problems));
  /** The file's value when it has no problem of its own. */
  const check = (folder: string, name: string): unknown => {
    const file = `content/${folder}/${name}.json`;
    const { value, problem } = readJson(path.join(contentDir, folder, `${name}.json`));
    if (problem) {
      lines.push(`${file}: ${problem}`);
      return undefined;
    }
    const own = ownProblems(file, value, imagesDir);
    say(file, own);
    return own.length === 0 ? value : undefined;
  };
  for (const [name, field] of Object.entries(languageFiles) as [LanguageFile, Field][]) {
    const values = Object.fromEntries(langs.map((lang) => [lang, check(lang, name)])) as Record<Lang, unknown>;
    // Across the languages, once each language's file is sound on its own.
    if (langs.some((lang) => values[lang] === undefined)) continue;
    if (holdsSame(field))
      for (const lang of langs.filter((l) => l !== 'da'))
        say(`content/${lang}/${name}.json`, sameAsDanish(values.da, values[lang], field));
    if (name === 'privacy') {
      const problems: Problem[] = [];
      checkPolicyDate(values, problems);
      say('content/da/privacy.json', problems);
    }
  }
  for (const name of Object.keys(practitionerFiles)) check('practitioner', name);
  for (const fact of Object.keys(factFiles)) check('facts', fact);
  return lines;
}

/**
 * A problem as a GitHub Actions annotation: the failed check run then carries the line, which her
 * live page (/admin/live/) shows under the refused save.
 */
const annotation = (line: string) => {
  const file = line.slice(0, line.indexOf(': '));
  return `::error file=${file},title=content::${line.replaceAll('%', '%25').replaceAll('\r', '').replaceAll('\n', '%0A')}`;
};

if (require.main === module) {
  const problems = checkContent();
  for (const line of problems) console.error(process.env.GITHUB_ACTIONS === 'true' ? annotation(line) : line);
  if (problems.length > 0) process.exit(1);
  console.log('content: every JSON file checked, no problem');
}
