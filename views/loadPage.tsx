import type { ReactElement } from 'react';
import type { Lang } from '../content/languages';
import type { PageId } from '../content/pages';
import type { PageTexts } from '../content/links';
import { translations } from '../content/translations';
import { pageComponents, type DataOf } from './routes';

export interface LoadedPage<K extends PageId = PageId> {
  element: ReactElement;
  /** What the page was rendered from: the server hands it to the browser with the HTML. */
  texts: PageTexts[K];
}

/**
 * A page's component and its texts in one language, loaded (each module once, then cached) and
 * put together with its loader's data, if any. Texts already at hand (the browser reads the first
 * page's from the document) are not loaded again.
 */
export async function loadPage<K extends PageId>(
  page: K,
  lang: Lang,
  given?: PageTexts[K],
  data?: DataOf<K> | Promise<DataOf<K> | undefined>,
): Promise<LoadedPage<K>> {
  const [Page, texts, found] = await Promise.all([pageComponents[page](), given ?? translations[lang][page](), data]);
  return { element: <Page texts={texts} data={found} />, texts };
}
