import request from 'supertest';
import { whatToDo } from '../server/mail/health';
import { makeApp } from './support/app';
import { useSmtp } from './support/smtp';
import { visitorMessage } from './support/builtServer';

// What the operator reads when mail breaks (issue 45): one error line when delivery starts
// failing, naming the code and what to do, and one info line when it works again; not a line per
// message (each message's own outcome is logged where it is sent).

const post = (app: Parameters<typeof request>[0]) =>
  request(app).post('/api/contact.php').set('Content-Type', 'application/json').send(JSON.stringify(visitorMessage));

// Each failed message is tried twice (a 4xx may pass on a second try): the first delivered, then eight refusals.
const smtp = useSmtp({ dataReplies: [250, 451, 451, 451, 451, 451, 451, 451, 451] });

test('451 on four messages in a row, then delivered: one error line with what to do, one line when it works again', async () => {
  const { app, logs } = makeApp({ env: { SMTP_URL: smtp.url, CONTACT_RATE_LIMIT: '100' } });
  await post(app).expect(200); // the state is known: delivery works
  for (let i = 0; i < 4; i++) await post(app).expect(502);
  await post(app).expect(200);
  await post(app).expect(200);
  const said = logs.lines.filter((l) => /^mail (NOT )?ready/.test(String(l.msg)));
  expect(said).toHaveLength(2);
  expect(said[0]).toMatchObject({
    level: 50,
    responseCode: 451,
    advice: whatToDo({ code: 'EMESSAGE', responseCode: 451 }),
  });
  expect(said[0]?.msg).toMatch(
    /^mail NOT ready: SMTP smtp:\/\/localhost:\d+, \w+ 451: the mail server put the message off \(451/,
  );
  expect(said[1]).toMatchObject({
    level: 30,
    msg: expect.stringMatching(/^mail ready again: SMTP smtp:\/\/localhost:\d+$/),
  });
});

test.each([
  [{ code: 'EPROTOCOL' }, /SMTP_URL.*smtps:\/\/ on 465, smtp:\/\/ on 587/],
  [{ code: 'EENVELOPE', responseCode: 421 }, /^the mail server refuses for now \(421/],
  [{ code: 'EMESSAGE', responseCode: 451 }, /put the message off \(451/],
  [{ code: 'EAUTH', responseCode: 535 }, /user and password in SMTP_URL/],
  [{ code: 'EENVELOPE', responseCode: 550 }, /MAIL_FROM.*MAIL_TO/],
  [{ code: 'ECONNREFUSED' }, /cannot be reached: check the host and port in SMTP_URL/],
  [{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, /certificate cannot be verified/],
  [{ code: 'ETLS' }, /no STARTTLS/],
  [{ code: 'EKEYEXPIRED' }, /MAIL_OPENPGP_KEY or MAIL_SMIME_CERT/],
])('what to do about %j', (failure, advice) => {
  expect(whatToDo(failure)).toMatch(advice);
});
