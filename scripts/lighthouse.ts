import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { routes } from '../views/routes';
import { root, startProductionServer } from './productionServer';

// `npm run lighthouse`: Lighthouse 13 (mobile preset) in Debian's Chromium against the local
// production build, for every route. Saves the JSON reports under bench/lighthouse/ and prints
// the four scores. Exits non-zero when any score is below 100.

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

async function main() {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const server = await startProductionServer();
  const base = server.base.replace('127.0.0.1', 'localhost');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const outDir = path.join(root, 'bench', 'lighthouse');
  await mkdir(outDir, { recursive: true });
  const rows: { route: string; scores: Record<string, number> }[] = [];
  try {
    for (const r of routes) {
      const run = () =>
        lighthouse(`${base}${r.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
      let result = await run();
      // Lighthouse's own trace sometimes fails (NO_NAVSTART and the like); it asks to run again, once.
      if (result?.lhr.runtimeError) {
        console.log(`${r.path}: ${result.lhr.runtimeError.code}, running it again`);
        result = await run();
      }
      if (!result) throw new Error(`lighthouse gave no result for ${r.path}`);
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)]),
      );
      rows.push({ route: r.path, scores });
      // One report per page and language: /en/about -> en-about.json, / -> da-home.json.
      await writeFile(path.join(outDir, `${r.lang}-${r.id}.json`), result.report as string);
      // A score of null (shown as 0) means Lighthouse could not measure: say why.
      if (result.lhr.runtimeError) console.log(`${r.path} could not be measured: ${result.lhr.runtimeError.message}`);
      const misses = Object.values(result.lhr.audits)
        .filter(
          (a) =>
            a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
        )
        .map((a) => a.id);
      console.log(
        `${r.path.padEnd(20)} ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join('  ')}${misses.length ? `   (below 1: ${misses.join(', ')})` : ''}`,
      );
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  const table = [
    '| Route | Performance | Accessibility | Best practices | SEO |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((x) => `| ${x.route} | ${CATEGORIES.map((c) => x.scores[c]).join(' | ')} |`),
  ].join('\n');
  await writeFile(path.join(outDir, 'scores.md'), `${table}\n`);
  console.log(`\n${table}\n\nreports in bench/lighthouse/`);
  if (rows.some((x) => CATEGORIES.some((c) => (x.scores[c] ?? 0) < 100))) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`lighthouse failed: ${err.message}`);
  process.exit(1);
});
