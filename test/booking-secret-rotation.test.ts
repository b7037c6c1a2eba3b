import { randomBytes } from 'node:crypto';
import { startTestServer } from './support/builtServer';

// Rotating BOOKING_SECRET (docs/operations.md#booking_secret): while the previous secret is still
// set, every start says so, so that the operator removes it once its links are answered.

const secret = () => randomBytes(32).toString('base64');
const reminder = (msg: unknown) => /^BOOKING_SECRET_PREVIOUS is set: /.test(String(msg));

test.each([
  ['with BOOKING_SECRET_PREVIOUS', true],
  ['without it', false],
])('a start %s', async (_with, previous) => {
  const server = await startTestServer({
    BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics',
    BOOKING_SECRET: secret(),
    ...(previous ? { BOOKING_SECRET_PREVIOUS: secret() } : {}),
  });
  try {
    await server.waitForLine((l) => /^booking on/.test(String(l.msg)));
    const said = server.lines().filter((l) => reminder(l.msg));
    expect(said.map((l) => l.level)).toEqual(previous ? [40] : []);
    expect(server.output()).not.toMatch(/BOOKING_SECRET_PREVIOUS=|[A-Za-z0-9+/]{43}=/);
  } finally {
    await server.stop();
  }
});
