import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Lang, langs } from '../content/languages';
import { policyLinkSections } from '../content/links';
import { policyWords } from '../content/policySeal';
import { checkValue, type Problem } from '../content/schema/check';
import type { Field } from '../content/schema/fields';
import { factFiles, type LanguageFile, languageFiles, practitionerFiles } from '../content/schema/files';
import { holdsSame, sameAsDanish } from '../content/schema/same';

// Checks content's JSON files against their declarations (content/schema/files.ts), for what the
// type-checker cannot see (an unknown key, an empty text, a bound, a format): run by
// `npm run build` before it builds anything, and by test/content.test.ts. Each problem is one
// line naming the file and the key: `content/fa/home.json: hero.lead: is empty: write the text`.
// `npx tsx scripts/checkContent.ts` checks the working copy.

const root = path.resolve(__dirname, '..');
/** The most problems named per file: a file pasted wrong whole says so in a screenful, not a line per key. */
const MOST_PER_FILE = 20;

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

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** An opening that ends before it starts. */
function checkWeek(value: unknown, problems: Problem[]): void {
  const week = (value as { week?: Record<string, { from?: unknown; to?: unknown }[]> }).week ?? {};
  for (const [day, spans] of Object.entries(week))
    if (Array.isArray(spans))
      spans.forEach((span, i) => {
        if (typeof span.from === 'string' && typeof span.to === 'string' && minutesOf(span.to) <= minutesOf(span.from))
          problems.push({ key: `week.${day}[${i}]`, message: `ends (${span.to}) before it begins (${span.from})` });
      });
}

const PICTURE = /\.(jpe?g|png|webp)$/i;

/**
 * The clinic photos listed against the folder: a photo not listed, a name listed twice, and, once
 * the folder holds any photo, a listed one that is not there. (Until the first photo, the list
 * holds the descriptions of the photos to come.)
 */
function checkPictures(value: unknown, imagesDir: string, problems: Problem[]): void {
  const clinic = (value as { clinic?: { file?: unknown }[] }).clinic;
  if (!Array.isArray(clinic)) return;
  const listed = clinic.map((photo) => photo.file);
  let files: string[] = [];
  try {
    files = readdirSync(path.join(imagesDir, 'clinic')).filter((name) => PICTURE.test(name));
  } catch {
    // No clinic/ folder: no photos yet.
  }
  const dir = path.join(imagesDir, 'clinic');
  const folder = path.relative(root, dir).startsWith('..') ? dir : path.relative(root, dir);
  const names = files.map((name) => name.replace(PICTURE, ''));
  for (const name of files)
    if (!listed.includes(name.replace(PICTURE, '')))
      problems.push({
        key: 'clinic',
        message: `${folder}/${name} is not listed: add it with its descriptions, or delete the file`,
      });
  listed.forEach((file, i) => {
    if (listed.indexOf(file) !== i)
      problems.push({ key: `clinic[${i}].file`, message: `'${String(file)}' is listed twice` });
    else if (names.length > 0 && !names.includes(String(file)))
      problems.push({
        key: `clinic[${i}].file`,
        message: `'${String(file)}' has no picture in ${folder}/ (.jpg, .png or .webp)`,
      });
  });
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

/** A paragraph with a link where the code gives that section's link no target (content/links.ts). */
function checkPolicyLinks(value: unknown, problems: Problem[]): void {
  const sections = (value as { sections?: Record<string, { paragraphs?: unknown; closing?: unknown }> }).sections ?? {};
  for (const [id, section] of Object.entries(sections))
    for (const part of ['paragraphs', 'closing'] as const) {
      const list = section[part];
      if (Array.isArray(list) && !policyLinkSections.includes(id))
        list.forEach((p: { type?: unknown }, i) => {
          if (p?.type === 'link')
            problems.push({
              key: `sections.${id}.${part}[${i}]`,
              message: 'has a link, and this section has no link target: make it a paragraph without a link',
            });
        });
    }
}

/** Every problem in content's JSON files, one line each; none when all is well. */
export function checkContent(
  { contentDir, imagesDir }: Where = {
    contentDir: path.join(root, 'content'),
    imagesDir: process.env.CONTENT_IMAGES_DIR ?? path.join(root, 'content', 'images'),
  },
): string[] {
  const lines: string[] = [];
  const say = (name: string, problems: Problem[]) => {
    for (const p of problems.slice(0, MOST_PER_FILE)) lines.push(`${name}: ${p.key}: ${p.message}`);
    if (problems.length > MOST_PER_FILE)
      lines.push(`${name}: and ${problems.length - MOST_PER_FILE} more problems like those above`);
  };
  /** The file's value when it has no problem of its own. */
  const check = (file: string, field: Field, more?: (value: unknown, problems: Problem[]) => void): unknown => {
    const name = path.join('content', path.relative(contentDir, file));
    const { value, problem } = readJson(file);
    if (problem) {
      lines.push(`${name}: ${problem}`);
      return undefined;
    }
    const problems: Problem[] = [];
    checkValue(value, field, '', problems);
    if (problems.length === 0) more?.(value, problems);
    say(name, problems);
    return problems.length === 0 ? value : undefined;
  };
  for (const [name, field] of Object.entries(languageFiles) as [LanguageFile, Field][]) {
    const values = Object.fromEntries(
      langs.map((lang) => [
        lang,
        check(path.join(contentDir, lang, `${name}.json`), field, (value, problems) => {
          if (name === 'privacy') checkPolicyLinks(value, problems);
        }),
      ]),
    ) as Record<Lang, unknown>;
    // Across the languages, once each language's file is sound on its own.
    if (langs.some((lang) => values[lang] === undefined)) continue;
    if (holdsSame(field))
      for (const lang of langs.filter((l) => l !== 'da'))
        say(path.join('content', lang, `${name}.json`), sameAsDanish(values.da, values[lang], field));
    if (name === 'privacy') {
      const problems: Problem[] = [];
      checkPolicyDate(values, problems);
      say(path.join('content', 'da', 'privacy.json'), problems);
    }
  }
  for (const [name, field] of Object.entries(practitionerFiles))
    check(path.join(contentDir, 'practitioner', `${name}.json`), field);
  for (const [fact, field] of Object.entries(factFiles))
    check(path.join(contentDir, 'facts', `${fact}.json`), field, (value, problems) => {
      if (fact === 'booking') checkWeek(value, problems);
      if (fact === 'pictures') checkPictures(value, imagesDir, problems);
    });
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
