import request from 'supertest';
import { phoneInText } from './support/texts';
import { bookingRules } from '../content/booking';
import { createBookingCalendar } from '../server/booking/calendar';
import { busyIndex } from '../server/booking/freeTimes';
import { captureLogs } from './support/app';
import { bookingConfig } from './support/booking';
import { type SmtpOptions, startSmtp, useSmtp } from './support/smtp';
import {
  answerLinksIn,
  CLOCK,
  confirmed,
  eventOf,
  lastMail,
  manageApp,
  manageLinkIn,
  offered,
  pressAnswer,
  pressManage,
  SESSIONS,
  useManageClock,
} from './support/manage';
import { MINUTE_MS } from '../views/days';

// The client keeps her own appointment (server/booking/manage/), one case per capability: the
// link in her confirmation that opening changes nothing, cancelling free before the deadline,
// telling the practice after it, moving once as a request the practitioner confirms or declines,
// the reminder she asks for, the link switched off in content, and a link not ours. A real SMTP
// server on loopback, the stores in memory, the clock set by the test. The variations (every
// deadline vector, every language, Redis, parallel presses, a restart) are in manage-*.slow.test.ts.

const smtp = useSmtp();
useManageClock();

test('the confirmation carries her manage link (text, HTML, event); opening it, GET or HEAD, three times, changes nothing', async () => {
  const w = manageApp(smtp);
  const { mail, manage, event } = await confirmed(smtp, w.app, SESSIONS.afternoon);
  expect(mail.html).toContain(`href="http://localhost:3000${manage.replace(/&/g, '&amp;')}"`);
  expect(mail.html).toContain('Aflys eller flyt din tid');
  expect(event.event.description).toContain(`Aflys eller flyt: http://localhost:3000${manage}`);
  expect(event.sequence).toBe(0);
  const held = await w.holds.list(w.now());
  for (let i = 0; i < 3; i++) {
    const page = await request(w.app).get(manage).expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);
    expect(page.text).toContain('<html lang="da" dir="ltr">');
    expect(page.text).toContain('tirsdag den 10. marts 2026 kl. 14.00–14.50 (dansk tid)');
    expect(page.text).toContain('Du kan aflyse gratis indtil mandag 9. marts kl. 12.00 (dansk tid).');
    await request(w.app).head(manage).expect(200);
    await request(w.app).get(`${manage}&flyt=1`).expect(200);
  }
  expect(smtp.received).toHaveLength(0);
  expect(await w.holds.list(w.now())).toEqual(held);
});

test('cancel before the deadline: the time offered at once, her mail says free, the client’s cancels the event; a second press sends nothing', async () => {
  const w = manageApp(smtp);
  const { manage, event } = await confirmed(smtp, w.app, SESSIONS.afternoon);
  expect(await offered(w.app, SESSIONS.afternoon)).toBe(false);
  // Monday 9 March, 11.59 Danish time: a minute before the deadline.
  w.at('2026-03-09T10:59:00Z');
  const res = await pressManage(w.app, manage, 'cancel', { reason: 'Jeg er blevet forhindret.' }).expect(200);
  expect(res.text).toContain('Tiden er aflyst, og du skal ikke betale for den.');
  expect(await offered(w.app, SESSIONS.afternoon)).toBe(true);
  expect(smtp.received.map((m) => m.to)).toEqual([['praksis@example.dk'], ['karen@example.com']]);
  const [practice, client] = await Promise.all(
    smtp.received.map((m) => import('mailparser').then((p) => p.simpleParser(m.raw))),
  );
  smtp.received.length = 0;
  expect(practice?.subject).toBe('Afbud: Individuel terapi tirsdag den 10. marts 2026 kl. 14.00 – Karen Blixen');
  expect(practice?.text).toContain('Afbuddet kom inden fristen (9. marts 2026 kl. 12.00): det er gratis.');
  expect(practice?.text).toContain('> Jeg er blevet forhindret.');
  const cancelled = eventOf(client!);
  expect(cancelled.method).toBe('CANCEL');
  expect(cancelled.status).toBe('CANCELLED');
  expect(cancelled.event.uid).toBe(event.event.uid);
  expect(cancelled.sequence).toBe(event.sequence + 1);
  // Again, as a second tab would: nothing sent, the page says what became of it.
  const again = await pressManage(w.app, manage, 'cancel').expect(409);
  expect(again.text).toContain('Aftalen er aflyst.');
  expect(smtp.received).toHaveLength(0);
  expect((await request(w.app).get(manage).expect(200)).text).toContain('Aftalen er aflyst.');
});

test('cancel whose mail to the practice gets no reply: made all the same, her page says I may not know (then and later), a second press sends nothing', async () => {
  const options: SmtpOptions = {};
  const silent = await startSmtp(options);
  try {
    const w = manageApp(silent);
    const { manage } = await confirmed(silent, w.app, SESSIONS.afternoon);
    // From now on the server keeps each mail as it comes; the first (the practice's) it never answers, her receipt it does.
    let mails = 0;
    const onData = () => {
      mails += 1;
      options.hangUpAfterData = mails === 1;
    };
    Object.assign(options, { storesAtOnce: true, onData });
    const res = await pressManage(w.app, manage, 'cancel').expect(202);
    const uncertain = `<p class="answer-who">Det er ikke sikkert, at jeg har fået besked</p><p>Din ændring er registreret her på siden, men det kunne ikke bekræftes, at beskeden om den er nået frem til mig. Ring eller send sms til ${phoneInText}, så jeg er sikker på at vide det.</p>`;
    expect(res.text).toContain(uncertain);
    expect(res.text).toContain('Aftalen er aflyst.');
    expect(silent.received.map((m) => m.to)).toEqual([['praksis@example.dk'], ['karen@example.com']]);
    // She may have it: the cancellation stands, the time is offered again.
    expect(await offered(w.app, SESSIONS.afternoon)).toBe(true);
    expect(w.logs.lines).toContainEqual(expect.objectContaining({ msg: 'appointment change', outcome: 'unknown' }));
    expect((await request(w.app).get(manage).expect(200)).text).toContain(uncertain);
    await pressManage(w.app, manage, 'cancel').expect(409);
    expect(silent.received).toHaveLength(2);
  } finally {
    await silent.close();
  }
});

test('after the deadline: the page names the fee; "not coming" frees the time, and her mail says the fee applies', async () => {
  const w = manageApp(smtp);
  const { manage } = await confirmed(smtp, w.app, SESSIONS.afternoon);
  // Monday 9 March, 12.00.01 Danish time.
  w.at('2026-03-09T11:00:01Z');
  const page = await request(w.app).get(manage).expect(200);
  expect(page.text).toContain(
    'Fristen for gratis afbud var mandag 9. marts kl. 12.00 (dansk tid). Efter praksis’ betingelser betaler du den fulde pris, 1.200 kr., når du melder afbud senere eller ikke kommer.',
  );
  expect(page.text).not.toContain('Aflys tiden gratis');
  // A free cancel pressed on a page shown before the deadline: nothing done, the fee shown first.
  await pressManage(w.app, manage, 'cancel').expect(409);
  expect(smtp.received).toHaveLength(0);
  await pressManage(w.app, manage, 'notify').expect(200);
  expect(await offered(w.app, SESSIONS.afternoon)).toBe(true);
  const practice = await import('mailparser').then((p) => p.simpleParser(smtp.received[0]!.raw));
  expect(practice.text).toContain('Afbuddet kom efter fristen (9. marts 2026 kl. 12.00): honoraret gælder, 1.200 kr.');
  expect(smtp.received).toHaveLength(2);
});

test('move: the new time held and the old kept until she confirms; then the new time under the same event, the old one free, the old link spent', async () => {
  const w = manageApp(smtp);
  const { manage, event } = await confirmed(smtp, w.app, SESSIONS.afternoon);
  const to = '2026-03-12T10:00+01:00';
  const picker = await request(w.app).get(`${manage}&flyt=1`).expect(200);
  expect(picker.text).toContain(`value="${to}"`);
  const asked = await pressManage(w.app, manage, 'move', { start: to }).expect(200);
  expect(asked.text).toContain(
    'Din forespørgsel om at flytte tiden til torsdag 12. marts kl. 10.00 (dansk tid) er sendt.',
  );
  expect(await offered(w.app, to)).toBe(false);
  expect(await offered(w.app, SESSIONS.afternoon)).toBe(false);
  const request2 = await lastMail(smtp);
  expect(request2.subject).toBe('Flytning: Individuel terapi torsdag den 12. marts 2026 kl. 10.00 – Karen Blixen');
  // Her page of it names both times.
  const hers = await request(w.app)
    .get(answerLinksIn(request2.text ?? '').confirm)
    .expect(200);
  expect(hers.text).toContain(
    'Flyt <bdi>Karen Blixens</bdi> tid fra tirsdag 10. marts kl. 14.00 til torsdag 12. marts kl. 10.00?',
  );
  expect(request2.text).toContain(
    'Karen Blixen vil flytte sin bekræftede tid tirsdag den 10. marts 2026 kl. 14.00–14.50 (dansk tid) til torsdag den 12. marts 2026 kl. 10.00–10.50 (dansk tid).',
  );
  await pressAnswer(w.app, answerLinksIn(request2.text ?? '').confirm, 'confirm').expect(200);
  const moved = await lastMail(smtp);
  expect(moved.text).toContain('Jeg har flyttet din tid fra tirsdag den 10. marts 2026 kl. 14.00–14.50 (dansk tid)');
  const newEvent = eventOf(moved);
  expect(newEvent.event.uid).toBe(event.event.uid);
  expect(newEvent.sequence).toBe(1);
  expect(newEvent.event.startDate.toJSDate()).toEqual(new Date(to));
  expect(await offered(w.app, SESSIONS.afternoon)).toBe(true);
  expect(await offered(w.app, to)).toBe(false);
  // The old link: where it went, and nothing to press.
  const old = await request(w.app).get(manage).expect(200);
  expect(old.text).toContain('Aftalen er flyttet til torsdag 12. marts kl. 10.00 (dansk tid).');
  expect(old.text).not.toContain('<form');
  await pressManage(w.app, manage, 'cancel').expect(409);
  expect(smtp.received).toHaveLength(0);
  // The new link moves no more: the phone for that.
  const now = await request(w.app)
    .get(manageLinkIn(moved.text ?? ''))
    .expect(200);
  expect(now.text).toContain('Du har allerede bedt om at flytte tiden én gang med linket.');
});

test('move declined: the client keeps her time and is told so; the asked time is free again', async () => {
  const w = manageApp(smtp);
  const { manage } = await confirmed(smtp, w.app, SESSIONS.afternoon);
  const to = '2026-03-12T10:00+01:00';
  await pressManage(w.app, manage, 'move', { start: to }).expect(200);
  const links = answerLinksIn((await lastMail(smtp)).text ?? '');
  await pressAnswer(w.app, links.decline, 'decline', { message: 'Den tid er desværre optaget.' }).expect(200);
  const told = await lastMail(smtp);
  expect(told.subject).toBe('Din aftale tirsdag 10. marts kl. 14.00 er uændret');
  expect(told.text).toContain('Din aftale tirsdag den 10. marts 2026 kl. 14.00–14.50 (dansk tid) er uændret.');
  expect(told.text).toContain('Den tid er desværre optaget.');
  expect(await offered(w.app, to)).toBe(true);
  expect(await offered(w.app, SESSIONS.afternoon)).toBe(false);
  const page = await request(w.app).get(manage).expect(200);
  expect(page.text).toContain('Aflys tiden gratis');
  expect(page.text).toContain('Du har allerede bedt om at flytte tiden én gang med linket.');
});

test('reminder: ticked, one mail two days before with the deadline and the link; unticked, none; cancelled, none', async () => {
  const w = manageApp(smtp);
  const reminders = w.services.appointmentReminders!;
  const ticked = await confirmed(smtp, w.app, SESSIONS.afternoon, { reminder: true });
  await confirmed(smtp, w.app, SESSIONS.morning);
  const cancelled = await confirmed(smtp, w.app, SESSIONS.noon, { reminder: true });
  await pressManage(w.app, cancelled.manage, 'cancel').expect(200);
  smtp.received.length = 0;
  // Sunday 8 March 13.59: not yet; 14.00: the afternoon's, two days before at its own hour.
  w.at('2026-03-08T12:59:00Z');
  expect(await reminders.look()).toBe(0);
  w.at('2026-03-08T13:00:00Z');
  expect(await reminders.look()).toBe(1);
  const mail = await lastMail(smtp);
  expect(mail.subject).toBe('Påmindelse: din aftale tirsdag 10. marts kl. 14.00');
  expect(mail.text).toContain('senest mandag den 9. marts 2026 kl. 12.00 (dansk tid) med linket herunder');
  expect(manageLinkIn(mail.text ?? '')).toBe(ticked.manage);
  w.at('2026-03-08T20:00:00Z');
  expect(await reminders.look()).toBe(0);
  expect(smtp.received).toHaveLength(0);
});

test('the client’s link switched off in content: no mail carries it, and the terms read as before', async () => {
  // On: the terms name it beside sms and phone, and the privacy policy says what it keeps.
  const on = manageApp(smtp);
  expect((await request(on.app).get('/priser').expect(200)).text).toContain(
    '<p>Har du booket her på siden, kan du også aflyse eller flytte tiden',
  );
  expect((await request(on.app).get('/persondatapolitik').expect(200)).text).toContain(
    '<p>Bekræfter jeg tiden, indeholder bekræftelsen et link',
  );
  bookingRules.clientLink = false;
  const w = manageApp(smtp);
  try {
    const links = await import('./support/manage').then((m) => m.requested(smtp, w.app, SESSIONS.afternoon));
    await pressAnswer(w.app, links.confirm, 'confirm').expect(200);
    const mail = await lastMail(smtp);
    expect(mail.text).not.toContain('/booking/aftale');
    expect(mail.text).toContain(
      'så meld afbud senest mandag den 9. marts 2026 kl. 12.00 (dansk tid) på sms eller telefon',
    );
    expect(eventOf(mail).event.description).not.toContain('aftale?t=');
    const prices = await request(w.app).get('/priser').expect(200);
    expect(prices.text).not.toContain('<p>Har du booket her på siden');
    const policy = await request(w.app).get('/persondatapolitik').expect(200);
    expect(policy.text).not.toContain('<p>Bekræfter jeg tiden, indeholder bekræftelsen et link');
    expect(policy.text).toContain('<p>Sætter du kryds ved påmindelsen');
    const booking = await request(w.app).get('/booking?service=individuel&format=clinic').expect(200);
    expect(booking.text).toContain('på sms eller telefon. Melder du afbud senere');
  } finally {
    bookingRules.clientLink = true;
  }
});

test('a link not ours gets one page that says nothing of it, in the three languages', async () => {
  const w = manageApp(smtp, { clock: CLOCK });
  const { manage } = await confirmed(smtp, w.app, SESSIONS.afternoon);
  const tampered = manage.replace(/.(.{8})$/, 'A$1');
  for (const link of [tampered, '/booking/aftale?t=nothing', '/booking/aftale']) {
    const res = await request(w.app).get(link).expect(400);
    expect(res.text).toContain('Linket virker ikke');
    expect(res.text).toContain('This link does not work');
    expect(res.text).toContain('این لینک کار نمی‌کند');
    expect(res.text).not.toContain('Karen');
  }
  await pressManage(w.app, tampered, 'cancel').expect(400);
  expect(smtp.received).toHaveLength(0);
});

test('a session cancelled on the site is offered at once, though her calendar still shows its own event; any other busy time still counts', async () => {
  const config = bookingConfig(smtp.url).booking!;
  const session = {
    start: new Date(SESSIONS.afternoon),
    end: new Date(Date.parse(SESSIONS.afternoon) + 50 * MINUTE_MS),
  };
  let busy = [session];
  const calendar = createBookingCalendar(config, captureLogs().logger, {
    clock: () => new Date(CLOCK),
    read: async () => ({
      kind: 'read',
      busy: busyIndex(busy),
      validators: { etag: null, lastModified: null },
      skipped: [],
      unanswered: 0,
      owner: null,
    }),
  });
  await calendar.refresh();
  const now = new Date(CLOCK);
  expect(calendar.isFree('individuel', session.start, now)).toBe(false);
  expect(calendar.isFree('individuel', session.start, now, [{ ...session, freed: true }])).toBe(true);
  // Something else of hers at that time (not exactly the session) stays busy.
  busy = [{ start: session.start, end: new Date(session.end.getTime() + 30 * MINUTE_MS) }];
  await calendar.refresh();
  expect(calendar.isFree('individuel', session.start, now, [{ ...session, freed: true }])).toBe(false);
  calendar.stop();
});
