import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { startRedis } from '../test/support/redis';
import { benchFeed } from './bench-booking';
import { type ProductionServerOptions, startProductionServer } from './productionServer';

// For `npm run bench`: the built server as production runs it with online booking on, its
// calendar a feed of a few hundred events (scripts/bench-booking.ts) served over https from
// loopback, as a provider serves it (production takes https feeds only). The feed's self-signed
// certificate is trusted by that server alone, through NODE_EXTRA_CA_CERTS. Booking in production
// keeps its holds in Redis (decision 0028): a redis-server of its own on loopback, unless the
// caller names one.

export async function startBookingServer(env: Record<string, string> = {}, options: ProductionServerOptions = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-feed-'));
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const ca = path.join(dir, 'feed-ca.pem');
  await writeFile(ca, pems.cert);
  const { text } = benchFeed(Date.now());
  const feed = createServer({ key: pems.private, cert: pems.cert }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(text);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  const { port } = feed.address() as AddressInfo;
  const redis = env.REDIS_URL ? null : await startRedis();
  const server = await startProductionServer(
    {
      ...(redis ? { REDIS_URL: redis.url } : {}),
      BOOKING_CALENDAR_URL: `https://127.0.0.1:${port}/secret/calendar.ics`,
      // Production requires the answer links' key; a fresh one per run.
      BOOKING_SECRET: randomBytes(32).toString('hex'),
      NODE_EXTRA_CA_CERTS: ca,
      ...env,
    },
    options,
  );
  // The first read runs in the background: until it is done, the page offers no times.
  for (
    let i = 0;
    !(await (await fetch(`${server.base}/booking?service=individuel`)).text()).includes('name="start"');
    i++
  ) {
    if (i > 100) throw new Error('bench: the booking server offers no times (is the feed read?)');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    ...server,
    async stop() {
      await server.stop();
      feed.close();
      await redis?.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
