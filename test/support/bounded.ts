import { visitorMessage } from './builtServer';
import { raw, rawSent, type RawRequest } from './rawHttp';

// What the tests of the cost of inputs share (test/security-probe.test.ts, test/fuzz-limits.slow.test.ts):
// contact posts of any shape and size, and the check that an answer came within the bound while
// the process went on answering /healthz.

/** Far above what a page or a refusal takes here (a few ms), far below what the probe measured (0.5 to 21 s). */
export const BOUND_MS = 200;

export const json = (body: unknown): RawRequest => ({
  method: 'POST',
  target: '/api/contact.php',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** As the contact page posts it without JavaScript (its origin: the proxy says http, the Host is 127.0.0.1). */
export const form = (body: string): RawRequest => ({
  method: 'POST',
  target: '/api/contact.php',
  headers: {
    'Content-Type': 'application/x-www-form-urlencoded',
    Origin: 'http://127.0.0.1',
    'X-Forwarded-Proto': 'http',
  },
  body,
});

/** A JSON post whose one field is `fill` repeated (between `around`) until the whole body is at most `bytes` long. */
export function jsonOfSize(
  field: string,
  fill: string,
  bytes: number,
  around: [string, string] = ['', ''],
): RawRequest {
  const empty = JSON.stringify({ ...visitorMessage, [field]: around.join('') });
  const room = bytes - Buffer.byteLength(empty);
  const unit = Buffer.byteLength(JSON.stringify(fill)) - 2;
  return json({
    ...visitorMessage,
    [field]: around[0] + fill.repeat(Math.max(0, Math.floor(room / unit))) + around[1],
  });
}

/** The request answered within the bound, and a /healthz sent while it was being handled too. */
export async function expectBounded(port: number, request: RawRequest) {
  const { answer, sent } = rawSent(port, request);
  await sent;
  const health = await raw(port, { target: '/healthz' });
  const a = await answer;
  const what = `${request.method ?? 'GET'} ${request.target.slice(0, 40)} (${Buffer.byteLength(request.body ?? '')} bytes)`;
  expect({ what, status: a.status, within: a.ms < BOUND_MS, ms: Math.round(a.ms) }).toEqual({
    what,
    status: a.status,
    within: true,
    ms: expect.any(Number),
  });
  expect({ health: health.status, within: health.ms < BOUND_MS }).toEqual({ health: 200, within: true });
  return a;
}
