import type { PageId } from '../content/pages';
import type { SiteTexts } from '../content/site';
import type { PageTexts } from '../content/links';
import type { DataOf } from './routes';
import type { SiteSettings } from './settings';

// What the server renders a page from, handed to the browser inside the document (a JSON
// <script>, which CSP allows and the browser never runs), so that it hydrates from exactly the
// same texts without fetching them: gzip shares their bytes with the HTML that shows them.

export const PAGE_DATA_ID = 'page-data';

export interface PageData {
  site: SiteTexts;
  texts: PageTexts[PageId];
  settings: SiteSettings;
  /** What the page's loader found for this request (views/routes.ts: LoaderData), as much as the browser needs of it. */
  data?: DataOf<PageId>;
}
