import { reflowTests, WIDTH } from './everyPage';
import { describeBrowser, SAMPLE_ROUTES, useBrowserSuite } from './harness';

// WCAG 2.2 SC 1.4.10 Reflow: each page (every one in the slow suite: every-route.slow.test.ts) at 320 x 640 CSS px (a small phone, or 400 % zoom) has
// no horizontal scrolling and cuts no text off, also with SC 1.4.12's text spacing applied and
// with the menu open; every phone number stays on one line. (What the menu does on a tap, before
// and after hydration, and that a new page closes it: disclosures.test.ts.)

describeBrowser(`reflow at ${WIDTH}px`, () => {
  const suite = useBrowserSuite();

  reflowTests(suite, SAMPLE_ROUTES);
});
