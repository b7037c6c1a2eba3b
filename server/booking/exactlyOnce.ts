import { randomUUID } from 'node:crypto';
import { messageIdFor } from '../mail/message';
import { describeFailure, MailOutcomeUnknown, type MailFailure, type Mailer } from '../mail/transport';
import type { VisitorMail } from '../mail/visitorMail';
import type { Begun, LinkPress, Settled, UsedLinks } from '../store/usedLinks';

// An act on a link from a mail that mails the client and changes holds: exactly once, with at
// most one mail, whatever the mail server, Redis or the process do meanwhile (decisions 0039,
// 0050). The practitioner's answers use it (decision/decide.ts). The contract, in docs/booking.md
// ("Exactly once: the contract"):
// - the press claims the link (server/store/usedLinks.ts); while another press's claim is young,
//   or the link's record stands where the act may not go, it sends nothing and says so;
// - then `hindrance` (not asked on a resend): a reason found not to act gives the claim back;
// - then the one mail, with a Message-ID fixed by the link and the act, the same on a resend;
// - accepted: the settlement is made final in one step (owed to Redis, and made when it answers,
//   if it does not take it now); refused or failed before the message was handed over: the claim
//   goes back, nothing happened; handed over with no reply: the settlement is made all the same,
//   noted as uncertain, and nothing is sent again unless a press asks for it (`again`), for the
//   same act only.

export interface OnceDeps {
  usedLinks: UsedLinks;
  mailer: Mailer;
}

export interface OnceAct<Why> {
  /** The press as the store takes it, less its own claim and moment. */
  press: Omit<LinkPress, 'claim' | 'at'>;
  /** Why not to act after all, once the claim is taken (not asked on a resend); null: act. Throws when a store does not answer. */
  hindrance?: () => Promise<Why | null>;
  /**
   * Given the record's value it claimed on: the client's mail (null: none), and how to make the
   * act final for `press` (`final` false: its mail may have gone, noted uncertain).
   */
  prepare: (value: string | null) => Promise<{ mail: VisitorMail | null; settle: Settle }>;
}

export type OnceResult<Why> =
  /** Mailed (or nothing to mail) and recorded: `recorded` says whether Redis took the record now or it is owed. */
  | { kind: 'done'; recorded: Settled }
  /** The mail was handed over and no reply came: it may have gone. Recorded, noted uncertain; nothing is sent again by itself. */
  | { kind: 'unknown'; failure: MailFailure }
  | { kind: 'hindered'; why: Why }
  | Exclude<Begun, { kind: 'claimed' }>
  | { kind: 'unavailable'; reason: string }
  /** The mail server did not take the mail: nothing happened (a resend leaves its act as uncertain as it was). */
  | { kind: 'delivery'; failure: MailFailure };

/** Makes an act's settlement for the press that claimed it (usedLinks.settle, or settleAppointment with what follows it). */
export type Settle = (press: LinkPress, final: boolean) => Promise<Settled>;

/** The one Message-ID of an act on a link: every send of it, a resend included, carries it. */
const actMessageId = (mail: VisitorMail, link: string, act: string) => messageIdFor(mail.from, `${link}|${act}`);

export async function actOnce<Why>(deps: OnceDeps, act: OnceAct<Why>, at: Date): Promise<OnceResult<Why>> {
  const { usedLinks, mailer } = deps;
  const again = act.press.again === true;
  // A resend's act is recorded already: it guards nothing, and never undoes a guard.
  const press: LinkPress = { ...act.press, claim: randomUUID(), at, guard: again ? null : act.press.guard };
  let claimed: string | null;
  try {
    const begun = await usedLinks.begin(press);
    if (begun.kind !== 'claimed') return begun;
    claimed = begun.value;
    const why = again ? null : ((await act.hindrance?.()) ?? null);
    if (why !== null) {
      await usedLinks.abandon(press);
      return { kind: 'hindered', why };
    }
  } catch (err) {
    // The claim may have been taken with a reply that came late: given back (a resend's lapses into uncertain).
    if (!again) await usedLinks.abandon(press);
    return { kind: 'unavailable', reason: (err as Error).message };
  }
  let settle: Settle | null = null;
  try {
    const prepared = await act.prepare(claimed);
    settle = prepared.settle;
    const { mail } = prepared;
    if (mail) await mailer.send({ ...mail, messageId: actMessageId(mail, press.id, press.act) }, { for: 'visitor' });
  } catch (err) {
    const unknown = err instanceof MailOutcomeUnknown;
    // It may have gone (now, or by the press this one sends again): recorded, noted uncertain.
    if (settle && (unknown || again)) await settle(press, false);
    // Nothing went: the claim goes back. A resend that failed before its mail keeps it: cut off, it reads as before after its minute.
    else if (!again) await usedLinks.abandon(press);
    return { kind: unknown ? 'unknown' : 'delivery', failure: describeFailure(err) };
  }
  return { kind: 'done', recorded: await settle(press, true) };
}
