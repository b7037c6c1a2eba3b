import request from 'supertest';
import { phoneInText } from './support/texts';
import { makeApp } from './support/app';
import { startSmtp } from './support/smtp';

// The real greeting timeout (server/mail/transport.ts: 5 s, and as long again on the one retry):
// a mail server that accepts the connection and never greets costs the visitor ten seconds, then
// the answer that says to call. In the slow suite (`npm run test:slow`): it waits them out.

test('SMTP server that never greets: 502 within the 10 s timeout', async () => {
  const smtp = await startSmtp({ hang: true });
  const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
  const started = Date.now();
  const res = await request(app)
    .post('/api/contact.php')
    .set('Content-Type', 'application/json')
    .send(
      JSON.stringify({
        name: 'Anna Hansen',
        email: 'anna@example.com',
        phone: '12 34 56 78',
        message: 'Hej, jeg vil gerne booke en samtale.',
        consent: true,
      }),
    )
    .expect(502);
  expect(res.body).toEqual({
    success: false,
    error: `Din besked kunne ikke sendes lige nu. Prøv igen om lidt eller ring på ${phoneInText}.`,
  });
  expect(Date.now() - started).toBeLessThan(12_000);
  void smtp.close();
}, 15_000);
