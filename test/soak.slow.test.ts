import { runSoak } from '../scripts/soak/run';
import { markdown, type Report } from '../scripts/soak/report';
import { describeRedis } from './support/redis';

// The soak (`npm run soak`) in 30 seconds: the same set-up (built server, two workers, real Redis
// and SMTP), the same fault schedule compressed, the same promises: no message told "sent" that
// did not reach the mail server, every other one told with its text kept, no crash, nothing a
// visitor typed in the log.

describeRedis('soak, 30 seconds', () => {
  let report: Report;

  beforeAll(async () => {
    const seconds = Number(process.env.SOAK_SECONDS ?? 30);
    report = await runSoak({ seconds, pageLoops: 2, pagePauseMs: 20, postLoops: 2, postPauseMs: 100 });
    process.stdout.write(`${markdown(report)}\n`);
  }, 120_000);

  test('every message told "sent" is in the mailbox; duplicates only where a retry explains them', () => {
    expect(report.messages.sent).toBeGreaterThan(10);
    expect(report.messages.falseSent).toEqual([]);
    expect(report.messages.unexplainedDuplicates).toEqual([]);
  });

  test('every other message was told "not sent" in the visitor\'s language with the text kept, or got no answer at all (deploy, killed worker)', () => {
    expect(report.messages.untold).toEqual([]);
    // A deploy lets the messages in flight finish: they are delivered and told so, none is cut off.
    expect(report.messages.inFlightAtSigterm.sent).toBeGreaterThan(0);
    expect(report.messages.inFlightAtSigterm.network).toBeUndefined();
    // The faults did reach visitors: delivery failures and refusals. (The rate limit too, as a rule;
    // a message that failed does not count towards it, so on a slow machine it may not be reached.)
    expect(report.messages.told.delivery).toBeGreaterThan(0);
    expect(report.messages.told.invalid).toBeGreaterThan(0);
  });

  test('no crash, no unhandled rejection, no error line the faults do not explain; both releases stop cleanly', () => {
    expect(report.log.crashes).toEqual([]);
    expect(report.log.unhandled).toBe(0);
    expect(report.log.unexpectedErrors).toEqual([]);
    expect(report.log.killedBySoak).toHaveLength(1);
    expect(report.exits).toEqual({ deploy: 0, final: 0 });
  });

  test('nothing a visitor sent (token, name, email, phone, address) is in the log', () => {
    expect(report.privacy.searched).toBeGreaterThan(50);
    expect(report.privacy.hits).toEqual([]);
  });
});
