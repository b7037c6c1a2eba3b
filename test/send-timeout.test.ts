import { DELIVERY_BUDGET_MS } from '../server/mail/transport';
import { STOP_DEADLINE_MS } from '../server/process/cluster';
import { HTTP_TIMEOUTS, SHUTDOWN_GRACE_MS } from '../server/process/worker';
import { REPLY_TIMEOUT_MS } from '../views/forms/fields';

// Both forms (contact and booking) wait as long as views/forms/fields.ts says. A form stops waiting for an answer (and says "not sent") only once the server can no longer
// be sending the message: otherwise a visitor could be told "not sent" about a message that then
// arrives. The browser test of the timeout itself is in test/e2e/journeys/contact.ts (slow suite).

test('the forms wait longer than the server can take: the whole request, then the mail with its retry', () => {
  expect(REPLY_TIMEOUT_MS).toBeGreaterThan(HTTP_TIMEOUTS.requestTimeout + DELIVERY_BUDGET_MS);
});

test("a deploy cuts no mail: a stopping worker waits out the mail, the primary waits for the workers, both within a host's 30 s before SIGKILL", () => {
  expect(SHUTDOWN_GRACE_MS).toBeGreaterThan(DELIVERY_BUDGET_MS);
  expect(STOP_DEADLINE_MS).toBeGreaterThan(SHUTDOWN_GRACE_MS);
  expect(STOP_DEADLINE_MS).toBeLessThan(30_000);
});
