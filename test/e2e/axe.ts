import { readFileSync } from 'node:fs';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core on a page in Chromium: WCAG 2.0/2.1 A and AA and WCAG 2.2 AA. axe's source is
// evaluated through the DevTools protocol, as @axe-core/playwright does, not added as a <script>
// the site's CSP (script-src 'self') would refuse: the page is checked under its own CSP.
// (@axe-core/playwright itself evaluates the 500 kB source into every frame on every run and
// finishes in a second page: three times as slow here, for a frame the tests block anyway.)

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: unknown; summary: string | undefined }[];
}

/** Puts axe-core into the page and runs it on the whole document. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  // Once per document (a test may run axe again, after changing the page's state).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // The map frame on /kontakt cannot load (its host is aborted, there is no network); axe
  // copes with the error page inside it, so the frame is not excluded.
  const options: RunOptions = { runOnly: { type: 'tag', values: TAGS } };
  return page.evaluate(async (opts) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: RunOptions) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, opts);
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, summary: n.failureSummary })),
    }));
  }, options);
}

/** Fails with every violation, its elements and axe's summary. */
export function expectNoViolations(where: string, violations: Violation[]) {
  if (violations.length === 0) return;
  const text = violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .map(
            (n) =>
              `    ${JSON.stringify(n.target)}${n.summary ? `\n      ${n.summary.replace(/\n/g, '\n      ')}` : ''}`,
          )
          .join('\n')}`,
    )
    .join('\n  ');
  throw new Error(`axe found ${violations.length} violation(s) on ${where}:\n  ${text}`);
}
