import request from 'supertest';
import { makeApp } from './support/app';
import { phoneInText } from './support/texts';

// A page whose component throws (a content mistake, a bug): the visitor gets a plain page in
// the page's language with the phone number, the operator the stack, and the server goes on.

jest.mock('../views/pages/Prices', () => ({
  Prices: () => {
    throw new Error('content broke');
  },
}));

test('a page that throws while rendering answers a plain 500 in its language, logs the stack, and the server goes on', async () => {
  const { app, logs } = makeApp();
  const res = await request(app).get('/priser').expect(500).expect('Content-Type', /html/);
  expect(res.text).toContain('<html lang="da">');
  expect(res.text).toContain('Der opstod en fejl');
  expect(res.text).toContain(phoneInText);
  expect(res.text).not.toContain('content broke');
  expect(res.headers['content-security-policy']).toBeDefined();
  const errorLine = logs.lines.find((l) => l.level === 50 && l.err);
  expect((errorLine?.err as { stack?: string } | undefined)?.stack).toContain('content broke');
  await request(app).get('/om-mig').expect(200);

  const fa = await request(app).get('/fa/prices').expect(500);
  expect(fa.text).toContain('<html lang="fa" dir="rtl">');
  expect(fa.text).toContain(`\u2066${phoneInText}\u2069`);
  expect(fa.text).toContain('<a href="/fa">');
});
