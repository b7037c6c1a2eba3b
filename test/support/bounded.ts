import { cpuUs } from '../../scripts/processStats';
import type { BuiltServer } from './builtServer';
import { visitorMessage } from './builtServer';
import { raw, rawSent, type RawRequest } from './rawHttp';

// What the tests of the cost of inputs share (test/security-probe.test.ts, test/fuzz-limits.slow.test.ts):
// contact posts of any shape and size, and the check that the server spent no more than the bound
// of its CPU time on one while it went on answering /healthz. CPU time, not the time until the
// answer: on a loaded machine a request waits for a core, and that is not what the input cost.

/**
 * Milliseconds of the server's CPU time: far above what a page or a refusal takes here (a few
 * ms), far below what the probe measured (0.5 to 21 s).
 */
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

/**
 * The server spent less than the bound of CPU time answering the request and a /healthz sent
 * while it was being handled (where /proc gives no CPU time, the time until the answer counts).
 */
export async function expectBounded(server: BuiltServer, request: RawRequest) {
  const before = cpuUs(server.child.pid);
  const { answer, sent } = rawSent(server.port, request);
  await sent;
  const health = await raw(server.port, { target: '/healthz' });
  const a = await answer;
  const after = cpuUs(server.child.pid);
  const cost = before !== undefined && after !== undefined ? (after - before) / 1000 : a.ms;
  const what = `${request.method ?? 'GET'} ${request.target.slice(0, 40)} (${Buffer.byteLength(request.body ?? '')} bytes)`;
  const within = cost < BOUND_MS ? 'within the bound' : `${Math.round(cost)} ms, beyond ${BOUND_MS} ms`;
  expect({ what, status: a.status, cost: within }).toEqual({ what, status: a.status, cost: 'within the bound' });
  expect(health.status).toBe(200);
  return a;
}
