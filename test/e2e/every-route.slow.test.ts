import { axeTests, loadsCleanTests, reflowTests } from './everyPage';
import { describeBrowser, ROUTES, useBrowserSuite } from './harness';

// The checks every page must pass (./everyPage.ts) on every page of every language. One server and
// browser for all three.

describeBrowser('every route', () => {
  const suite = useBrowserSuite();

  describe('loads, hydrates and stays clean', () => loadsCleanTests(suite, ROUTES));
  describe('accessibility (axe-core)', () => axeTests(suite, ROUTES));
  describe('reflow at 320px', () => reflowTests(suite, ROUTES));
});
