import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { langs, type Lang } from '../../content/languages';
import { serverTexts } from '../../content/serverTexts';
import { CONTACT_PATH } from '../../views/contact/send';
import { withPhone } from '../../views/format';
import { paths, routes, sentQuery } from '../../views/routes';
import { asReactWrites } from '../../test/support/html';

// The soak's visitors: page views of all 21 pages as a browser asks for them, and contact
// messages (JSON from the hydrated form, urlencoded from the form without JavaScript), each with
// a unique token in its text, from many addresses (X-Forwarded-For, as the router sets it). Every
// answer is classified as the visitor would experience it. Loopback only; every loop is bounded.

/** What the router adds: the visitor came over https (without it, production redirects to https). */
const ROUTER = { 'X-Forwarded-Proto': 'https' };
/** What Chrome, Firefox and Safari send. */
const BROWSER = { ...ROUTER, 'Accept-Encoding': 'gzip, deflate, br, zstd', Accept: 'text/html,application/xhtml+xml' };

type Outcome =
  /** Told "sent": the token must be in the practice's mailbox. */
  | 'sent'
  /** Told it was not sent, in the visitor's language, the text kept (a refusal or a delivery failure). */
  | 'told'
  /** No answer (connection refused or reset): the browser says so and the form keeps the text. */
  | 'network'
  /** Anything else: a broken promise. */
  | 'untold';

export interface Hit {
  /** ms since the run's start. */
  at: number;
  phase: string;
  kind: 'page' | 'json' | 'form';
  status: number;
  ms: number;
  outcome?: Outcome;
  /** Why a post was refused, as the visitor saw it. */
  reason?: 'invalid' | 'rate-limited' | 'delivery' | 'other';
  token?: string;
  detail?: string;
}

export interface Sent {
  token: string;
  name: string;
  email: string;
  phone: string;
  ip: string;
}

export interface Clock {
  started: number;
  phase: () => string;
  /** The server's port (the same across a restart). */
  port: number;
  /** When to stop starting requests. */
  until: number;
}

interface HttpReply {
  status: number;
  body: string;
  location?: string;
}

function hit(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  keepBody = true,
): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent: false, headers, timeout: 40_000 }, (res) => {
      let text = '';
      if (keepBody) res.setEncoding('utf8');
      res.on('data', (c: string | Buffer) => {
        if (keepBody) text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, location: res.headers.location }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const replies = Object.fromEntries(
  langs.map((lang) => {
    const r = serverTexts[lang].replies;
    return [lang, new Set([r.invalid, withPhone(r.rateLimited, lang), withPhone(r.delivery, lang)])];
  }),
) as Record<Lang, Set<string>>;

/** Page views in `loops` parallel loops until the clock says stop (at most `maxEach` each). */
export async function browse(clock: Clock, hits: Hit[], loops: number, pauseMs: number, maxEach = 100_000) {
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let i = 0; i < maxEach && Date.now() < clock.until; i++) {
        const route = routes[(i * loops + loop) % routes.length]!;
        const phase = clock.phase();
        const t0 = Date.now();
        try {
          const a = await hit(clock.port, 'GET', encodeURI(route.path), BROWSER, undefined, false);
          hits.push({ at: t0 - clock.started, phase, kind: 'page', status: a.status, ms: Date.now() - t0 });
        } catch (err) {
          hits.push({
            at: t0 - clock.started,
            phase,
            kind: 'page',
            status: 0,
            ms: Date.now() - t0,
            detail: (err as Error).message,
          });
          await sleep(100);
        }
        if (pauseMs) await sleep(pauseMs);
      }
    }),
  );
}

/**
 * The shape of each detail a visitor sends (the token, visitor() below), so that one pass over
 * the log finds every place where any of them could be (scripts/soak/logSearch.ts).
 */
export const detailShapes = {
  token: /soak[0-9a-f]+n\d+i\d+z/g,
  name: /Soak Besøger [a-p]{8}/g,
  email: /v\d+\.[0-9a-f]+@example\.com/g,
  ip: /(?<![\d.])10\.\d{1,3}\.\d{1,3}\.\d{1,3}(?!\d)/g,
};

/** One visitor's details, unique to the run, so that the log can be searched for them. */
function visitor(run: string, n: number): Omit<Sent, 'token'> {
  const letters = randomBytes(4)
    .toString('hex')
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!);
  return {
    name: `Soak Besøger ${letters}`,
    email: `v${n}.${run}@example.com`,
    // As Danes write it: "21 34 56 78".
    phone: String(20_000_000 + ((n * 7919 + Number.parseInt(run.slice(0, 6), 36)) % 79_999_999)).replace(
      /(\d\d)(?=\d)/g,
      '$1 ',
    ),
    ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  };
}

/**
 * Contact messages in `loops` parallel loops, one visitor after another: most send one valid
 * message, every tenth (the first among them) sends seven (the limit is five: two are refused), every tenth an invalid one.
 */
export async function write(clock: Clock, hits: Hit[], sent: Sent[], loops: number, pauseMs: number, maxEach = 10_000) {
  const run = randomBytes(3).toString('hex');
  let next = 0;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      for (let v = 0; v < maxEach && Date.now() < clock.until; v++) {
        const n = next++;
        const who = visitor(run, n);
        const lang = langs[n % langs.length]!;
        const kind = n % 2 === 0 ? 'json' : 'form';
        // The first visitor is one of them, so that even a short run on a slow machine meets the limit before the faults.
        const posts = n % 10 === 0 ? 7 : 1;
        const invalid = n % 10 === 6;
        for (let i = 0; i < posts && Date.now() < clock.until + 1_000; i++) {
          const token = `soak${run}n${n}i${i}z`;
          sent.push({ token, ...who });
          const message = `Hej, jeg vil gerne booke en samtale. Reference ${token} – æøå & "tak".`;
          const fields = {
            name: who.name,
            email: invalid ? 'ikke-en-adresse' : who.email,
            phone: who.phone,
            message,
            lang,
          };
          await post(clock, hits, kind, lang, fields, token, who.ip);
        }
        await sleep(pauseMs);
      }
    }),
  );
}

async function post(
  clock: Clock,
  hits: Hit[],
  kind: 'json' | 'form',
  lang: Lang,
  fields: Record<string, string>,
  token: string,
  ip: string,
) {
  const phase = clock.phase();
  const t0 = Date.now();
  const record = (h: Omit<Hit, 'at' | 'phase' | 'kind' | 'ms' | 'token'>) =>
    hits.push({ at: t0 - clock.started, phase, kind, ms: Date.now() - t0, token, ...h });
  const origin = `https://127.0.0.1:${clock.port}`;
  let a: HttpReply;
  try {
    a =
      kind === 'json'
        ? await hit(
            clock.port,
            'POST',
            CONTACT_PATH,
            { ...ROUTER, 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
            JSON.stringify({ ...fields, consent: true }),
          )
        : await hit(
            clock.port,
            'POST',
            CONTACT_PATH,
            { ...ROUTER, 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, 'X-Forwarded-For': ip },
            new URLSearchParams({ ...fields, consent: 'true' }).toString(),
          );
  } catch (err) {
    record({ status: 0, outcome: 'network', detail: (err as Error).message });
    await sleep(100);
    return;
  }
  const reason = (status: number): Hit['reason'] =>
    status === 400 ? 'invalid' : status === 429 ? 'rate-limited' : status === 502 ? 'delivery' : 'other';
  if (kind === 'json') {
    let body: { success?: unknown; error?: unknown } = {};
    try {
      body = JSON.parse(a.body) as typeof body;
    } catch {
      // Not JSON: untold below.
    }
    if (a.status === 200 && body.success === true) return record({ status: a.status, outcome: 'sent' });
    if (body.success === false && typeof body.error === 'string' && replies[lang].has(body.error))
      return record({ status: a.status, outcome: 'told', reason: reason(a.status) });
    return record({ status: a.status, outcome: 'untold', detail: a.body.slice(0, 200) });
  }
  if (a.status === 303 && a.location === `${paths.contact[lang]}?${sentQuery[lang]}=1`)
    return record({ status: a.status, outcome: 'sent' });
  // Without JavaScript: the form again, in the visitor's language, holding what was typed.
  const kept = a.body.includes(asReactWrites(fields.message!)) && a.body.includes(`<html lang="${lang}"`);
  if (a.status >= 400 && kept) return record({ status: a.status, outcome: 'told', reason: reason(a.status) });
  record({ status: a.status, outcome: 'untold', detail: a.body.slice(0, 200) });
}
