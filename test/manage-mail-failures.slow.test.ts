import request from 'supertest';
import { confirmed, manageApp, offered, pressManage, SESSIONS, useManageClock } from './support/manage';
import { type SmtpOptions, useSmtp } from './support/smtp';

// A client's cancellation whose mails the SMTP server refuses: the practice's (first) refused,
// nothing changes and she may press again; her own receipt (second) refused, the cancellation
// stands (the practice knows), her page is her receipt and says so, and the operator gets one
// error line with the SMTP codes only. Nothing is reported as sent that was not.

useManageClock();
const options: SmtpOptions = {};
// A server for each test: its replies count from the first message of the test.
const smtp = useSmtp(options, 'test');
afterEach(() => {
  options.dataReplies = undefined;
});

test('the practice’s mail refused: nothing changes, the time stays hers; pressed again, cancelled once', async () => {
  const w = manageApp(smtp);
  const { manage } = await confirmed(smtp, w.app, SESSIONS.afternoon);
  // The request's and the confirmation's mails went; the next one (the practice's) is refused for good.
  options.dataReplies = [250, 250, 554];
  const res = await pressManage(w.app, manage, 'cancel').expect(502);
  expect(res.text).toContain('Din ændring kunne ikke sendes, og intet er ændret.');
  expect(await offered(w.app, SESSIONS.afternoon)).toBe(false);
  expect((await request(w.app).get(manage).expect(200)).text).toContain('Aflys tiden gratis');
  await pressManage(w.app, manage, 'cancel').expect(200);
  expect(await offered(w.app, SESSIONS.afternoon)).toBe(true);
  expect(smtp.received).toHaveLength(2);
});

test('her receipt refused: the cancellation stands, her page says it is her receipt, one error line without her address', async () => {
  const w = manageApp(smtp);
  const { manage } = await confirmed(smtp, w.app, SESSIONS.afternoon);
  // The practice's mail goes (third), her receipt (fourth) is refused for good.
  options.dataReplies = [250, 250, 250, 554];
  const res = await pressManage(w.app, manage, 'cancel').expect(200);
  expect(res.text).toContain('Bekræftelsen kunne ikke sendes til din e-mail, men jeg har fået besked.');
  expect(smtp.received.map((m) => m.to)).toEqual([['praksis@example.dk']]);
  expect(await offered(w.app, SESSIONS.afternoon)).toBe(true);
  const line = w.logs.lines.find((l) => l.msg === 'appointment receipt not delivered');
  expect(line).toMatchObject({ level: 50, responseCode: 554 });
  expect(w.logs.text()).not.toContain('karen@example.com');
});
