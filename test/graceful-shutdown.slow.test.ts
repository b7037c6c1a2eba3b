import { eventually } from './support/eventually';
import { startTestServer } from './support/builtServer';
import { startSmtp } from './support/smtp';

// A deploy while a visitor's message is on its way: the built server, SIGTERM while the SMTP
// server holds the message. In the slow suite (`npm run test:slow`): the visitor's connection,
// kept alive after the answer, holds the server until its 10 s grace (server/process/worker.ts).

describe('graceful shutdown', () => {
  test('SIGTERM during a slow mail send still delivers that mail, answers the visitor, and exits 0', async () => {
    const smtp = await startSmtp({ delayMs: 1500 });
    const { child, port, output, exited } = await startTestServer({ SMTP_URL: smtp.url });
    const reply = fetch(`http://127.0.0.1:${port}/api/contact.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Anna', email: 'anna@example.com', phone: '', message: 'Hej', consent: true }),
    });
    // The signal comes while the SMTP server holds the message (its data has begun to arrive).
    await eventually(() => expect(smtp.started).toBe(1), 10_000);
    child.kill('SIGTERM');
    const res = await reply;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await exited).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(output()).toContain('shutting down');
    await smtp.close();
  });
});
