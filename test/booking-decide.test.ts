import { simpleParser } from 'mailparser';
import { holdUntil } from '../server/booking/answerWindow';
import { createBookingCalendar } from '../server/booking/calendar';
import { busyIndex } from '../server/booking/freeTimes';
import { decide, type DecideDeps, type Press } from '../server/booking/decision/decide';
import { markOf, type AnswerRequest } from '../server/booking/decision/token';
import { manageLinks } from '../server/booking/manage';
import { createMailer } from '../server/mail/transport';
import { memoryHolds } from '../server/store/holdsMemory';
import type { LinkPress } from '../server/store/usedLinks';
import { memoryUsedLinks } from '../server/store/usedLinksMemory';
import { captureLogs } from './support/app';
import { bookingConfig } from './support/booking';
import { parseMail, useSmtp, type TestSmtp } from './support/smtp';
import { testCert } from './support/tls';
import { MINUTE_MS } from '../views/days';

// The practitioner's decision as a plain function (server/booking/decision/decide.ts), without
// HTTP: the stores in memory, the visitor's mail to a real SMTP server on loopback.

const NOW = new Date('2026-11-25T19:00:00Z');
const START = new Date('2027-01-14T09:00:00Z');
const END = new Date('2027-01-14T10:15:00Z');

const smtp = useSmtp();
/** A mail server that keeps the message and hangs up before it answers: the mail may have gone. */
const silent = useSmtp({ storesAtOnce: true, hangUpAfterData: true });

/** The domain's parts, and a held request for START as the request mail's links carry it; its mail to `mailServer`. */
async function world(mailServer: TestSmtp = smtp) {
  /** Whether her feed shows the time busy (besides the request itself). */
  const feed = { busy: false as boolean | null };
  const config = bookingConfig(mailServer.url, { BOOKING_HOLDS_PER_VISITOR: '10' });
  const holds = memoryHolds({ until: holdUntil, perVisitor: 10 });
  const deps: DecideDeps = {
    mail: config,
    mailer: createMailer(config, { ca: testCert() }),
    holds,
    usedLinks: memoryUsedLinks(holds),
    nearestTimes: async () => [],
    feedBusy: () => feed.busy,
    manage: manageLinks(config as Parameters<typeof manageLinks>[0]),
  };
  const held = await holds.hold({ service: 'par', start: START, end: END, visitor: 'v1' }, NOW);
  if (held.result !== 'held') throw new Error('not held');
  const request: AnswerRequest = {
    id: 'request-1',
    hold: held.id,
    visitor: 'v1',
    service: 'par',
    format: 'clinic',
    start: START,
    end: END,
    name: 'Karen Blixen',
    email: 'karen@example.com',
    lang: 'da',
    expires: holdUntil(NOW),
  };
  const press = (act: Press['act'], extra: Partial<Press> = {}): Press => ({
    act,
    request,
    message: '',
    offers: null,
    expired: false,
    ...extra,
  });
  return { deps, holds, request, press, feed };
}

test('confirm: one mail to the visitor, the time kept as confirmed', async () => {
  const { deps, holds, press } = await world();
  expect(await decide(deps, press('confirm'), NOW)).toEqual({ kind: 'done', act: 'confirm' });
  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0]!.to).toEqual(['karen@example.com']);
  expect((await simpleParser(smtp.received[0]!.raw)).subject).toBe('Din aftale torsdag 14. januar kl. 10.00');
  expect(await holds.list(NOW)).toEqual([{ service: 'par', start: START, end: END, confirmed: true }]);
});

test('decline: one mail with her message, the time free at once', async () => {
  const { deps, holds, press } = await world();
  expect(await decide(deps, press('decline', { message: 'Ring gerne.' }), NOW)).toEqual({
    kind: 'done',
    act: 'decline',
  });
  expect(smtp.received).toHaveLength(1);
  expect((await simpleParser(smtp.received[0]!.raw)).text).toContain('Ring gerne.');
  expect(await holds.list(NOW)).toEqual([]);
});

test('confirm twice, or decline after: already, nothing sent again', async () => {
  const { deps, press } = await world();
  await decide(deps, press('confirm'), NOW);
  expect(await decide(deps, press('confirm'), NOW)).toEqual({
    kind: 'already',
    state: { kind: 'confirmed', moveUsed: false },
  });
  expect(await decide(deps, press('decline'), NOW)).toEqual({
    kind: 'already',
    state: { kind: 'confirmed', moveUsed: false },
  });
  expect(smtp.received).toHaveLength(1);
});

test('confirming a time another request holds (its own hold lost): refused, nothing sent, nothing marked', async () => {
  const { deps, holds, request, press } = await world();
  await holds.release(request.hold, { service: 'par', start: START, end: END, visitor: 'v1' });
  // Someone else asked for an overlapping time meanwhile.
  const other = await holds.hold(
    {
      service: 'individuel',
      start: new Date(START.getTime() + 30 * MINUTE_MS),
      end: new Date(END.getTime() + 30 * MINUTE_MS),
      visitor: 'v2',
    },
    NOW,
  );
  expect(other.result).toBe('held');
  expect(await decide(deps, press('confirm'), NOW)).toEqual({ kind: 'taken' });
  expect(smtp.received).toHaveLength(0);
  // A decline still goes: the client must hear.
  expect(await decide(deps, press('decline'), NOW)).toEqual({ kind: 'done', act: 'decline' });
});

test('past its time: a decline goes, a confirmation never', async () => {
  const { deps, press } = await world();
  expect(await decide(deps, press('confirm', { expired: true }), NOW)).toEqual({ kind: 'refused' });
  expect(smtp.received).toHaveLength(0);
  expect(await decide(deps, press('decline', { expired: true }), NOW)).toEqual({ kind: 'done', act: 'decline' });
  expect(smtp.received).toHaveLength(1);
});

test('release: only a confirmed time, once, and it is free again', async () => {
  const { deps, holds, press } = await world();
  expect(await decide(deps, press('release'), NOW)).toEqual({ kind: 'refused' });
  await decide(deps, press('confirm'), NOW);
  expect(await decide(deps, press('release'), NOW)).toEqual({ kind: 'done', act: 'release', told: false });
  // Free: listed as a freed session only, so that her own event of it no longer makes it busy.
  expect(await holds.list(NOW)).toEqual([{ service: 'par', start: START, end: END, freed: true }]);
  // Its page says the client was not told.
  expect(await decide(deps, press('release'), NOW)).toEqual({
    kind: 'already',
    state: { kind: 'released', told: false },
  });
  expect(await decide(deps, press('confirm'), NOW)).toEqual({
    kind: 'already',
    state: { kind: 'released', told: false },
  });
  expect(smtp.received).toHaveLength(1);
});

test.each([
  [
    'client',
    'Tak, fordi du gav besked. Jeg har aflyst din tid torsdag den 14. januar 2027 kl. 10.00–11.15 (dansk tid).',
    'Vil du have en ny tid, er du velkommen til at ringe',
  ],
  [
    'practitioner',
    'Jeg må desværre aflyse din tid torsdag den 14. januar 2027 kl. 10.00–11.15 (dansk tid). Det beklager jeg. Du skal selvfølgelig ikke betale for den.',
    'Jeg vil gerne finde en ny tid til dig.',
  ],
] as const)(
  'release telling the client, who cancelled: %s: one mail by first name in those words, with her message',
  async (who, intro, rebook) => {
    const { deps, press } = await world();
    await decide(deps, press('confirm'), NOW);
    smtp.received.length = 0;
    const release = press('release', { tell: true, who, message: 'God bedring.' });
    expect(await decide(deps, release, NOW)).toEqual({ kind: 'done', act: 'release', told: true });
    expect(smtp.received).toHaveLength(1);
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.subject).toBe('Din aftale torsdag 14. januar kl. 10.00 er aflyst');
    expect(mail.text).toMatch(
      new RegExp(`^Kære Karen\\n\\n${intro.replace(/[.()]/g, '\\$&')}\\n\\nGod bedring\\.\\n\\n${rebook}`),
    );
    expect(mail.html).toContain(intro);
    // Its page says the client was told.
    expect(await decide(deps, release, NOW)).toEqual({ kind: 'already', state: { kind: 'released', told: true } });
    expect(smtp.received).toHaveLength(1);
  },
);

test('a decline after the day the answer was promised opens with an apology; one in time does not', async () => {
  const { deps, request, press } = await world();
  await decide(deps, press('decline', { expired: true }), new Date(request.expires.getTime() + 60_000));
  const late = await simpleParser(smtp.received[0]!.raw);
  expect(late.text).toMatch(
    /^Kære Karen\n\nUndskyld, at mit svar kommer senere end lovet\. Tak for din forespørgsel\./,
  );
  expect(late.html).toContain('<p>Undskyld, at mit svar kommer senere end lovet. Tak for din forespørgsel.');
  const second = await world();
  await decide(second.deps, second.press('decline'), NOW);
  expect(await simpleParser(smtp.received[1]!.raw).then((m) => m.text)).toMatch(
    /^Kære Karen\n\nTak for din forespørgsel\./,
  );
});

test('her calendar already shows the time busy: the confirmation is refused, nothing sent; a decline still goes', async () => {
  const { deps, holds, press, feed } = await world();
  feed.busy = true;
  expect(await decide(deps, press('confirm'), NOW)).toEqual({ kind: 'busy' });
  expect(smtp.received).toHaveLength(0);
  // Nothing marked: once her calendar is clear, the press goes.
  feed.busy = null;
  expect(await decide(deps, press('confirm'), NOW)).toEqual({ kind: 'done', act: 'confirm' });
  expect(await holds.list(NOW)).toEqual([{ service: 'par', start: START, end: END, confirmed: true }]);
  const other = await world();
  other.feed.busy = true;
  expect(await decide(other.deps, other.press('decline'), NOW)).toEqual({ kind: 'done', act: 'decline' });
});

test('a press under way (its claim standing): another press is told so and sends nothing; one never finished reads as a mail that may have gone; given back, the next one sends', async () => {
  const { deps, request, press } = await world();
  const another: LinkPress = {
    id: markOf(request.id),
    act: 'confirm',
    claim: 'another-press',
    at: NOW,
    session: START,
    from: [''],
    told: true,
  };
  expect(await deps.usedLinks.begin(another)).toEqual({ kind: 'claimed', value: null });
  // Its own retry recognises it.
  expect(await deps.usedLinks.begin(another)).toEqual({ kind: 'claimed', value: null });
  expect(await decide(deps, press('confirm'), NOW)).toEqual({ kind: 'pending' });
  expect(await decide(deps, press('decline'), NOW)).toEqual({ kind: 'pending' });
  expect(smtp.received).toHaveLength(0);
  // A minute on, a claim whose press never finished: its mail may have gone, nothing is sent by itself.
  const later = new Date(NOW.getTime() + 61_000);
  expect(await decide(deps, press('decline'), later)).toEqual({
    kind: 'uncertain',
    act: 'confirm',
    why: 'interrupted',
    state: { kind: 'requested' },
  });
  await deps.usedLinks.abandon(another);
  expect(await decide(deps, press('decline'), NOW)).toEqual({ kind: 'done', act: 'decline' });
  expect(smtp.received).toHaveLength(1);
});

test('no reply after the mail was handed over: uncertain, the time kept, nothing sent again until she asks; then the same Message-ID, once', async () => {
  const { deps, holds, press } = await world(silent);
  const confirmed = { kind: 'confirmed', moveUsed: false };
  expect(await decide(deps, press('confirm'), NOW)).toMatchObject({
    kind: 'uncertain',
    act: 'confirm',
    why: 'no-reply',
    state: confirmed,
    now: { failure: { outcome: 'unknown' } },
  });
  // The mail server has it; the site took nothing back: the time stays as confirmed.
  expect(silent.received).toHaveLength(1);
  expect(await holds.list(NOW)).toEqual([{ service: 'par', start: START, end: END, confirmed: true }]);
  // A press again, the other answer, or the other answer "again": nothing sent, the page says the mail may have gone.
  const uncertain = { kind: 'uncertain', act: 'confirm', why: 'no-reply', state: confirmed };
  expect(await decide(deps, press('confirm'), NOW)).toEqual(uncertain);
  expect(await decide(deps, press('decline'), NOW)).toEqual(uncertain);
  expect(await decide(deps, press('decline', { again: true }), NOW)).toEqual(uncertain);
  expect(silent.received).toHaveLength(1);
  // Sent again on purpose, to a mail server that answers: the same Message-ID, and the answer final.
  const answering = { ...deps, mailer: (await world()).deps.mailer };
  expect(await decide(answering, press('confirm', { again: true }), NOW)).toEqual({ kind: 'done', act: 'confirm' });
  expect(smtp.received).toHaveLength(1);
  const ids = [silent.received[0]!, smtp.received[0]!].map((m) => parseMail(m.raw).headers.get('message-id'));
  expect(ids[0]).toEqual(ids[1]);
  expect(ids[0]?.[0]).toMatch(/^<[\w-]{32}@example\.dk>$/);
  expect(await decide(answering, press('confirm', { again: true }), NOW)).toEqual({
    kind: 'already',
    state: confirmed,
  });
  expect(smtp.received).toHaveLength(1);
});

test('a mail that fails gives the claim back: the next press sends, once', async () => {
  const { deps, press } = await world();
  const failing = { ...deps, mailer: { ...deps.mailer, send: async () => Promise.reject(new Error('451')) } };
  expect((await decide(failing, press('confirm'), NOW)).kind).toBe('delivery');
  expect(await decide(deps, press('confirm'), NOW)).toEqual({ kind: 'done', act: 'confirm' });
  expect(await decide(deps, press('confirm'), NOW)).toEqual({
    kind: 'already',
    state: { kind: 'confirmed', moveUsed: false },
  });
  expect(smtp.received).toHaveLength(1);
});

test("the calendar's busyDuring: a busy time overlapping the session counts, one of exactly the session (its own event) does not", async () => {
  const config = bookingConfig(smtp.url).booking!;
  const at = (iso: string, minutes: number) => ({
    start: new Date(iso),
    end: new Date(Date.parse(iso) + minutes * MINUTE_MS),
  });
  let busy = [at('2027-01-14T10:00+01:00', 75)];
  const calendar = createBookingCalendar(config, captureLogs().logger, {
    clock: () => NOW,
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
  const session = { start: START, end: END };
  // Her calendar holds only the request's own event (booking.ics): not busy for it.
  expect(calendar.busyDuring(session, NOW)).toBe(false);
  busy = [at('2027-01-14T10:30+01:00', 60)];
  await calendar.refresh();
  expect(calendar.busyDuring(session, NOW)).toBe(true);
  busy = [at('2027-01-14T11:15+01:00', 60)];
  await calendar.refresh();
  expect(calendar.busyDuring(session, NOW)).toBe(false);
  calendar.stop();
});
