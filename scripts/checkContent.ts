import { readFileSync } from 'node:fs';
import path from 'node:path';
import { langs } from '../content/languages';
import { checkValue, type Problem } from '../content/schema/check';
import type { Field } from '../content/schema/fields';
import { factFiles, languageFiles } from '../content/schema/files';
import { checkClosedDays, checkPictures, checkPrices, checkWeek } from './checkFacts';

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

/** Every problem in content's JSON files, one line each; none when all is well. */
export function checkContent(
  { contentDir, imagesDir }: Where = {
    contentDir: path.join(root, 'content'),
    imagesDir: process.env.CONTENT_IMAGES_DIR ?? path.join(root, 'content', 'images'),
  },
): string[] {
  const lines: string[] = [];
  const check = (file: string, field: Field, more?: (value: unknown, problems: Problem[]) => void) => {
    const name = path.join('content', path.relative(contentDir, file));
    const { value, problem } = readJson(file);
    if (problem) return lines.push(`${name}: ${problem}`);
    const problems: Problem[] = [];
    checkValue(value, field, '', problems);
    if (problems.length === 0) more?.(value, problems);
    for (const p of problems.slice(0, MOST_PER_FILE)) lines.push(`${name}: ${p.key}: ${p.message}`);
    if (problems.length > MOST_PER_FILE)
      lines.push(`${name}: and ${problems.length - MOST_PER_FILE} more problems like those above`);
  };
  for (const lang of langs)
    for (const [name, field] of Object.entries(languageFiles))
      check(path.join(contentDir, lang, `${name}.json`), field);
  for (const [fact, field] of Object.entries(factFiles))
    check(path.join(contentDir, 'facts', `${fact}.json`), field, (value, problems) => {
      if (fact === 'booking') {
        checkWeek(value, problems);
        checkClosedDays(value, problems);
      }
      if (fact === 'pictures') checkPictures(value, imagesDir, problems);
      if (fact === 'prices') checkPrices(value, problems);
    });
  return lines;
}

if (require.main === module) {
  const problems = checkContent();
  for (const line of problems) console.error(line);
  if (problems.length > 0) process.exit(1);
  console.log('content: every JSON file checked, no problem');
}
