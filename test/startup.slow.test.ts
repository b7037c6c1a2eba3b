import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CONFIG_REFUSALS,
  expectRefused,
  inTurns,
  type Refusal,
  type RefusalCase,
  refusedByServer,
  startupKeys,
} from './support/refusals';

// Every refusal of start-up through the built server (`node dist/server.js`), each a process of its
// own that loads the whole bundle before it refuses: bad configuration, and bad keys of the
// practice. `npm test` checks each by start-up's own checks in its process and a few through the
// server (startup.test.ts, mail-key-startup.test.ts).

let dir: string;
let keyRefusals: RefusalCase[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'startup-'));
  keyRefusals = (await startupKeys(dir)).refusals;
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('bad configuration: one line naming the variable, exit 1', () => {
  // Two processes at a time from the first test on; each test awaits its own. At load average 25 one took over 10 s.
  let outcomes: Promise<Refusal>[] | undefined;
  const outcome = (i: number) => {
    outcomes ??= inTurns(
      CONFIG_REFUSALS.map(
        ([env]) =>
          () =>
            refusedByServer(env),
      ),
      2,
    );
    return outcomes[i] as Promise<Refusal>;
  };
  test.each(CONFIG_REFUSALS.map(([env, message], i) => [env, message, i] as const))(
    '%j',
    async (_env, message, i) => expectRefused(await outcome(i), message),
    40_000,
  );
});

test('bad keys: each one line naming the variable and the reason, never the key, exit 1', async () => {
  const refused = await Promise.all(
    inTurns(
      keyRefusals.map(
        ([env]) =>
          () =>
            refusedByServer(env),
      ),
      2,
    ),
  );
  for (const [i, refusal] of refused.entries()) expectRefused(refusal, (keyRefusals[i] as RefusalCase)[1]);
}, 120_000);
