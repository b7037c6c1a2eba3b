import path from 'node:path';
import { startTestServer } from './support/builtServer';

// `npm run dev`'s server: the sources through tsx under node --watch, compiled as they load (a few
// seconds of CPU before it listens), hence in the slow suite. The built server's own start-up with
// booking on is test/booking-config.test.ts's.

const SAMPLE = path.resolve(__dirname, '..', 'docs', 'sample-calendar.ics');

test("npm run dev's server (the sources through tsx, under node --watch) reads the feed on its thread: the start-up line says booking on", async () => {
  // Under --watch, Node posts on a thread's port the files the thread loads: the reader must take only the parser's messages.
  const server = await startTestServer(
    { BOOKING_CALENDAR_URL: SAMPLE },
    {
      serverJs: 'server/process/index.ts',
      nodeArgs: ['--import', 'tsx', '--watch', '--watch-path=server'],
      // --watch runs the server as its child: stopped with its process group.
      detached: true,
    },
  );
  try {
    const line = await server.waitForLine((l) => typeof l.msg === 'string' && l.msg.startsWith('booking on'));
    expect(line.msg).toMatch(
      /^booking on: calendar feed from file sample-calendar\.ics, \d+ busy blocks in the next 42 days, read just now; every invitation in the calendar counts as busy, accepted or not: the feed does not say whose calendar it is \(set BOOKING_CALENDAR_OWNER\)$/,
    );
  } finally {
    server.kill();
    await server.exited;
  }
});
