import { simpleParser } from 'mailparser';
import request from 'supertest';
import {
  answerLinksIn,
  confirmed,
  eventOf,
  lastMail,
  manageApp,
  manageLinkIn,
  pressAnswer,
  pressManage,
  SESSIONS,
  useManageClock,
} from './support/manage';
import { useSmtp } from './support/smtp';

// The client's page and mails in every language: her deadline and the fee in kroner as her
// language writes them, the page's direction, each mail's subject discreet, the cancellation's
// event, the moved confirmation, the declined move and the reminder. (Persian laid out in
// Chromium: test/e2e/manage.slow.test.ts.)

const smtp = useSmtp();
useManageClock();

/** Words a discreet subject or preview never has, in the three languages. */
const INDISCREET = /psyk|terap|therap|counsel|روان|درمان|مشاوره|Aalborg/i;

const WORDS = {
  da: {
    dir: 'ltr',
    free: 'Du kan aflyse gratis indtil mandag 9. marts kl. 12.00 (dansk tid).',
    late: 'betaler du den fulde pris, 1.200 kr.,',
    cancelSubject: 'Din aftale tirsdag 10. marts kl. 14.00 er aflyst',
    reminderSubject: 'Påmindelse: din aftale tirsdag 10. marts kl. 14.00',
  },
  en: {
    dir: 'ltr',
    free: 'You can cancel free of charge until Monday 9 March at 12:00 (Danish time).',
    late: 'you pay the full fee, DKK 1,200,',
    cancelSubject: 'Your appointment on Tuesday, 10 March 2026 at 14:00 is cancelled',
    reminderSubject: 'Reminder: your appointment on Tuesday, 10 March 2026 at 14:00',
  },
  fa: {
    dir: 'rtl',
    free: 'تا دوشنبه ۹ مارس، ساعت ۱۲:۰۰ (به وقت دانمارک) می‌توانید این وقت را رایگان لغو کنید.',
    late: 'هزینه‌ی کامل جلسه، ۱٬۲۰۰ کرون، را می‌پردازید',
    cancelSubject: 'وقت شما برای سه‌شنبه ۱۰ مارس، ساعت ۱۴:۰۰ لغو شد',
    reminderSubject: 'یادآوری: وقت شما برای سه‌شنبه ۱۰ مارس، ساعت ۱۴:۰۰',
  },
} as const;

describe.each(Object.entries(WORDS))('%s', (lang, words) => {
  test('her page before and after the deadline, the fee in kroner; her cancellation’s receipt and its event', async () => {
    const w = manageApp(smtp);
    const { manage, event } = await confirmed(smtp, w.app, SESSIONS.afternoon, { lang, reminder: true });
    const page = (await request(w.app).get(manage).expect(200)).text;
    expect(page).toContain(`<html lang="${lang}" dir="${words.dir}">`);
    expect(page).toContain(words.free);
    // The reminder: two days before, discreet.
    w.at('2026-03-08T13:00:00Z');
    expect(await w.services.appointmentReminders!.look()).toBe(1);
    const reminder = await lastMail(smtp);
    expect(reminder.subject).toBe(words.reminderSubject);
    expect(reminder.subject).not.toMatch(INDISCREET);
    expect(manageLinkIn(reminder.text ?? '')).toBe(manage);
    // After the deadline: the fee in her language's kroner; she says she is not coming.
    w.at('2026-03-09T11:00:01Z');
    expect((await request(w.app).get(manage).expect(200)).text).toContain(words.late);
    await pressManage(w.app, manage, 'notify', { lang }).expect(200);
    const receipt = await simpleParser(smtp.received.find((m) => m.to.includes('karen@example.com'))!.raw);
    expect(receipt.subject).toBe(words.cancelSubject);
    expect(receipt.subject).not.toMatch(INDISCREET);
    expect(receipt.text).toContain(words.late.replace(/[,،]$/, '').split(',')[0]?.trim() ?? '');
    const cancelled = eventOf(receipt);
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.event.uid).toBe(event.event.uid);
    expect(cancelled.sequence).toBe(1);
    // Her mail to the practice is Danish, and names the client's language where it is not.
    const practice = await simpleParser(smtp.received.find((m) => m.to.includes('praksis@example.dk'))!.raw);
    expect(practice.text).toContain('honoraret gælder, 1.200 kr.');
  });

  test('a move asked, confirmed under the same event and in her language; and one declined, her time unchanged', async () => {
    const w = manageApp(smtp);
    const first = await confirmed(smtp, w.app, SESSIONS.afternoon, { lang });
    await pressManage(w.app, first.manage, 'move', { start: '2026-03-12T10:00+01:00', lang }).expect(200);
    const request1 = await lastMail(smtp);
    expect(request1.subject).toMatch(
      /^Flytning: Individuel terapi torsdag den 12\. marts 2026 kl\. 10\.00 – Karen Blixen/,
    );
    await pressAnswer(w.app, answerLinksIn(request1.text ?? '').confirm, 'confirm').expect(200);
    const moved = await lastMail(smtp);
    expect(moved.subject).not.toMatch(INDISCREET);
    expect(eventOf(moved).event.uid).toBe(first.event.event.uid);
    expect(eventOf(moved).sequence).toBe(1);
    const second = await confirmed(smtp, w.app, SESSIONS.morning, { lang, email: 'other@example.com' });
    await pressManage(w.app, second.manage, 'move', { start: '2026-03-13T09:00+01:00', lang }).expect(200);
    const request2 = await lastMail(smtp);
    await pressAnswer(w.app, answerLinksIn(request2.text ?? '').decline, 'decline').expect(200);
    const declined = await lastMail(smtp);
    expect(declined.subject).not.toMatch(INDISCREET);
    expect(declined.html).toContain(`dir="${words.dir}"`);
    // Her link again (sealed anew): the same page as her first one's, the appointment kept, its one move used.
    const page = async (link: string) =>
      (await request(w.app).get(link).expect(200)).text.replaceAll(
        new URL(link, 'http://x').searchParams.get('t') as string,
        't',
      );
    expect(await page(manageLinkIn(declined.text ?? ''))).toEqual(await page(second.manage));
  });
});
