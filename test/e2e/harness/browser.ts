import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Debian's Chromium, one per test file, and browser tests that say so when it is missing.

/** Debian's Chromium; CHROMIUM_PATH may name another build (never downloaded by the suite). */
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * `describe` for tests that need Chromium. Without /usr/bin/chromium: on CI a failing test
 * says so; elsewhere the block is skipped with a loud message.
 */
export function describeBrowser(name: string, fn: () => void): void {
  if (hasChromium) {
    describe(name, fn);
    return;
  }
  const how = `${CHROMIUM} is missing. Install it with \`apt-get install -y chromium\` and run \`npm run build && npx jest test/e2e\`.`;
  if (process.env.CI) {
    describe(name, () => {
      test('Chromium is installed', () => {
        throw new Error(`Browser tests cannot run on CI: ${how}`);
      });
    });
    return;
  }
  process.stderr.write(`\n*** SKIPPED browser tests "${name}": ${how} ***\n\n`);
  describe.skip(name, fn);
}
