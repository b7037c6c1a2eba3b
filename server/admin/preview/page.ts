import { languages, type Lang } from '../../../content/languages';
import { standalonePage } from '../../booking/standalonePage';
import { escapeHtml } from '../../http/escapeHtml';

// What the preview pane shows: the page as the site renders it, or in Danish why it cannot yet.
// Both on the editor's host, with the site's stylesheet from there (server/http/editor.ts) and
// /admin/preview.css, which makes the page's links and buttons inert: the pane shows one page.

/** What the pane says instead of the page, in Danish (the editor's own words follow her browser). */
export const PREVIEW_TEXTS = {
  title: 'Forhåndsvisning',
  problems: 'Siden kan vises, når dette er rettet',
  problemsLead: 'Det samme ville stoppe ændringen, når du gemmer:',
  notJson: 'Filens indhold kunne ikke læses. Prøv at genindlæse redigeringen.',
  noPreview: 'Denne fil vises ikke på en side, der kan forhåndsvises.',
  busy: 'Forhåndsvisningen har travlt. Den vises igen, når du skriver videre.',
  tooMany: 'For mange forhåndsvisninger på kort tid. Den vises igen om lidt.',
  failed: 'Forhåndsvisningen kunne ikke laves. Din ændring kan stadig gemmes og tjekkes.',
  logInAgain: 'Log ind igen for at se forhåndsvisningen: vælg »Log ud« i kontomenuen, og log ind med GitHub.',
} as const;

const PREVIEW_CSS = '/admin/preview.css';

/** The page's body (App's HTML) in a document of its own. */
export function previewDocument(p: { lang: Lang; title: string; css: string; body: string }): string {
  return standalonePage({
    lang: p.lang,
    dir: languages[p.lang].dir,
    title: `<title>${escapeHtml(`${PREVIEW_TEXTS.title}: ${p.title}`)}</title>`,
    css: p.css,
    head: [`<link rel="stylesheet" href="${PREVIEW_CSS}">`],
    body: `<div id="root">${p.body}</div>`,
  });
}

/** Why the pane shows no page: a sentence, and the check's lines (each naming file and key), if any. */
export function notShownPage(css: string, said: string, lines: readonly string[] = []): string {
  const list = lines.length ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : '';
  return standalonePage({
    lang: 'da',
    title: `<title>${PREVIEW_TEXTS.title}</title>`,
    css,
    head: [`<link rel="stylesheet" href="${PREVIEW_CSS}">`],
    body: `<main class="section"><div class="container prose"><p role="status">${escapeHtml(said)}</p>${list}</div></main>`,
  });
}
