import request from 'supertest';
import { langs, type Lang } from '../content/languages';
import type { ByMailProtection, MailProtection } from '../content/texts/common';
import { translations } from '../content/translations';
import { loadMailKey } from '../server/mail/key';
import { paths } from '../views/routes';
import { asReactWrites } from './support/html';
import { makeApp, testConfig } from './support/app';
import { makeOpenpgpKey, makeSmimeCert } from './support/keys';
import { MINUTE_MS } from '../views/days';

// The privacy policy and the contact page say what the running server does with a contact
// message, from its configuration: without a key, encrypted in transit (TLS) to the practice's
// mailbox and not stored on the site's server; with MAIL_OPENPGP_KEY or MAIL_SMIME_CERT,
// encrypted end to end, and what the mail providers still see. Each says nothing the server
// does not do. The contact limit's window and count come from the values the server enforces.

type Setup = { protection: MailProtection; env: Record<string, string> };
let setups: Setup[];

beforeAll(async () => {
  const [pgp, smime] = await Promise.all([makeOpenpgpKey(), makeSmimeCert()]);
  setups = [
    { protection: 'tls', env: {} },
    { protection: 'openpgp', env: { MAIL_OPENPGP_KEY: pgp.publicKey } },
    { protection: 'smime', env: { MAIL_SMIME_CERT: smime.cert } },
  ];
}, 30_000);

/** The app as a server with that configuration builds it, the practice's key loaded as at start-up. */
async function appWith(env: Record<string, string>) {
  const key = await loadMailKey(testConfig(env));
  return makeApp({ env, ...(key ? { key } : {}) }).app;
}

/** Visible text of a page's <main>, entities decoded, as a visitor reads it. */
async function mainText(app: Parameters<typeof request>[0], path: string): Promise<string> {
  const html = (await request(app).get(path).expect(200)).text;
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  return main
    .replace(/<!-- -->/g, '')
    .replace(/<\/?(a|bdi|span|strong|time)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Every variant of every configuration-dependent paragraph of the policy and the contact page. */
async function variants(lang: Lang): Promise<ByMailProtection[]> {
  const [policy, contact] = await Promise.all([translations[lang].privacy(), translations[lang].contact()]);
  const all = Object.values(policy.sections).flatMap((s) => [...s.paragraphs, ...(s.closing ?? [])]);
  const byProtection = all.flatMap((p) => ('tls' in p ? [p] : []));
  return [...byProtection, contact.form.delivery];
}

/** What each configuration may say, and what only the others may: the words for end-to-end encryption and each standard. */
const claims: Record<Lang, Record<MailProtection, RegExp>> = {
  da: { tls: /\(TLS\)/, openpgp: /OpenPGP/, smime: /S\/MIME/ },
  en: { tls: /\(TLS\)/, openpgp: /OpenPGP/, smime: /S\/MIME/ },
  fa: { tls: /\(TLS\)/, openpgp: /OpenPGP/, smime: /S\/MIME/ },
};
const endToEnd: Record<Lang, RegExp> = {
  da: /end-to-end|kun jeg kan læse/i,
  en: /end-to-end|only I can read/i,
  fa: /سرتاسری|فقط خودم بتوانم/,
};
/** The old promise, true only with a key: "sent as encrypted e-mail directly to me", "always sent encrypted". */
const oldPromise: Record<Lang, RegExp> = {
  da: /sendes som krypteret e-mail|sendes altid krypteret/,
  en: /as an encrypted email|always sent encrypted/,
  fa: /ایمیل رمزگذاری‌شده مستقیم|همیشه رمزگذاری‌شده/,
};

describe.each(langs.map((l) => [l]))('%s', (lang) => {
  test.each(['tls', 'openpgp', 'smime'] as const)(
    'configured for %s: the policy and the contact page say what the server does, and nothing else',
    async (protection) => {
      const { env } = setups.find((s) => s.protection === protection)!;
      const app = await appWith(env);
      const [policy, contact] = await Promise.all([
        mainText(app, paths.privacy[lang]),
        mainText(app, paths.contact[lang]),
      ]);
      const page = `${policy}\n${contact}`;
      for (const variant of await variants(lang)) {
        for (const [other, text] of Object.entries(variant) as [MailProtection, string][]) {
          // The sentence for this configuration is there, the others' are not (where they differ).
          const sentence = text.split(/\{\w+\}/)[0] as string;
          expect({ protection, other, shown: page.includes(sentence) }).toEqual({
            protection,
            other,
            shown: other === protection || text === variant[protection],
          });
        }
      }
      for (const other of ['tls', 'openpgp', 'smime'] as const) {
        expect({ protection, other, named: claims[lang][other].test(page) }).toEqual({
          protection,
          other,
          named: other === protection,
        });
      }
      expect(endToEnd[lang].test(page)).toBe(protection !== 'tls');
      expect(page).not.toMatch(oldPromise[lang]);
    },
  );
});

test('in Danish, word for word: TLS says where the mail lies; a key says who can read it and what the providers still see', async () => {
  const tls = await mainText(await appWith({}), '/persondatapolitik');
  expect(tls).toContain(
    'over en krypteret forbindelse (TLS). Selve e-mailen er ikke krypteret: den ligger i min indbakke hos min e-mailudbyder',
  );
  expect(tls).toContain('Hjemmesidens server gemmer ikke beskeden.');
  const pgp = await mainText(await appWith(setups[1]!.env), '/persondatapolitik');
  expect(pgp).toContain(
    'krypterer beskeden med min offentlige OpenPGP-nøgle, før den sender den som e-mail til min indbakke, så kun jeg kan læse den',
  );
  expect(pgp).toContain('E-mailudbyderne kan stadig se, hvornår beskeden er sendt, og din e-mailadresse');
  expect(pgp).not.toContain('(TLS)');
  const smime = await mainText(await appWith(setups[2]!.env), '/kontakt');
  expect(smime).toContain('Beskeden krypteres med S/MIME, før den forlader hjemmesiden, så kun jeg kan læse den.');
});

test.each([
  [{}, '5 beskeder', '15 minutter', '5 messages', '15 minutes', '۵ پیام', '۱۵ دقیقه'],
  [
    { CONTACT_RATE_LIMIT: '3', CONTACT_RATE_WINDOW_MS: String(10 * MINUTE_MS) },
    '3 beskeder',
    '10 minutter',
    '3 messages',
    '10 minutes',
    '۳ پیام',
    '۱۰ دقیقه',
  ],
  [
    { CONTACT_RATE_LIMIT: '1200', CONTACT_RATE_WINDOW_MS: '60000' },
    '1.200 beskeder',
    '1 minut',
    '1,200 messages',
    '1 minute',
    '۱٬۲۰۰ پیام',
    '۱ دقیقه',
  ],
  // Rounded up: the policy says "up to", so never less than the server keeps it.
  [{ CONTACT_RATE_WINDOW_MS: '90000' }, '5 beskeder', '2 minutter', '5 messages', '2 minutes', '۵ پیام', '۲ دقیقه'],
])(
  'the contact limit in the policy is the one the server enforces (%j)',
  async (env, daMax, daWindow, enMax, enWindow, faMax, faWindow) => {
    const app = await appWith(env);
    const [da, en, fa] = await Promise.all(langs.map((l) => mainText(app, paths.privacy[l])));
    expect(da).toContain(
      `højst sendes ${daMax} fra den samme IP-adresse på ${daWindow}. Derfor husker serveren i op til ${daWindow},`,
    );
    expect(en).toContain(
      `no more than ${enMax} can be sent from the same IP address within ${enWindow}. For that, the server remembers for up to ${enWindow}`,
    );
    expect(fa).toContain(
      `در مدت ${faWindow} حداکثر ${faMax} می‌توان فرستاد. برای این کار، سرور تا ${faWindow} به خاطر می‌سپارد`,
    );
  },
);

test.each(langs.map((l) => [l]))(
  '%s: ten sections numbered in order, the references to them filled in, and the cancellation rule linked, not restated',
  async (lang) => {
    const html = (await request(await appWith({})).get(paths.privacy[lang])).text.replace(/<!-- -->/g, '');
    const numbers = [...html.matchAll(/<h2 id="afsnit-(\d+)">([^<.]*)\./g)].map((m) => [Number(m[1]), m[2]]);
    const written =
      lang === 'fa'
        ? ['۱', '۲', '۳', '۴', '۵', '۶', '۷', '۸', '۹', '۱۰']
        : ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
    expect(numbers).toEqual(written.map((n, i) => [i + 1, n]));
    // Every placeholder filled in (the page's data, for the browser, keeps them).
    expect(/<main[\s\S]*<\/main>/.exec(html)?.[0]).not.toMatch(/\{\w+\}/);
    // Section 1 points to the contact details in the last section, 10.
    const reference = {
      da: 'under punkt 10 nederst',
      en: 'in section 10 at the bottom',
      fa: 'در بخش ۱۰، پایین همین صفحه',
    }[lang];
    expect(html).toContain(reference);
    expect(html).toContain(`<a href="${paths.prices[lang]}#cancellation-section">`);
    // On the Persian page the Latin link text reads left to right in its isolates (content/bidi.ts).
    const site = lang === 'fa' ? '\u2066datatilsynet.dk\u2069' : 'datatilsynet.dk';
    expect(html).toContain(`<a href="https://www.datatilsynet.dk">${site}</a>`);
    // The deadlines are stated once, on the prices page.
    expect(html).not.toMatch(/24 timer|24 hours|۲۴ ساعت/);
    expect(html).toContain(asReactWrites((await translations[lang].privacy()).sections.contact.title));
  },
);
