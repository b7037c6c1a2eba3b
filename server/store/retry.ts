import { RedisForgot } from './marker';

// A command whose reply comes later than the client's timeout (server/store/redis.ts: 1 s) may
// still have run. The stores' commands that a press or a request cannot do without are written
// so that running twice is running once (each carries its own claim or token), and are asked
// again here, a little later each time, before the caller gives up. A Redis that lost its data
// (marker.ts) is no late reply: that refusal stands at once.

/** The waits between attempts: four attempts within about 3 s of waiting. */
const WAITS_MS = [200, 800, 2_000];

/** The command's answer, asked again after a failure; the last failure thrown. Only for commands that may run twice. */
export async function retried<T>(command: () => Promise<T>): Promise<T> {
  for (const wait of WAITS_MS) {
    try {
      return await command();
    } catch (err) {
      if (err instanceof RedisForgot) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  return command();
}
