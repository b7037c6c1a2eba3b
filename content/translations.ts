import type { Lang } from './languages';
import type { PageTexts } from './links';
import type { PageId } from './pages';

// Each language's page texts, from its JSON files (content/<lang>/<file>.json), loaded on demand:
// a visitor's browser fetches only its own language's texts, and only for the pages it shows
// (the first one comes inside the document; see views/pageData.ts). What finds the files and puts
// them together (content/pageWords.ts, content/links.ts, the one loader content/words.ts) comes
// with the first texts a navigation needs: a page's script carries none of it.

type Loaders = { [P in PageId]: () => Promise<PageTexts[P]> };

/** Put together once (Persian isolated once), and again after a failure (a chunk the browser could not fetch). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  const retry = (error: unknown): never => {
    made = undefined;
    throw error;
  };
  return () => {
    made ??= make().catch(retry);
    return made;
  };
}

function loaders(lang: Lang): Loaders {
  const page = <P extends PageId>(id: P) => once(async () => (await import('./links')).pageTexts(lang, id));
  return {
    home: page('home'),
    about: page('about'),
    therapy: page('therapy'),
    prices: page('prices'),
    booking: page('booking'),
    contact: page('contact'),
    privacy: page('privacy'),
  };
}

export const translations: Record<Lang, Loaders> = { da: loaders('da'), en: loaders('en'), fa: loaders('fa') };
