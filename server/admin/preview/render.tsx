import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { renderToString } from 'react-dom/server';
import { siteTexts } from '../../../content/siteTexts';
import { App } from '../../../views/App';
import { loadPage } from '../../../views/loadPage';
import { paths } from '../../../views/routes';
import { previewDocument } from './page';
import type { PreviewReply, PreviewTask } from './task';

// The preview thread's side (bundled as dist/preview.js, its content files read through
// posted.ts): one page rendered by the site's own views from the file she posted and the
// committed others, sent back, and the thread ends. No loader runs: the booking page shows no
// free times, the contact page no sent message.

async function render({ preview: { page, lang }, settings, css }: PreviewTask): Promise<string> {
  const site = siteTexts[lang];
  const { element } = await loadPage(page, lang);
  const body = renderToString(
    <App path={paths[page][lang]} site={site} settings={settings}>
      {element}
    </App>,
  );
  return previewDocument({ lang, title: site.titles[page], css, body });
}

const send = (reply: PreviewReply) => parentPort?.postMessage(reply);

if (!isMainThread && (workerData as Partial<PreviewTask> | null)?.preview)
  render(workerData as PreviewTask).then(
    (html) => send({ html }),
    // Our own words only: a library's message could quote what she wrote.
    (err: unknown) => send({ error: `the page could not be rendered (${(err as Error)?.name ?? 'unknown error'})` }),
  );
