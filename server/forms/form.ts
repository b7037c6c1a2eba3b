import type { Request } from 'express';
import type { Lang } from '../../content/languages';

// What a form is to the one pipeline (pipeline.ts): its fields and their limits, its limits'
// configuration, its validation, its action and how it renders an outcome, and what the outcomes
// say and give back.

/** Which counts an outcome gives back: the visitor's, the whole site's. */
export type Count = 'visitor' | 'site';

/**
 * Which counts each kind of the server's own refusal gives back. A count not taken (the site's,
 * for a post refused before the form acts) is not given back: only what was taken returns.
 */
export const refunds = {
  /** The input was refused: it used up nothing, the visitor can correct it. */
  invalid: ['visitor', 'site'],
  /**
   * Nothing was sent (no mail): the time was taken, the calendar unreadable, the held share full,
   * a request already waiting. The site's count is given back; the visitor's stays, as it is
   * what bounds how often one visitor makes the server look.
   */
  nothingSent: ['site'],
  /** The mail server refused it: the visitor may try again; the site's count keeps it (a flood the provider rejects stays limited). */
  notDelivered: ['visitor'],
  /** A bot (the honeypot): its own count stays; the site's was never taken, so bots cannot close the form to everyone. */
  spam: ['site'],
  /** The site's cap turned it away: the visitor's own count is given back. */
  siteLimited: ['visitor'],
  /** The mail was handed over and no reply came: it may have been delivered, so, as for one that went, nothing is given back. */
  mayHaveGone: [],
  none: [],
} as const satisfies Record<string, readonly Count[]>;

/** What every form's reply says; a form adds its own (fields, the booking steps, ...). */
export interface BaseReply {
  success: boolean;
  error?: string;
}
export type FormReply<X extends object> = BaseReply & Partial<X>;

/** How a post ends: its status, its log word, the reply the visitor gets and the counts given back. */
export interface Outcome<X extends object> {
  status: number;
  /** For the log line: what happened, never what the visitor wrote. */
  logWord: string;
  reply: FormReply<X>;
  refund?: readonly Count[];
}

/**
 * How a post whose mail may have gone ends (no reply after the message was handed over:
 * MailOutcomeUnknown, decision 0052): neither sent nor failed. 202 (taken in, its outcome not
 * known) with success false, so the page's script (views/forms/post.ts: sent only when the status
 * is ok and the reply says success) shows the reply's words, a browser without JavaScript gets
 * the form again (the pipeline redirects a success only), and a 5xx's "failed" is not said; the
 * log's word `unknown`; no count given back.
 */
export const mayHaveGone = <X extends object>(reply: FormReply<X>): Outcome<X> => ({
  status: 202,
  logWord: 'unknown',
  reply: { ...reply, success: false },
  refund: refunds.mayHaveGone,
});

export interface Limit {
  limit: number;
  windowMs: number;
}

/** The outcomes of the pipeline's own refusals, before the form has read the request. */
export const pipelineRefusals: readonly string[] = ['rejected', 'rate-limited', 'site-limited'];

/** The request as a form's own steps see it. */
export interface Posted {
  req: Request;
  lang: Lang;
  /** Whom the counts belong to (visitorKey): an IP address or an IPv6 /56, never a header's value. */
  visitor: string;
  /** Posted urlencoded by a browser without JavaScript (answered with a page, not JSON). */
  noScript: boolean;
}

export interface FormDefinition<Value, X extends object> {
  /** 'contact', 'booking': the log's and the operator's name for the form. */
  id: string;
  /** The log line of each outcome: 'contact form', 'booking request'. */
  logMessage: string;
  path: string;
  /** Each text field's longest value (characters): the body limit is computed from them. */
  fieldLimits: Record<string, number>;
  /** Room for the short fields (choices, the language, the checkbox, the field names), in bytes. */
  bodySlack: number;
  /** At most this many fields (urlencoded parameters or JSON keys): no object of thousands of keys is built. */
  fieldCount: number;
  /** The fields given back with a refusal of a form that could not be read as a whole. */
  fields: readonly string[];
  /** Checkboxes, posted as 'true' without JavaScript and as true in JSON. */
  checkboxes: readonly string[];
  /** The visitor's and the whole site's limit (limit 0: no site cap), and where each counts. */
  limits: {
    visitor: Limit;
    site: Limit;
    counters: { visitor: string; site: string };
  };
  /** The form's words for the pipeline's refusals, in the visitor's language, the phone filled in. */
  texts(lang: Lang): Promise<{ rateLimited: string; siteLimited: string }>;
  /** The form's validation (for the answer form: is the link ours): its value, or the outcome that refuses it (refunds.invalid). */
  parse(body: unknown, posted: Posted): Promise<{ ok: true; value: Value } | { ok: false; refused: Outcome<X> }>;
  /** What the form does with a valid post (mail it, hold a time): its outcome. */
  act(value: Value, posted: Posted): Promise<Outcome<X>>;
  /**
   * How an outcome is answered: JSON, or for a post without JavaScript (`to.noScript`) the page
   * again. The pipeline sends either with the outcome's status, so a refusal keeps its status
   * (400, 429, 503, ...) with or without JavaScript: a form has no way to answer one otherwise.
   */
  respond(req: Request, outcome: Outcome<X>, to: Pick<Posted, 'lang' | 'noScript'>): Promise<FormResponse>;
  /**
   * Where a visitor without JavaScript goes after a success (303 See Other), when not to a page
   * `respond` writes: contact's thank-you address, so that reloading it sends nothing again.
   * Only ever for a success.
   */
  seeOther?(lang: Lang): string;
}

/** What `respond` returns: sent by the pipeline with the outcome's status. */
export type FormResponse = { json: object } | { page: string; headers?: Record<string, string> };
