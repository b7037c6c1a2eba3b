import { themeColorTags } from '../http/themeColor';

// A page of booking's own beside the site's route table (her answer page, server/booking/decision/;
// the client's page, server/booking/manage/): rendered by the server only, with the site's
// stylesheet and both colour schemes, never indexed, and a referrer only to the site itself (the
// link's token is in the address; a form's POST keeps its Origin, which the pipeline checks).

export interface StandalonePage {
  lang: string;
  /** The document's direction; none: the language's default. */
  dir?: 'ltr' | 'rtl';
  /** The <title> element, made by the caller (escaped there). */
  title: string;
  /** The stylesheet's hashed path. */
  css: string;
  /** The <body>'s markup. */
  body: string;
  /** More for the <head> (a script of the page's own). */
  head?: readonly string[];
}

export function standalonePage(p: StandalonePage): string {
  return [
    '<!doctype html>',
    `<html lang="${p.lang}"${p.dir ? ` dir="${p.dir}"` : ''}>`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="same-origin">',
    '<meta name="color-scheme" content="light dark">',
    ...themeColorTags,
    p.title,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<link rel="stylesheet" href="${p.css}">`,
    ...(p.head ?? []),
    '</head>',
    `<body>${p.body}</body>`,
    '</html>',
    '',
  ].join('\n');
}
