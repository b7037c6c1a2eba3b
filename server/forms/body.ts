import express, { type NextFunction, type Request, type Response } from 'express';
import type { ServerTexts } from '../../content/texts/server';
import type { FormDefinition } from './form';
import { isNoScript } from './visitor';

// A form's body: read within its size and its number of fields, as JSON (the page's script) or
// urlencoded (a browser without JavaScript), and the body parsers' errors as the form's refusals.

/** Which of the server's replies says why a body was refused. */
export type BodyRefusal = keyof Pick<ServerTexts['replies'], 'malformed' | 'unsupportedType' | 'tooLarge'>;

/** A form's most fields (urlencoded parameters or JSON keys): no browser sends many more than a form's ten, and no object of thousands of keys is built. */
export const FORM_FIELD_LIMIT = 100;

/**
 * A body's values as far as they could be read, to give back with an error (the visitor keeps
 * what they typed): each text field ('' when missing or not text) and each checkbox (ticked: true).
 */
export function valuesOf<Text extends string, Box extends string>(
  body: unknown,
  texts: readonly Text[],
  boxes: readonly Box[],
): Record<Text, string> & Record<Box, boolean> {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const values: Record<string, string | boolean> = {};
  for (const name of texts) values[name] = typeof b[name] === 'string' ? (b[name] as string) : '';
  for (const name of boxes) values[name] = b[name] === true;
  return values as Record<Text, string> & Record<Box, boolean>;
}

/** Refuses a body: its status and the reply that says why. */
type Reject = (req: Request, res: Response, next: NextFunction, status: number, reply: BodyRefusal) => void;

/**
 * Room for every field at its longest in the costliest encoding (a character of the form's
 * Persian or Danish is up to 3 bytes of UTF-8, percent-encoded 9; a JSON escape is 6), plus the
 * slack: a post within the field limits is never refused as too large (the visitor would get the
 * field's own limit instead, with the text kept). Found by the fuzz tests: at 16 kB a Persian
 * message of 2,800 characters sent without JavaScript came back as "too large", its text gone.
 */
export const bodyLimit = (fieldLimits: Record<string, number>, slack: number) =>
  Object.values(fieldLimits).reduce((sum, n) => sum + n, 0) * 9 + slack;

type BodyRules = Pick<FormDefinition<unknown, object>, 'id' | 'fieldLimits' | 'bodySlack' | 'fieldCount' | 'fields'>;

/** Bytes a field of a short name and value takes in a body (`&extra99=1`, `"extra99":"1",` and room to spare). */
const SHORT_FIELD = 32;

/**
 * A form's body limit must leave room for the check of its field count: a post of one field too
 * many, each short, is read whole and refused as too many fields (400, its own fields given back),
 * not as too large (413). Checked when the form is defined (formRouter): a limit of fieldLimits × 9
 * + bodySlack under (fieldCount + 1) × 32 bytes is a mistake of the definition (raise bodySlack).
 */
function checkFieldRoom(form: BodyRules): number {
  const limit = bodyLimit(form.fieldLimits, form.bodySlack);
  const least = (form.fieldCount + 1) * SHORT_FIELD;
  if (limit < least)
    throw new Error(
      `form ${form.id}: its body limit (${limit} bytes) leaves no room for the check of its field count, which needs ${least} (fieldCount + 1 short fields): raise bodySlack by ${least - limit}`,
    );
  return limit;
}

/** Size and number of fields: read before the limits, so that even their answer is in the visitor's language. */
export function parseBody(form: BodyRules, reject: Reject) {
  const limit = checkFieldRoom(form);
  const json = express.json({ limit, strict: false });
  const urlencoded = express.urlencoded({ limit, extended: false, parameterLimit: form.fieldCount });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.is('application/json'))
      return json(req, res, (err?: unknown) => {
        if (err) return next(err);
        // JSON has no parameter limit of its own: an object of thousands of keys is refused like such a form.
        const body: unknown = req.body;
        if (typeof body === 'object' && body !== null && Object.keys(body).length > form.fieldCount) {
          req.body = undefined;
          return reject(req, res, next, 400, 'malformed');
        }
        next();
      });
    if (isNoScript(req)) return urlencoded(req, res, next);
    return reject(req, res, next, 415, 'unsupportedType');
  };
}

/** The body parsers' errors: too large, too many fields, unreadable, an unsupported charset. */
export function bodyErrors(form: BodyRules, reject: Reject) {
  return (err: { status?: number; type?: string; body?: unknown }, req: Request, res: Response, next: NextFunction) => {
    if (err.type === 'entity.too.large') return reject(req, res, next, 413, 'tooLarge');
    // A form with more fields than a browser sends: refused like any other, its own fields given back.
    if (err.type === 'parameters.too.many' && typeof err.body === 'string') {
      const params = new URLSearchParams(err.body);
      req.body = Object.fromEntries(form.fields.map((field) => [field, params.get(field) ?? '']));
      return reject(req, res, next, 400, 'malformed');
    }
    if (err.status === 415) return reject(req, res, next, 415, 'unsupportedType');
    if (err.status === 400) return reject(req, res, next, 400, 'malformed');
    next(err);
  };
}
