import type { NextFunction, Request, Response } from 'express';
import { languages } from '../../content/languages';
import { serverTexts } from '../../content/serverTexts';
import { withPhone } from '../../views/format';
import { langOfPath, paths } from '../../views/routes';
import { escapeHtml } from './escapeHtml';

// What is left when nothing else answered: a missing file, or a failure.

/** A path nothing answered (a page never gets here: an unknown one shows the home page). */
export function notFound(req: Request, res: Response) {
  res.status(404).type('text/plain; charset=utf-8').send(serverTexts[langOfPath(req.path)].fileNotFound);
}

/** The page of a failure: plain, in the path's language, with the practice's phone number. */
function errorPage(lang: ReturnType<typeof langOfPath>): string {
  const { title, text, home } = serverTexts[lang].serverError;
  const dir = languages[lang].dir === 'rtl' ? ' dir="rtl"' : '';
  return [
    '<!doctype html>',
    `<html lang="${lang}"${dir}>`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      `<title>${escapeHtml(title)}</title></head>`,
    '<body>',
    '<main>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(withPhone(text, lang))}</p>`,
    `<p><a href="${paths.home[lang]}">${escapeHtml(home)}</a></p>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A request that fails: a plain page in its language, the stack in the log only. */
export function errors(
  err: { status?: number; statusCode?: number },
  req: Request,
  res: Response,
  _next: NextFunction,
) {
  const status = err.status ?? err.statusCode ?? 500;
  if (status === 404) return notFound(req, res);
  // A client's mistake (a bad path, a NUL, a body too large) is the visitor's, not the site's:
  // noted without a stack, so that the error level holds only what the operator must look at.
  if (status >= 400 && status < 500)
    req.log.info({ status, type: (err as { type?: unknown }).type }, 'request refused');
  else req.log.error({ err }, 'request failed');
  if (res.headersSent) return;
  res
    .status(status >= 400 && status < 600 ? status : 500)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(errorPage(langOfPath(req.path)));
}
