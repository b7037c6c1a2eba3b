import fc from 'fast-check';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { langs, type Lang } from '../content/languages';
import { practiceMail as t } from '../content/practiceMail';
import { parseContact } from '../views/contact/validation';
import { formatPhone } from '../views/format';
import { paths, sentQuery } from '../views/routes';
import { makeApp } from './support/app';
import { asReactWrites } from './support/html';
import { useSmtp } from './support/smtp';
import {
  anyContactBody,
  anyKey,
  anyText,
  anyValue,
  asMailed,
  documentedReplies,
  fuzzParams,
  fuzzRuns,
  langOfBody,
  likelyValid,
  type Documented,
} from './support/fuzz';

// POST /api/contact.php with generated bodies, JSON and the no-JavaScript form's urlencoded ones.
// Never a 500, always a documented reply in the request's language, and an accepted message is
// delivered as typed: the real mailer sends it over STARTTLS to a real SMTP server, and the mail is
// read back with a real mail parser (the text/plain part, as the practice's mail program shows it).

const smtp = useSmtp();
let documented: Record<Lang, Documented>;
let app: ReturnType<typeof makeApp>['app'];
let origin: string;

beforeAll(async () => {
  documented = await documentedReplies();
  const made = makeApp({ env: { SMTP_URL: smtp.url, CONTACT_RATE_LIMIT: '10000', CONTACT_SITE_LIMIT: '0' } });
  app = made.app;
  origin = new URL(made.config.baseUrl).origin;
});

/** Each property's time: a minute, or more for `npm run fuzz`'s thousands of runs. */
const timeout = Math.max(60_000, fuzzRuns(100) * 1_000);

/** As a browser posts from the contact page of `lang` (its Referer decides the language of a body that cannot be read). */
const postJson = (payload: string, lang: Lang = 'da') =>
  request(app)
    .post('/api/contact.php')
    .set('Content-Type', 'application/json')
    .set('Referer', `${origin}${paths.contact[lang]}`)
    .send(payload);
const postForm = (payload: string) =>
  request(app)
    .post('/api/contact.php')
    .set('Content-Type', 'application/x-www-form-urlencoded')
    .set('Origin', origin)
    .send(payload);

/** The mails received since the last call, parsed. */
let seen = 0;
async function newMails() {
  const fresh = smtp.received.slice(seen);
  seen = smtp.received.length;
  return Promise.all(fresh.map((m) => simpleParser(m.raw)));
}

function expectDocumentedJson(res: request.Response, lang: Lang) {
  expect([200, 400, 413]).toContain(res.status);
  expect(res.type).toBe('application/json');
  const body = res.body as { success?: unknown; error?: unknown; fields?: Record<string, string> };
  expect(typeof body.success).toBe('boolean');
  if (body.success) return expect(res.status).toBe(200);
  expect(documented[lang].errors.has(body.error as string)).toBe(true);
  for (const text of Object.values(body.fields ?? {})) expect(documented[lang].fields.has(text)).toBe(true);
}

/** A one-line field as the server takes it: no invisible format character (Unicode's Cf but ZWNJ and ZWJ). */
const noDirection = (text: string) => text.replace(/[^\P{Cf}\u200C\u200D]/gu, '');
/** A header-safe line, as the mail writes the name and phone: no control character, line separator or format character. */
const oneLine = (text: string) =>
  noDirection(text)
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .trim();

/** What the practice reads: every line the visitor typed, as typed (trimmed), in the text part. */
async function expectDelivered(m: { name: string; email: string; phone: string; message: string }) {
  const mails = await newMails();
  expect(mails).toHaveLength(1);
  const text = asMailed(mails[0]!.text ?? '').replace(/\n$/, '');
  expect(text.slice(text.indexOf(`\n${t.message}\n`))).toBe(`\n${t.message}\n${asMailed(m.message.trim())}`);
  // The address as typed, its domain in lower case (as Reply-To writes it; a domain's case means nothing).
  const typedEmail = noDirection(m.email).trim();
  const at = typedEmail.lastIndexOf('@');
  const email = typedEmail.slice(0, at + 1) + typedEmail.slice(at + 1).toLowerCase();
  expect(text).toContain(`\n${t.email}: ${email}\n`);
  // The phone as Danish numbers are written when it is one ('12 34 56 78'), else as typed.
  if (m.phone.trim()) expect(text).toContain(`\n${t.phone}: ${asMailed(formatPhone(oneLine(m.phone)).text)}\n`);
  // The name stands on one line (a line break in it could forge the lines after it).
  expect(text).toContain(`\n${t.name}: ${asMailed(oneLine(m.name))}\n`);
  // Reply goes to exactly the address shown, and the subject reads as the name was typed.
  expect(mails[0]!.replyTo?.value).toEqual([{ name: '', address: email }]);
  expect(mails[0]!.subject?.startsWith(`Ny henvendelse fra ${asMailed(oneLine(m.name))}`)).toBe(true);
}

test(
  'JSON: any value never gets a 500, always a documented reply in its language',
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyContactBody, anyValue), async (body) => {
        const res = await postJson(JSON.stringify(body) ?? 'null', langOfBody(body));
        expectDocumentedJson(res, langOfBody(body));
      }),
      fuzzParams(250),
    );
  },
  timeout,
);

test(
  'JSON: any text as the body (mostly not JSON) is refused in Danish, never a 500',
  async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (raw) => {
        const res = await postJson(raw);
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          // Not JSON (an empty body reads as no fields at all): refused, in Danish as no page said otherwise.
          expect(res.status).toBe(400);
          return expect([documented.da.server.malformed, documented.da.server.invalid]).toContain(res.body.error);
        }
        expectDocumentedJson(res, langOfBody(body));
      }),
      fuzzParams(200),
    );
  },
  timeout,
);

test(
  'JSON: a message the rules accept is delivered, and the mail holds what was typed',
  async () => {
    await newMails();
    await fc.assert(
      fc.asyncProperty(likelyValid, fc.constantFrom(...langs), async (m, lang) => {
        const res = await postJson(JSON.stringify({ ...m, lang }), lang);
        const d = documented[lang];
        expectDocumentedJson(res, lang);
        const accepted = parseContact(m, d.rules, d.server, lang).ok;
        expect(res.body.success).toBe(accepted);
        if (accepted) await expectDelivered(m);
        else expect(await newMails()).toHaveLength(0);
      }),
      fuzzParams(60),
    );
  },
  timeout,
);

/** Without JavaScript: pairs as the browser encodes them, repeated and prototype keys included. */
const formPairs = fc.array(fc.tuple(anyKey, fc.oneof(anyText, fc.constantFrom('true', 'da', 'en', 'fa'))), {
  maxLength: 8,
});

test(
  'no-JS form: any fields never get a 500; refusals re-render the form in the language asked for, holding the message typed',
  async () => {
    await fc.assert(
      fc.asyncProperty(formPairs, likelyValid, fc.boolean(), async (pairs, m, withMessage) => {
        const base: [string, string][] = withMessage
          ? [
              ['name', m.name],
              ['message', m.message],
            ]
          : [];
        const params = new URLSearchParams([...base, ...pairs]);
        const res = await postForm(params.toString());
        // A repeated field is a list, not a language: Danish then.
        const given = params.getAll('lang');
        const lang =
          given.length === 1 && (given[0] === 'da' || given[0] === 'en' || given[0] === 'fa') ? given[0] : 'da';
        expect([303, 400, 413]).toContain(res.status);
        if (res.status === 303) return expect(res.headers.location).toBe(`${paths.contact[lang]}?${sentQuery[lang]}=1`);
        expect(res.type).toBe('text/html');
        // A body far beyond the limits (413) is not read: its language is unknown, and without a Referer it is Danish.
        expect(res.text).toContain(`<html lang="${res.status === 413 ? 'da' : lang}"`);
        const typed = params.get('message');
        // A single message field comes back in the textarea (escaped as HTML); a repeated one is refused as not text.
        if (res.status === 400 && typed !== null && params.getAll('message').length === 1 && typed.length > 0) {
          expect(res.text.replace(/\r\n?/g, '\n')).toContain(asReactWrites(asMailed(typed)));
        }
      }),
      fuzzParams(80),
    );
  },
  timeout,
);

test(
  'no-JS form: a message the rules accept is delivered as typed and the visitor lands on the thank-you card',
  async () => {
    await newMails();
    await fc.assert(
      fc.asyncProperty(likelyValid, fc.constantFrom(...langs), async (m, lang) => {
        const params = new URLSearchParams({
          name: m.name,
          email: m.email,
          phone: m.phone,
          message: m.message,
          consent: 'true',
          lang,
        });
        const res = await postForm(params.toString());
        const d = documented[lang];
        // What the form posts is what the browser encoded: lone surrogates become U+FFFD on the way.
        const sent = {
          name: asMailed(m.name),
          email: asMailed(m.email),
          phone: asMailed(m.phone),
          message: asMailed(m.message),
        };
        const accepted = parseContact({ ...sent, consent: true }, d.rules, d.server, lang).ok;
        // Refused: for its fields (400), or, far beyond their limits, for its size (413).
        expect(accepted ? [303] : [400, 413]).toContain(res.status);
        if (accepted) await expectDelivered(sent);
        else expect(await newMails()).toHaveLength(0);
      }),
      fuzzParams(40),
    );
  },
  timeout,
);
