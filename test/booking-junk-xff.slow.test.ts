import { offeredStarts, requestFor, SAMPLE_FEED } from './support/booking';
import { alive, asJson, send, startTestServer, type BuiltServer } from './support/builtServer';
import { useSmtp } from './support/smtp';

// Slow (2.5 minutes on the shared 2-core machine): for `npm run test:slow`. Unique 8 kB X-Forwarded-For values against the
// booking endpoint of the built server with a 64 MB heap: before, each value was a visitor of its
// own, never limited, and the heap was exhausted after about 4,900 posts (the contact form
// survived 12,000). Now every such value is the proxy's address, one visitor: 12,000 posts are
// refused but a few, the process lives, and no value reaches the log.

const POSTS = 12_000;
const AT_ONCE = 8;

const smtp = useSmtp();
let server: BuiltServer;
beforeAll(async () => {
  server = await startTestServer({
    SMTP_URL: smtp.url,
    BOOKING_CALENDAR_URL: SAMPLE_FEED,
    TRUST_PROXY: '1',
    NODE_OPTIONS: '--max-old-space-size=64',
  });
  await server.waitForLine((l) => /^booking on/.test(String(l.msg)), 10_000);
}, 20_000);
afterAll(async () => {
  server?.kill();
});

test(`${POSTS} booking posts, each with its own 8 kB X-Forwarded-For value, on a 64 MB heap: one visitor, the process lives`, async () => {
  const times = await send(server.port, 'GET', '/booking?service=individuel', asJson);
  const start = offeredStarts((JSON.parse(times.body) as { html: string }).html)[0] as string;
  const body = requestFor('individuel', start);
  const statuses = new Map<number, number>();
  let next = 0;
  async function lane() {
    while (next < POSTS) {
      const i = next++;
      const junk = `${i}-${'j'.repeat(8 * 1024)}`;
      const { status } = await send(server.port, 'POST', '/api/booking', {
        json: body,
        headers: { 'X-Forwarded-For': junk },
      });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
  expect(alive(server.child.pid!)).toBe(true);
  // One request held and mailed; those at the same moment told it was just taken; the rest refused.
  expect(statuses.get(200)).toBe(1);
  expect((statuses.get(409) ?? 0) + (statuses.get(429) ?? 0)).toBe(POSTS - 1);
  expect(statuses.get(429)).toBeGreaterThan(POSTS - 20);
  expect(smtp.received).toHaveLength(1);
  expect((await send(server.port, 'GET', '/healthz')).status).toBe(200);
  expect(server.output()).not.toContain('jjjjjjjj');
}, 600_000);
