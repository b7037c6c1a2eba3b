import request from 'supertest';
import { makeApp } from './support/app';
import { startSmtp } from './support/smtp';

const visitor = {
  name: 'Birgitte Sørensen',
  email: 'birgitte.private@example.org',
  phone: '87 65 43 21',
  message: 'Jeg har haft angst siden min skilsmisse',
  consent: true,
};

describe('logs: JSON lines an operator can use, with no personal data', () => {
  test('a request log line has method, path, status, time and the request id it echoes', async () => {
    const { app, logs } = makeApp();
    const res = await request(app).get('/priser?email=x@y.dk').set('X-Request-Id', 'abc-123').expect(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    const line = logs.lines.find((l) => (l.req as { path?: string })?.path === '/priser');
    expect(line).toMatchObject({ req: { id: 'abc-123', method: 'GET', path: '/priser' }, res: { statusCode: 200 } });
    expect(typeof line?.responseTime).toBe('number');
    expect(logs.text()).not.toContain('x@y.dk');
  });

  test('a request without an id gets one, echoed in the response', async () => {
    const { app } = makeApp();
    const res = await request(app).get('/').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('posting a contact message logs the outcome but no name, email, phone, text or IP', async () => {
    const smtp = await startSmtp();
    const { app, logs } = makeApp({ env: { SMTP_URL: smtp.url } });
    await request(app).post('/api/contact.php').set('X-Forwarded-For', '198.51.100.7').send(visitor).expect(200);
    await request(app)
      .post('/api/contact.php')
      .send({ ...visitor, email: 'not-an-email' })
      .expect(400);
    await smtp.close();
    await request(app).post('/api/contact.php').send(visitor).expect(502);

    const text = logs.text();
    for (const line of text.split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    expect(logs.lines.map((l) => l.outcome).filter(Boolean)).toEqual(['sent', 'invalid', 'delivery-failed']);
    for (const secret of [
      'Birgitte',
      'Sørensen',
      'birgitte.private',
      '87 65 43 21',
      '87654321',
      'angst',
      '127.0.0.1',
      '198.51.100.7',
      'not-an-email',
    ]) {
      expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
    }
    expect(text).not.toMatch(/remoteAddress|user-agent|"headers"/i);
  });
});
