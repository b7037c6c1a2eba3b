import { axeTests, loadsCleanTests, reflowTests } from './everyPage';
import { describeBrowser, OTHER_ROUTES, useBrowserSuite } from './harness';

// The checks every page must pass (./everyPage.ts) on the routes `npm test` leaves out: it runs
// them on each page once (SAMPLE_ROUTES, in routes.test.ts, a11y.test.ts and reflow.test.ts);
// the slow suite here on every other page of every language. One server and browser for all three.

describeBrowser('every other route', () => {
  const suite = useBrowserSuite();

  describe('loads, hydrates and stays clean', () => loadsCleanTests(suite, OTHER_ROUTES));
  describe('accessibility (axe-core)', () => axeTests(suite, OTHER_ROUTES));
  describe('reflow at 320px', () => reflowTests(suite, OTHER_ROUTES));
});
