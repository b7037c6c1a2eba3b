import { policyLinkSections } from '../content/links';
import { checkValue, type Problem } from '../content/schema/check';
import { declarationOf } from '../content/schema/files';
import { checkClosedDays, checkPictures, checkPrices, checkWeek } from './checkFacts';

// What one content file must hold on its own, by its path in the repository: its declaration,
// then what its kind alone must hold (checkFacts.ts; the policy's links). The build checks every
// file so (checkContent.ts, which then compares the languages and the policy's seal); her
// editor's preview checks what she has typed so (server/admin/preview/). No command here: the
// server bundles this file.

/** The most problems named per file: a file pasted wrong whole says so in a screenful, not a line per key. */
const MOST_PER_FILE = 20;

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

/**
 * `file`'s own problems (`file`: content/da/home.json, content/facts/booking.json); `imagesDir`:
 * the pictures' folder the clinic photos are listed against (null: not looked at).
 */
export function ownProblems(file: string, value: unknown, imagesDir: string | null): Problem[] {
  const field = declarationOf(file);
  if (!field) return [{ key: '(the whole file)', message: 'is no content file' }];
  const problems: Problem[] = [];
  checkValue(value, field, '', problems);
  if (problems.length > 0) return problems;
  if (file === 'content/facts/booking.json') {
    checkWeek(value, problems);
    checkClosedDays(value, problems);
  }
  if (file === 'content/facts/pictures.json' && imagesDir !== null) checkPictures(value, imagesDir, problems);
  if (file === 'content/facts/prices.json') checkPrices(value, problems);
  if (/^content\/(da|en|fa)\/privacy\.json$/.test(file)) checkPolicyLinks(value, problems);
  return problems;
}

/** The most problems of a file, each a line naming it and the key. */
export const problemLines = (file: string, problems: Problem[]): string[] => [
  ...problems.slice(0, MOST_PER_FILE).map((p) => `${file}: ${p.key}: ${p.message}`),
  ...(problems.length > MOST_PER_FILE
    ? [`${file}: and ${problems.length - MOST_PER_FILE} more problems like those above`]
    : []),
];
