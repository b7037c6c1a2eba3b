import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { BODY_LIMIT } from '../server/contact/endpoint';
import { maxLength } from '../views/forms/fields';
import { expectBounded, form, json, jsonOfSize } from './support/bounded';
import { startTestServer, visitorMessage, type BuiltServer } from './support/builtServer';
import { fuzzParams, fuzzRuns } from './support/fuzz';
import { raw, type RawRequest } from './support/rawHttp';

// Requests of every shape at and near every limit the server has (each field's length, the body's
// size, the form's number of fields, the length of a path and of a header), made of the pieces
// that cost a backtracking pattern most, against the built server: each is answered within the
// bound (test/support/bounded.ts), never with a 5xx, while /healthz goes on answering.

let server: BuiltServer;
let outbox: string;

beforeAll(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), 'fuzz-limits-outbox-'));
  // Behind a proxy (X-Forwarded-For is read), mail to the outbox, no limit in the way.
  server = await startTestServer({
    OUTBOX_DIR: outbox,
    TRUST_PROXY: '1',
    CONTACT_RATE_LIMIT: '10000',
    CONTACT_SITE_LIMIT: '0',
  });
  for (let i = 0; i < 3; i++) await raw(server.port, { target: '/kontakt' });
}, 20_000);

afterAll(async () => {
  server?.kill();
  await rm(outbox, { recursive: true, force: true });
});

/** Runs of these are what the old patterns tried again and again: separators, @, dots, spaces, slashes, and text beyond ASCII. */
const piece = fc.constantFrom(
  '.',
  '@',
  ' ',
  '/',
  '\\',
  'a.',
  '.@',
  'a@',
  '@.',
  '\u2028',
  '\u0085',
  '\t',
  'ø',
  '٣',
  '"',
  '%',
  '&',
  '=',
  '+',
  '=?',
  ',',
  ';',
  '<',
);
const near = fc.integer({ min: -3, max: 3 });
const field = fc.constantFrom('name', 'email', 'phone', 'message') as fc.Arbitrary<keyof typeof maxLength>;
/** Before and after the run: "a@" + dots + "@" stalled the process for 21 s. */
const around = fc.tuple(fc.constantFrom('', 'a', 'a@', '@'), fc.constantFrom('', '@', 'a', '@a.b'));

/** A JSON post: one field at its limit, or the whole body at its limit, give or take a few. */
const jsonPost = fc.oneof(
  fc
    .tuple(field, piece, near)
    .map(([f, p, d]) =>
      json({ ...visitorMessage, [f]: p.repeat(Math.ceil((maxLength[f] + d) / p.length)).slice(0, maxLength[f] + d) }),
    ),
  fc.tuple(field, piece, near, around).map(([f, p, d, a]) => jsonOfSize(f, p, BODY_LIMIT + d, a)),
);

/** A form post: a field at the body's limit, or fields around the limit of how many (100). */
const formPost = fc.oneof(
  fc.tuple(field, piece, near, around).map(([f, p, d, [before, after]]) => {
    const value = encodeURIComponent(p);
    const room = BODY_LIMIT + d - f.length - 1 - encodeURIComponent(before + after).length;
    return form(
      `${f}=${encodeURIComponent(before)}${value.repeat(Math.floor(room / value.length))}${encodeURIComponent(after)}`,
    );
  }),
  fc
    .tuple(fc.integer({ min: 95, max: 105 }), piece)
    .map(([n, p]) => form(Array.from({ length: n }, (_v, i) => `f${i}=${encodeURIComponent(p)}`).join('&'))),
);

/** A GET whose path is a long run of a piece (up to the 16 kB Node takes for a request head, and beyond it). */
const longPath = fc
  .tuple(
    fc.constantFrom('/', '\\', '/a', '//', '/\\', '%2F', '.'),
    fc.constantFrom(4_000, 8_000, 15_000, 16_500),
    near,
    fc.boolean(),
  )
  .map(
    ([p, n, d, trailing]): RawRequest => ({
      target: `/${p.repeat(Math.floor((n + d) / p.length))}${trailing ? 'a/' : ''}`,
    }),
  );

/** A page request with one long header the server reads. */
const longHeader = fc
  .tuple(
    fc.constantFrom(
      'X-Forwarded-For',
      'X-Forwarded-Proto',
      'Accept-Encoding',
      'X-Request-Id',
      'Referer',
      'Authorization',
    ),
    piece,
    fc.constantFrom(1_000, 8_000, 15_000, 16_500),
  )
  .map(
    ([name, p, n]): RawRequest => ({
      target: '/kontakt',
      headers: { [name]: p.repeat(Math.floor(n / p.length)).replace(/[\r\n\u0085\u2028]/g, ',') },
    }),
  );

/** Tried first, every run: the shapes the probe found, which random choices meet only rarely. */
const probed: [RawRequest][] = [
  [jsonOfSize('email', '.', BODY_LIMIT, ['a@', '@'])],
  [form(`email=a%40${'.'.repeat(BODY_LIMIT - 40)}%40`)],
  [{ target: `/a${'/'.repeat(15_000)}a/` }],
];

test(
  'every request at the limits is answered within the bound, never with a 5xx, while /healthz answers',
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(jsonPost, formPost, longPath, longHeader), async (request) => {
        const answer = await expectBounded(server, request);
        expect(answer.status).toBeGreaterThanOrEqual(200);
        expect(answer.status).toBeLessThan(500);
      }),
      { ...fuzzParams(60), examples: probed },
    );
  },
  Math.max(60_000, fuzzRuns(60) * 2_000),
);
