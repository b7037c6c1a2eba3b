import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { langs } from '../../../content/languages';
import { colors } from '../../../content/colors';
import { practice } from '../../../content/practice';
import { visitorMails } from '../../../content/visitorMails';
import { dayLabel, timeLabel } from '../../../server/booking/when';
import { appointmentReminderMail } from '../../../server/mail/appointmentReminderMail';
import { cancelledMail } from '../../../server/mail/cancelledMail';
import { composeContactMail } from '../../../server/mail/contactMail';
import { confirmedMail, declinedMail } from '../../../server/mail/visitorMail';
import { fill } from '../../../views/format';
import { answerRequestAt, offeredStarts, requestFor } from '../../support/booking';
import { axeViolations, expectNoViolations } from '../axe';
import { laidOut, noHorizontalScroll, type Suite } from '../harness';
import { DAY_MS } from '../../../views/days';

// The practitioner's answer page in Chromium, as she meets it from her phone's mail: at 320 px,
// without JavaScript (the page has none; the browser's is off too), with the keyboard alone, in
// both colour schemes with axe finding nothing; and her press sends the visitor's mail; the
// visitor's mails as a mail program shows them. Written once, on the booking suite's server (the
// sample feed): booking.test.ts (`npm test`) runs the answer page once each way (declined without
// JavaScript, confirmed with axe), the message box and the mails; booking.slow.test.ts the rest.

/** The mails in the outbox, oldest first (their names start with the time). */
const mails = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));

/** Presses Tab until `selector` has focus (at most `max` times): the keyboard's way to it. */
async function tabTo(page: Page, selector: string, max = 12) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Every test of the answer page on a booking suite's server; each says which suite runs it. */
export function answerTests(suite: Suite) {
  let n = 0;
  /** A request for the soonest free time, in `lang`; its mail's two links as paths. */
  async function request(lang: string) {
    const origin = suite.server.origin;
    const times = (await (
      await fetch(`${origin}/booking?service=individuel&weeks=2`, { headers: { Accept: 'application/json' } })
    ).json()) as {
      html: string;
    };
    const start = offeredStarts(times.html)[0] as string;
    n += 1;
    const res = await fetch(`${origin}/api/booking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(requestFor('individuel', start, { lang, email: `v${n}@example.com` })),
    });
    expect(res.status).toBe(200);
    const text = (await simpleParser(mails(suite.server.outboxDir).at(-1)!)).text ?? '';
    const link = (label: string) => new URL(new RegExp(`${label}: (\\S+)`).exec(text)![1] as string).pathname;
    const token = /\?t=(\S+)/.exec(text)![1] as string;
    return { confirm: `${link('Bekræft tiden')}?t=${token}`, decline: `${link('Afvis')}?t=${token}`, start };
  }

  suite.test(
    'decline at 320 px without JavaScript, with the keyboard alone: one mail with her message',
    async (s) => {
      const links = await request('fa');
      const { page } = await s.open({ viewport: { width: 320, height: 700 }, javaScriptEnabled: false });
      await page.goto(`${s.origin}${links.decline}`);
      await noHorizontalScroll(page);
      await expect(page.locator('h1').textContent()).resolves.toMatch(
        /^Afvis Karen Blixens forespørgsel om .+ kl\. \d\d\.\d\d\?$/,
      );
      await expect(page.locator('dd').nth(4).textContent()).resolves.toBe('persisk');
      // Her message in the client's language and direction, and a cue which language that is.
      await expect(page.locator('#message').getAttribute('dir')).resolves.toBe('auto');
      await expect(page.locator('#message').getAttribute('lang')).resolves.toBe('fa');
      await expect(page.locator('#message-hint').textContent()).resolves.toContain('Klienten får e-mailen på persisk.');
      const before = mails(s.server.outboxDir).length;
      await tabTo(page, '#message');
      await page.keyboard.type('Ring gerne, så finder vi en anden tid.');
      await tabTo(page, 'button[type=submit]');
      await Promise.all([page.waitForURL(`${s.origin}/booking/svar`), page.keyboard.press('Enter')]);
      await expect(page.locator('h1').textContent()).resolves.toBe('Forespørgslen er afvist');
      await noHorizontalScroll(page);
      const all = mails(s.server.outboxDir);
      expect(all).toHaveLength(before + 1);
      const mail = await simpleParser(all.at(-1)!);
      expect(mail.to && 'value' in mail.to ? mail.to.value[0]?.address : '').toBe(`v${n}@example.com`);
      expect(mail.text).toContain('Ring gerne, så finder vi en anden tid.');
      expect(mail.html).toContain('dir="rtl"');
    },
    { in: 'fast' },
  );

  suite.test(
    'confirm at 320 px with the keyboard, axe in both schemes: asked once, confirmed, then "already"',
    async (s) => {
      const links = await request('da');
      // The page has no script: the browser's JavaScript is on here only for axe.
      const { page } = await s.open({ viewport: { width: 320, height: 800 } });
      const axeBoth = async (where: string) => {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          expectNoViolations(`${where} (${scheme})`, await axeViolations(page));
        }
      };
      // The decline page too: its message box and its boxes of free times.
      await page.goto(`${s.origin}${links.decline}`);
      await axeBoth('the decline page');
      await page.goto(`${s.origin}${links.confirm}`);
      // Opened again (as a scanner or a second look would): nothing sent.
      await page.reload();
      const before = mails(s.server.outboxDir).length;
      await noHorizontalScroll(page);
      await axeBoth('the confirm page');
      await tabTo(page, 'button[type=submit]');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Bekræft tiden');
      await Promise.all([page.waitForURL(`${s.origin}/booking/svar`), page.keyboard.press('Enter')]);
      await expect(page.locator('h1').textContent()).resolves.toBe('Tiden er bekræftet');
      await axeBoth('the confirmed page');
      expect(mails(s.server.outboxDir)).toHaveLength(before + 1);
      // Back to the link (as she would from the mail again): "you confirmed", and only the release.
      await page.goto(`${s.origin}${links.decline}`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Du har bekræftet tiden');
      await expect(page.locator('form button').allTextContents()).resolves.toEqual(['Frigiv tiden']);
      await axeBoth('the already-confirmed page');
      expect(mails(s.server.outboxDir)).toHaveLength(before + 1);
    },
    { in: 'fast' },
  );

  suite.test(
    'one thumb at 390×664, no JavaScript: the name and the confirm button on the first screen; release with the keyboard frees the time',
    async (s) => {
      const links = await request('da');
      const { page } = await s.open({ viewport: { width: 390, height: 664 }, javaScriptEnabled: false });
      await page.goto(`${s.origin}${links.confirm}`);
      await expect(page.locator('h1').textContent()).resolves.toMatch(/^Bekræft Karen Blixens tid .+\?$/);
      const bottom = async (selector: string) => {
        const box = await page.locator(selector).first().boundingBox();
        return box!.y + box!.height;
      };
      expect(await bottom('.answer-request bdi')).toBeLessThanOrEqual(664);
      expect(await bottom('button[type=submit]')).toBeLessThanOrEqual(664);
      await noHorizontalScroll(page);
      await tabTo(page, 'button[type=submit]');
      await Promise.all([page.waitForURL(`${s.origin}/booking/svar`), page.keyboard.press('Enter')]);
      await expect(page.locator('.answer-who').textContent()).resolves.toMatch(/^Karen Blixen · /);
      const confirmedStart = new URL(`${s.origin}${links.confirm}`);
      await page.goto(confirmedStart.href);
      await tabTo(page, 'button[type=submit]');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Frigiv tiden');
      await Promise.all([page.waitForURL(`${s.origin}/booking/svar`), page.keyboard.press('Enter')]);
      await expect(page.locator('h1').textContent()).resolves.toBe('Tiden er frigivet');
      // The time is offered again at once.
      const times = (await (
        await fetch(`${s.origin}/booking?service=individuel&weeks=2`, { headers: { Accept: 'application/json' } })
      ).json()) as {
        html: string;
      };
      expect(offeredStarts(times.html)).toContain(links.start);
    },
    { in: 'slow' },
  );

  suite.test(
    'the Persian event: its phone number laid out in Chromium reads +45 12 34 56 78, left to right',
    async (s) => {
      const start = new Date('2027-01-14T09:00:00Z');
      const mail = await confirmedMail(
        { mailFrom: 'Hjemmesiden <web@example.dk>', mailTo: 'kontakt@example.dk', baseUrl: 'https://www.example.dk' },
        answerRequestAt(start, { name: 'مریم رضایی', email: 'maryam@example.com', lang: 'fa' }),
        new Date(),
        { uid: 'id', sequence: 0, manage: null },
      );
      const ics = String(mail.attachments![0]!.content);
      const calendar = new ICAL.Component(ICAL.parse(ics));
      const description = calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('description') as string;
      // As a calendar shows a note: a right-to-left paragraph (and an automatic one, as some do).
      const { page } = await s.open({ viewport: { width: 390, height: 300 }, javaScriptEnabled: false });
      for (const dir of ['rtl', 'auto']) {
        await page.setContent(
          `<!doctype html><meta charset="utf-8"><p id="note" dir="${dir}" style="font-size:20px"></p>`,
        );
        await page.locator('#note').evaluate((p, text) => {
          p.textContent = text;
        }, description);
        const seen = await laidOut(page, '#note', /[0-9+]/);
        expect(seen).toBe('+4512345678');
      }
    },
    { in: 'slow' },
  );

  suite.test(
    'a Persian decline with a phone number and a Latin name in her message: laid out in Chromium, both read left to right in the mail',
    async (s) => {
      const start = new Date('2027-01-14T09:00:00Z');
      const message =
        'لطفاً با شماره‌ی 12 34 56 78 تماس بگیرید.\nهمکارم Karen Blixen هم با شماره‌ی +45 87 65 43 21 کمک می‌کند.';
      const mail = declinedMail(
        { mailFrom: 'Hjemmesiden <web@example.dk>', mailTo: 'kontakt@example.dk', baseUrl: 'https://www.example.dk' },
        answerRequestAt(start, { name: 'مریم رضایی', email: 'maryam@example.com', lang: 'fa' }),
        message,
        [],
        new Date('2027-01-10T09:00:00Z'),
      );
      const { page } = await s.open({ viewport: { width: 390, height: 664 }, javaScriptEnabled: false });
      // The HTML as a mail program shows it.
      await page.setContent(mail.html);
      const lines = 'div[style*="margin-block"] > div';
      expect(await laidOut(page, `${lines} >> nth=0`, /[0-9]/)).toBe('12345678');
      expect(await laidOut(page, `${lines} >> nth=1`, /[0-9+]/)).toBe('+4587654321');
      expect(await laidOut(page, `${lines} >> nth=1`, /[KB]/)).toBe('KB');
      // The text part, as a mail program shows plain text: a right-to-left paragraph, or an automatic one.
      const text = (mail.text.split('\n').filter((line) => line.includes('شماره‌ی')) as string[]).slice(0, 2);
      expect(text).toHaveLength(2);
      for (const dir of ['rtl', 'auto'])
        for (const [i, line] of text.entries()) {
          await page.setContent(`<!doctype html><meta charset="utf-8"><p id="line" dir="${dir}"></p>`);
          await page.locator('#line').evaluate((p, t) => {
            p.textContent = t;
          }, line);
          expect(await laidOut(page, '#line', /[0-9+]/)).toBe(i === 0 ? '12345678' : '+4587654321');
          if (i === 1) expect(await laidOut(page, '#line', /[KB]/)).toBe('KB');
        }
    },
    { in: 'slow' },
  );

  suite.test(
    'the message box of a Persian request: a phone number typed into Persian text shows in order while she types',
    async (s) => {
      const links = await request('fa');
      const { page } = await s.open({ viewport: { width: 390, height: 664 } });
      await page.goto(`${s.origin}${links.decline}`);
      await page.locator('#message').click();
      await page.keyboard.type('لطفاً با شماره‌ی 12 34 56 78 یا +45 87 65 43 21 تماس بگیرید');
      // The box's text laid out as the box lays it out (its direction, its wrapping), measured.
      const shown = (value: string) =>
        page.evaluate((text) => {
          const box = document.getElementById('message') as HTMLTextAreaElement;
          const copy = document.createElement('div');
          copy.id = 'copy';
          copy.dir = box.dir;
          copy.style.cssText = `white-space:pre-wrap;width:${box.clientWidth}px;font:${getComputedStyle(box).font};unicode-bidi:${getComputedStyle(box).unicodeBidi}`;
          copy.textContent = text;
          document.getElementById('copy')?.remove();
          document.body.append(copy);
        }, value);
      const typed = await page.locator('#message').inputValue();
      // Each number's digits, in the order they are laid out from the left (a number may sit on either line).
      const numbers = () =>
        page.locator('#copy').evaluate((copy) => {
          const node = copy.firstChild as Text;
          const range = document.createRange();
          return [...node.data.matchAll(/\+?[0-9][0-9 \u00a0\u200e]*[0-9]/g)].map((m) =>
            [...m[0]]
              .map((c, i) => {
                range.setStart(node, (m.index ?? 0) + i);
                range.setEnd(node, (m.index ?? 0) + i + 1);
                return { c, x: range.getBoundingClientRect().left };
              })
              .filter(({ c }) => /[0-9+]/.test(c))
              .sort((p, q) => p.x - q.x)
              .map(({ c }) => c)
              .join(''),
          );
        });
      await shown(typed);
      expect(await numbers()).toEqual(['12345678', '+4587654321']);
      // What the box would show without its script: the groups reversed.
      await shown(typed.replace(/\u200e/g, '').replace(/\u00a0/g, ' '));
      const [first, second] = await numbers();
      expect(first).toBe('78563412');
      expect(second).not.toBe('+4587654321');
      // Caret where she typed: the next letter lands at the end.
      await page.keyboard.type('.');
      expect((await page.locator('#message').inputValue()).endsWith('بگیرید.')).toBe(true);
    },
    { in: 'fast' },
  );

  suite.test(
    "every mail as a mail program shows its HTML: the language's direction, nothing wider than a phone, her name above the first paragraph, links in the site's colours in light and dark, each offered time on one line",
    async (s) => {
      const { page } = await s.open({ viewport: { width: 320, height: 700 }, javaScriptEnabled: false });
      const config = {
        mailFrom: 'Hjemmesiden <web@example.dk>',
        mailTo: 'kontakt@example.dk',
        baseUrl: 'https://www.example.dk',
      };
      const start = new Date('2027-01-14T09:00:00Z');
      const mails: { what: string; from: string; dir: string; html: string }[] = [];
      for (const lang of langs) {
        const r = answerRequestAt(start, { name: 'Karen Blixen', email: 'karen@example.com', lang });
        // Three offered times as the mail words them: in Persian the longest labels.
        const offers = [1, 2, 4].map((days) => {
          const at = new Date(start.getTime() + days * DAY_MS);
          const label = fill(visitorMails[lang].declined.offer, { day: dayLabel(at, lang), time: timeLabel(at, lang) });
          return { label, url: `https://www.example.dk/booking?start=${days}` };
        });
        const from = visitorMails[lang].practitioner;
        const manage = 'https://www.example.dk/booking/aftale?t=x';
        const dir = lang === 'fa' ? 'rtl' : 'ltr';
        mails.push(
          {
            what: `confirmed ${lang}`,
            from,
            dir,
            html: (await confirmedMail(config, r, new Date(), { uid: r.id, sequence: 0, manage })).html,
          },
          {
            what: `reminder ${lang}`,
            from,
            dir,
            html: (await appointmentReminderMail(config, r, manage, new Date())).html,
          },
          {
            what: `declined ${lang}`,
            from,
            dir,
            html: declinedMail(config, r, 'Ring gerne.', offers, new Date()).html,
          },
          {
            what: `cancelled ${lang}`,
            from,
            dir,
            html: cancelledMail(config, r, { by: 'practitioner', message: '' }, new Date()).html,
          },
        );
      }
      const message = {
        name: 'Karen Blixen',
        email: 'karen@example.com',
        phone: '12345678',
        message: 'Hej',
        consent: true,
      };
      mails.push({
        what: "the practice's",
        from: `${practice.name} · ${practice.practitioner}`,
        dir: 'ltr',
        html: composeContactMail(config, message, new Date(), 'da').html,
      });
      const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const palette = colors[scheme];
        for (const mail of mails) {
          await page.setContent(mail.html);
          const look = await page.evaluate(() => {
            const from = document.querySelector('.mail-from');
            const first = document.querySelector('p');
            return {
              from: from?.textContent,
              dir: getComputedStyle(document.body).direction,
              beforeFirstParagraph:
                !!first && !!from && !!(from.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING),
              page: getComputedStyle(document.querySelector('.mail') as Element).backgroundColor,
              links: [...document.querySelectorAll('a')].map((a) => ({
                button: a.classList.contains('button'),
                color: getComputedStyle(a).color,
                background: getComputedStyle(a).backgroundColor,
                lines: a.getClientRects().length,
              })),
            };
          });
          expect({
            mail: mail.what,
            scheme,
            from: look.from,
            dir: look.dir,
            before: look.beforeFirstParagraph,
            page: look.page,
          }).toEqual({
            mail: mail.what,
            scheme,
            from: mail.from,
            dir: mail.dir,
            before: true,
            page: rgb(palette.bg),
          });
          expect(look.links.length).toBeGreaterThan(0);
          for (const link of look.links)
            expect({ mail: mail.what, scheme, ...link }).toEqual({
              mail: mail.what,
              scheme,
              ...(link.button
                ? { button: true, color: rgb(palette.onPrimary), background: rgb(palette.primary), lines: 1 }
                : { button: false, color: rgb(palette.primary), background: link.background, lines: link.lines }),
            });
          await noHorizontalScroll(page);
        }
      }
    },
    { in: 'fast' },
  );
}
