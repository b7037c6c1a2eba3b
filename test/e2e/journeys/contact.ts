import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { translations } from '../../../content/translations';
import type { ContactFormTexts } from '../../../content/links';
import { paths, sentQuery } from '../../../views/routes';
import { REPLY_TIMEOUT_MS } from '../../../views/forms/fields';
import { eventually, getMarker, load, see, setMarker, type Suite } from '../harness';

// The contact form in a real browser: validation, the pending state, a real delivery to the
// outbox, server and network errors, and the same form without JavaScript, in each language.
// Written once: contact-form.test.ts (`npm test`) runs one journey in each language (Danish and
// Persian with JavaScript, English without), contact-form.slow.test.ts all the rest.

const DELIVERY_ERROR = 'Din besked kunne ikke sendes lige nu. Prøv igen om lidt eller ring på 12 34 56 78.';
const NETWORK_ERROR = 'Netværksfejl. Kontroller din forbindelse og prøv igen.';
const CONTACT_API = /\/api\/contact\.php/;

const MESSAGES = {
  name: 'Indtast venligst dit navn',
  email: 'Indtast venligst en gyldig email-adresse',
  phone: 'Indtast venligst et gyldigt dansk telefonnummer (8 cifre)',
  message: 'Skriv venligst en besked',
  consent: 'Du skal give samtykke for at kunne sende beskeden',
};

function form(page: Page) {
  return {
    name: page.getByLabel('Navn *', { exact: true }),
    email: page.getByLabel('E-mail *', { exact: true }),
    phone: page.getByLabel('Telefon', { exact: true }),
    message: page.getByLabel('Besked *', { exact: true }),
    consent: page.getByRole('checkbox', { name: /samtykke/ }),
    submit: page.locator('form.contact-form button[type="submit"]'),
    alert: page.locator('form.contact-form [role="alert"]'),
    error: (field: keyof typeof MESSAGES) => page.locator(`#${field}-error`),
  };
}

export const VALUES = {
  name: 'E2E Tester',
  email: 'e2e.tester@example.dk',
  phone: '12 34 56 78',
  message: 'Hello from the e2e suite: a test message.',
};

async function fillValid(page: Page) {
  const f = form(page);
  await f.name.fill(VALUES.name);
  await f.email.fill(VALUES.email);
  await f.phone.fill(VALUES.phone);
  await f.message.fill(VALUES.message);
  await f.consent.check();
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const emlFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.eml'));

/** Every test of the contact form on the harness's own server; each says which suite runs it. */
export function contactFormTests(suite: Suite) {
  suite.test(
    "a page's loader after a navigation in the browser: the thank-you address shows the card, with no code of the page's own",
    async (s) => {
      const { page, log } = await s.open();
      await load(page, s.origin, '/');
      await setMarker(page);
      // No link of the site goes there: one is put into the page and followed.
      await page.evaluate(() => {
        const link = Object.assign(document.createElement('a'), { href: '/kontakt?sendt=1', id: 'test-link' });
        link.textContent = 'Tak';
        document.querySelector('main')?.prepend(link);
      });
      await page.locator('#test-link').click();
      await see.text(page.getByRole('status').locator('h3'), 'Tak for din henvendelse');
      expect(await page.locator('form.contact-form').count()).toBe(0);
      expect(await getMarker(page)).toBe(1);
      // From the thank-you card, the menu's Kontakt: the same page without the loader's state, the form again.
      await page.locator('a[href="/kontakt"]').first().click();
      await see.path(page, '/kontakt');
      await eventually(async () => expect(await page.locator('form.contact-form').count()).toBe(1));
      log.expectClean();
    },
    { in: 'fast' },
  );

  suite.test(
    'validation: every message, aria-invalid, focus on the first invalid field, nothing sent',
    async (s) => {
      const { page, log } = await s.open();
      await load(page, s.origin, '/kontakt');
      const f = form(page);

      await f.submit.click();
      for (const field of ['name', 'email', 'message', 'consent'] as const) {
        await see.text(f.error(field), MESSAGES[field]);
        await see.attr(f[field], 'aria-invalid', 'true');
        expect((await f[field].getAttribute('aria-describedby'))?.split(' ')).toContain(`${field}-error`);
      }
      expect(await f.error('phone').count()).toBe(0);
      expect(await f.phone.getAttribute('aria-invalid')).toBeNull();
      expect(await focusedId(page)).toBe('name');

      // Editing a field clears its own error only.
      await f.name.fill(VALUES.name);
      await see.attr(f.name, 'aria-invalid', null);
      expect(await f.error('name').count()).toBe(0);
      await see.text(f.error('email'), MESSAGES.email);

      await f.email.fill('e2e.tester@');
      await f.phone.fill('123');
      await f.submit.click();
      await see.text(f.error('email'), MESSAGES.email);
      await see.text(f.error('phone'), MESSAGES.phone);
      await see.attr(f.phone, 'aria-invalid', 'true');
      expect(await focusedId(page)).toBe('email');

      await f.email.fill(VALUES.email);
      await f.submit.click();
      await see.attr(f.email, 'aria-invalid', null);
      expect(await focusedId(page)).toBe('phone');

      await f.phone.fill(VALUES.phone);
      await f.submit.click();
      expect(await focusedId(page)).toBe('message');

      await f.message.fill(VALUES.message);
      await f.submit.click();
      await see.text(f.error('consent'), MESSAGES.consent);
      expect(await focusedId(page)).toBe('consent');

      // No message was sent while any rule was broken.
      expect(log.requests.filter((r) => CONTACT_API.test(r.url))).toHaveLength(0);
      await see.text(f.alert, '');
      log.expectClean();
    },
    { in: 'slow' },
  );

  suite.test(
    "while sending, the button is disabled and reads 'Sender...'",
    async (s) => {
      const { page, log } = await s.open();
      let held: Route | undefined;
      await page.route('**/api/contact.php', (route) => {
        held = route;
      });
      await load(page, s.origin, '/kontakt');
      const f = form(page);
      await fillValid(page);
      await f.submit.click();

      await eventually(() => expect(held).toBeDefined());
      await see.text(f.submit, 'Sender...');
      expect(await f.submit.isDisabled()).toBe(true);
      const body = JSON.parse(held!.request().postData() ?? '{}') as Record<string, unknown>;
      // The spec's five fields, and the page's language, so that the server answers in it.
      expect(body).toEqual({ ...VALUES, consent: true, lang: 'da' });
      expect(held!.request().headers()['content-type']).toMatch(/^application\/json/);

      await held!.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true }) });
      await see.text(page.getByRole('status').locator('h3'), 'Tak for din henvendelse');
      expect(emlFiles(s.server.outboxDir)).toHaveLength(0);
      log.expectClean();
    },
    { in: 'slow' },
  );

  suite.test(
    'a real message is delivered to the outbox and thanked for',
    async (s) => {
      const { page, log } = await s.open();
      await load(page, s.origin, '/kontakt');
      const before = emlFiles(s.server.outboxDir);
      await fillValid(page);
      await form(page).submit.click();

      const card = page.locator('.success-card');
      await see.text(card.locator('h3'), 'Tak for din henvendelse');
      await see.text(card.locator('p').first(), 'Jeg har modtaget din besked og vender tilbage hurtigst muligt.');
      // Then when the answer comes, and where to turn if it cannot wait.
      await see.text(
        card.locator('p').nth(1),
        'Jeg svarer inden for 1–2 hverdage. Kan det ikke vente, så ring til et af numrene ovenfor.',
      );
      expect(await page.locator('form.contact-form').count()).toBe(0);
      // Focus moves to the outcome.
      expect(await page.evaluate(() => document.activeElement?.classList.contains('success-card'))).toBe(true);

      const added = await eventually(() => {
        const now = emlFiles(s.server.outboxDir).filter((f) => !before.includes(f));
        expect(now).toHaveLength(1);
        return now[0]!;
      });
      const eml = readFileSync(path.join(s.server.outboxDir, added), 'utf8');
      expect(eml).toContain(`Navn: ${VALUES.name}`);
      expect(eml).toContain(`Email: ${VALUES.email}`);
      expect(eml).toContain(VALUES.message);
      log.expectClean();
    },
    { in: 'fast' },
  );

  suite.test(
    'a server error shows its text, keeps the values, and editing clears it',
    async (s) => {
      const { page, log } = await s.open();
      await page.route('**/api/contact.php', (route) =>
        route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: DELIVERY_ERROR }),
        }),
      );
      await load(page, s.origin, '/kontakt');
      const f = form(page);
      await fillValid(page);
      await f.submit.click();

      await see.text(f.alert, DELIVERY_ERROR);
      await see.text(f.submit, 'Send besked');
      expect(await f.submit.isEnabled()).toBe(true);
      await see.value(f.name, VALUES.name);
      await see.value(f.email, VALUES.email);
      await see.value(f.phone, VALUES.phone);
      await see.value(f.message, VALUES.message);
      expect(await f.consent.isChecked()).toBe(true);

      await f.message.fill(`${VALUES.message} More.`);
      await see.text(f.alert, '');
      log.expectClean({ ignore: CONTACT_API });
    },
    { in: 'slow' },
  );

  suite.test(
    'a network failure shows the network text, and editing clears it',
    async (s) => {
      const { page, log } = await s.open();
      await page.route('**/api/contact.php', (route) => route.abort('failed'));
      await load(page, s.origin, '/kontakt');
      const f = form(page);
      await fillValid(page);
      await f.submit.click();

      await see.text(f.alert, NETWORK_ERROR);
      await see.value(f.name, VALUES.name);
      expect(await f.consent.isChecked()).toBe(true);

      await f.consent.uncheck();
      await see.text(f.alert, '');
      log.expectClean({ ignore: CONTACT_API });
    },
    { in: 'slow' },
  );

  suite.test(
    'no answer at all (a dead connection): the form says "not sent" after 45 s, keeps the text, and sends again',
    async (s) => {
      const { page, log } = await s.openWithClock();
      let held: Route | undefined;
      await page.route('**/api/contact.php', (route) => {
        held ??= route;
        if (route !== held) return route.fallback();
      });
      await load(page, s.origin, '/kontakt');
      const f = form(page);
      await fillValid(page);
      await f.submit.click();
      await eventually(() => expect(held).toBeDefined());

      await page.clock.fastForward(REPLY_TIMEOUT_MS - 1_000);
      await see.text(f.submit, 'Sender...');
      await see.text(f.alert, '');
      await page.clock.fastForward(1_000);
      await see.text(f.alert, NETWORK_ERROR);
      await see.value(f.message, VALUES.message);
      expect(await f.consent.isChecked()).toBe(true);

      // The visitor tries again, and this time the answer comes.
      await f.submit.click();
      await see.text(page.getByRole('status').locator('h3'), 'Tak for din henvendelse');
      log.expectClean({ ignore: CONTACT_API });
    },
    { in: 'slow' },
  );

  suite.test(
    'without JavaScript the form posts, shows the errors, and then the thank-you card',
    async (s) => {
      const { page, log } = await s.open({ javaScriptEnabled: false });
      await page.goto(`${s.origin}/kontakt`);
      const f = form(page);
      const before = emlFiles(s.server.outboxDir);

      // An empty post: the server answers with /kontakt again, errors shown.
      await Promise.all([page.waitForURL(`${s.origin}/api/contact.php`), f.submit.click()]);
      for (const field of ['name', 'email', 'message', 'consent'] as const)
        await see.text(f.error(field), MESSAGES[field]);

      await fillValid(page);
      await Promise.all([page.waitForURL(`${s.origin}/kontakt?sendt=1`), f.submit.click()]);
      await see.text(page.locator('.success-card h3'), 'Tak for din henvendelse');
      await eventually(() => expect(emlFiles(s.server.outboxDir).filter((x) => !before.includes(x))).toHaveLength(1));
      log.expectClean({ allowStatus: [{ url: '/api/contact.php', status: 400 }] });
    },
    { in: 'slow' },
  );

  // The same form in English and Persian: its texts, the server's answers and the way back
  // without JavaScript, all in the page's language.
  for (const lang of ['en', 'fa'] as const) {
    const formIn = (page: Page, t: ContactFormTexts) => ({
      name: page.getByLabel(t.labels.name, { exact: true }),
      email: page.getByLabel(t.labels.email, { exact: true }),
      phone: page.getByLabel(t.labels.phone, { exact: true }),
      message: page.getByLabel(t.labels.message, { exact: true }),
      consent: page.locator('#consent'),
      submit: page.locator('form.contact-form button[type="submit"]'),
      alert: page.locator('form.contact-form [role="alert"]'),
    });
    const fillIn = async (f: ReturnType<typeof formIn>) => {
      await f.name.fill(VALUES.name);
      await f.email.fill(VALUES.email);
      await f.phone.fill(VALUES.phone);
      await f.message.fill(VALUES.message);
      await f.consent.check();
    };

    suite.test(
      `${lang}: the rules' messages, then a delivered message thanked for, in the language`,
      async (s) => {
        const t = (await translations[lang].contact()).form;
        const { page, log } = await s.open();
        await load(page, s.origin, paths.contact[lang]);
        const f = formIn(page, t);
        await see.text(f.submit, t.submit);
        await f.submit.click();
        for (const field of ['name', 'email', 'message', 'consent'] as const)
          await see.text(page.locator(`#${field}-error`), t.fieldErrors[field]);
        expect(await focusedId(page)).toBe('name');
        await f.phone.fill('123');
        expect(await page.locator('#phone-error').count()).toBe(0);
        await f.submit.click();
        await see.text(page.locator('#phone-error'), t.fieldErrors.phone);
        expect(log.requests.filter((r) => CONTACT_API.test(r.url))).toHaveLength(0);

        const before = emlFiles(s.server.outboxDir);
        await fillIn(f);
        await f.submit.click();
        await see.text(page.locator('.success-card h3'), t.success.heading);
        await see.text(page.locator('.success-card p').first(), t.success.text);
        const added = await eventually(() => {
          const now = emlFiles(s.server.outboxDir).filter((x) => !before.includes(x));
          expect(now).toHaveLength(1);
          return now[0]!;
        });
        expect(readFileSync(path.join(s.server.outboxDir, added), 'utf8')).toContain(
          `Sprog: ${lang === 'en' ? 'engelsk' : 'persisk'}`,
        );
        log.expectClean();
      },
      { in: lang === 'fa' ? 'fast' : 'slow' },
    );

    suite.test(
      `${lang}: a network failure says so in the language`,
      async (s) => {
        const t = (await translations[lang].contact()).form;
        const { page, log } = await s.open();
        await page.route('**/api/contact.php', (route) => route.abort('failed'));
        await load(page, s.origin, paths.contact[lang]);
        const f = formIn(page, t);
        await fillIn(f);
        await f.submit.click();
        await see.text(f.alert, t.errors.network);
        await see.value(f.name, VALUES.name);
        log.expectClean({ ignore: CONTACT_API });
      },
      { in: 'slow' },
    );

    suite.test(
      `${lang}: without JavaScript the form posts, comes back with the errors, then to the thank-you card`,
      async (s) => {
        const t = (await translations[lang].contact()).form;
        const { page, log } = await s.open({ javaScriptEnabled: false });
        await page.goto(`${s.origin}${paths.contact[lang]}`);
        const f = formIn(page, t);
        await Promise.all([page.waitForURL(`${s.origin}/api/contact.php`), f.submit.click()]);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        for (const field of ['name', 'email', 'message', 'consent'] as const)
          await see.text(page.locator(`#${field}-error`), t.fieldErrors[field]);
        await fillIn(f);
        await Promise.all([
          page.waitForURL(`${s.origin}${paths.contact[lang]}?${sentQuery[lang]}=1`),
          f.submit.click(),
        ]);
        await see.text(page.locator('.success-card h3'), t.success.heading);
        log.expectClean({ allowStatus: [{ url: '/api/contact.php', status: 400 }] });
      },
      { in: lang === 'en' ? 'fast' : 'slow' },
    );
  }
}
