import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DIST_DIR } from '../../server/http/render';
import { type BuiltServer, startTestServer } from '../support/builtServer';
import { describeBrowser, launchBrowser } from './harness';

// Her live page (/admin/live/) in a Danish Chromium under the editor's CSP, against a stand-in of
// GitHub's API (the commits and check runs her login would read, answered by the test in
// api.github.com's place) and the site's own version (the commit this build was made from).

const { commit: running } = JSON.parse(readFileSync(path.join(DIST_DIR, 'version.json'), 'utf8')) as { commit: string };
const sha = (n: number) => `${n}`.repeat(40).slice(0, 40);
const commit = (id: string, message: string) => ({
  sha: id,
  commit: { message, author: { name: 'Sara Nielsen', date: '2026-12-01T09:30:00Z' } },
});

/** Newest first: one refused, one being checked, then the running one and an older one (both live). */
const COMMITS = [
  commit(sha(1), 'Update “Praksis, adresse og telefontid”'),
  commit(sha(2), 'Update “Priser og varighed”'),
  commit(running, 'Update “Forside”'),
  commit(sha(3), 'Update “Om mig”'),
];
const RUNS: Record<string, unknown[]> = {
  [sha(1)]: [{ id: 11, name: 'test', status: 'completed', conclusion: 'failure' }],
  [sha(2)]: [{ id: 12, name: 'test', status: 'in_progress', conclusion: null }],
};
const ANNOTATIONS = [
  {
    path: 'content/facts/practice.json',
    annotation_level: 'failure',
    message: "content/facts/practice.json: phoneHours.opens: '25:00' is not a time: write 'HH:MM', 00:00 to 23:59",
  },
  { path: '.github', annotation_level: 'failure', message: 'Process completed with exit code 1.' },
];

describeBrowser('her live page', () => {
  let server: BuiltServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({}), launchBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    server?.kill();
  });

  test('says which save is live, which is being checked and which was refused, with the check’s line', async () => {
    const context = await browser.newContext({ locale: 'da-DK' });
    const asked: string[] = [];
    const outside: string[] = [];
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1') return route.continue();
      if (url.origin !== 'https://api.github.com') {
        outside.push(url.href);
        return route.abort();
      }
      asked.push(`${route.request().headers().authorization} ${url.pathname}${url.search}`);
      const runs = /\/commits\/(\w+)\/check-runs$/.exec(url.pathname);
      const body = url.pathname.endsWith('/commits')
        ? COMMITS
        : runs
          ? { check_runs: RUNS[runs[1] as string] ?? [] }
          : url.pathname.endsWith('/check-runs/11/annotations')
            ? ANNOTATIONS
            : null;
      return route.fulfill({ status: body ? 200 : 404, json: body });
    });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') refused.push(m.text());
    });
    await page.goto(`${server.origin}/admin/live/`);
    await page.getByText('Log ind i editoren først').waitFor();
    await page.evaluate(() =>
      localStorage.setItem('sveltia-cms.user', JSON.stringify({ token: 'ghp_her', backendName: 'github' })),
    );
    await page.reload();
    const items = page.locator('#saves > li');
    await items.nth(3).waitFor();
    const said = await items.evaluateAll((lis) =>
      lis.map((li) => [
        li.className,
        li.querySelector('.state')?.textContent,
        li.querySelector('.why')?.textContent ?? '',
      ]),
    );
    expect(said).toEqual([
      [
        'refused',
        expect.stringMatching(/^Afvist/),
        "content/facts/practice.json: phoneHours.opens: '25:00' is not a time: write 'HH:MM', 00:00 to 23:59",
      ],
      ['checking', 'Bliver tjekket (det tager nogle minutter)', ''],
      ['live', 'Live på hjemmesiden', ''],
      ['live', 'Live på hjemmesiden', ''],
    ]);
    // Her token goes to GitHub only; the live saves' checks are not asked for.
    expect(asked.every((a) => a.startsWith('token ghp_her /repos/'))).toBe(true);
    expect(asked.some((a) => a.includes(running))).toBe(false);
    expect(outside).toEqual([]);
    expect(refused).toEqual([]);
    await context.close();
  });
});
