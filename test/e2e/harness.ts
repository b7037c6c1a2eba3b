// The end-to-end suite's one import point. What each part does is in test/e2e/harness/:
//   site.ts     the pages, the header in each language, the one other host the site may load
//   server.ts   the production build (a private copy of dist/) as a child process on a free port
//   http.ts     the server without a browser: a plain GET, a page's <title> and <h1>
//   browser.ts  Debian's Chromium, and browser tests that say so when it is missing
//   pageLog.ts  every request and console message of a page, and whether the page was clean
//   tabs.ts     tabs whose requests are recorded and kept on the site, pooled between tests
//   suite.ts    a test file's server and browser; each test's session, with screenshots on failure
//   page.ts     steps on a page: load and wait for hydration, scrolling, the menu button, markers
//   see.ts      checks that wait until true

export { HEADER, headerFor, MAP_ORIGIN, NAV, ROUTES } from './harness/site';
export { startSnapshotServer, type Server } from './harness/server';
export { fetchText, serverPage, type Fetched } from './harness/http';
export { describeBrowser, launchBrowser } from './harness/browser';
export type { Tab } from './harness/tabs';
export { Session, type Suite, useBrowserSuite } from './harness/suite';
export {
  getMarker,
  laidOut,
  load,
  menuButton,
  noHorizontalScroll,
  pathOf,
  scrollSettled,
  setMarker,
  waitForHydration,
} from './harness/page';
export { see } from './harness/see';
export { eventually } from '../support/eventually';
