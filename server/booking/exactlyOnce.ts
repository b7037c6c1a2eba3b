import { randomUUID } from 'node:crypto';
import { messageIdFor } from '../mail/message';
import { describeFailure, MailOutcomeUnknown, type MailFailure, type Mailer } from '../mail/transport';
import type { VisitorMail } from '../mail/visitorMail';
import type { HoldChange, HoldGuard } from '../store/holds';
import type { Answer, Begun, LinkPress, Settled, UsedLinks } from '../store/usedLinks';

// An act on a link from a mail that mails the client and changes a hold: exactly once, with at
// most one mail, whatever the mail server, Redis or the process do meanwhile (decisions 0039,
// 0050). The practitioner's answers use it (decision/decide.ts); so can any act of the client's
// own. The contract, in docs/booking.md ("Exactly once"):
// - the press claims the link (server/store/usedLinks.ts); while another press's claim is young,
//   or the link was used, it sends nothing and says so;
// - then `hindrance` (skipped on a resend): a reason found not to act gives the claim back;
// - then the one mail, with a Message-ID fixed by the link and the act, the same on a resend;
// - accepted: the record is made final with the hold's change in one step (owed to Redis,
//   and made when it answers, if it does not now); refused or failed before the message was
//   handed over: the claim goes back, nothing happened; handed over with no reply: the record
//   is made *uncertain* with the hold's change, and nothing is sent again unless a press asks to
//   (`again`), for the same act only.

export interface OnceDeps {
  usedLinks: UsedLinks;
  mailer: Mailer;
}

export interface OnceAct<Why> {
  /** The link's record (a hash of its random id, never the request). */
  link: string;
  answer: Answer;
  /** A deliberate second send of an answer whose first mail may have gone. */
  again: boolean;
  /** Whether it mails the client. */
  told: boolean;
  /** The session: the record lives a month past it. */
  session: Date;
  /** What the act does to the hold, in one step with its record. */
  change: HoldChange;
  /** What the claim does to the hold meanwhile (a first press only: a resend's answer is recorded already). */
  guard: HoldGuard | null;
  /** Why not to act after all, once the claim is taken (not asked on a resend); null: act. Throws when a store does not answer. */
  hindrance?: () => Promise<Why | null>;
  /** The client's mail, or null when the act mails nobody. */
  mail: () => Promise<VisitorMail | null>;
}

export type OnceResult<Why> =
  /** Mailed (or nothing to mail) and recorded: `recorded` says whether Redis took the record now or it is owed. */
  | { kind: 'done'; recorded: Settled }
  /** The mail was handed over and no reply came: it may have gone. Recorded as uncertain; nothing is sent again by itself. */
  | { kind: 'unknown'; failure: MailFailure }
  | { kind: 'hindered'; why: Why }
  | Exclude<Begun, { kind: 'claimed' }>
  | { kind: 'unavailable'; reason: string }
  /** The mail server did not take the mail: nothing happened (a resend leaves the answer as uncertain as it was). */
  | { kind: 'delivery'; failure: MailFailure };

/** The one Message-ID of an act on a link: every send of it, a resend included, carries it. */
const actMessageId = (mail: VisitorMail, link: string, answer: Answer) => messageIdFor(mail.from, `${link}|${answer}`);

export async function actOnce<Why>(deps: OnceDeps, act: OnceAct<Why>, at: Date): Promise<OnceResult<Why>> {
  const { usedLinks, mailer } = deps;
  const { again, told, session } = act;
  const guard = again ? null : act.guard;
  const press: LinkPress = { id: act.link, answer: act.answer, told, claim: randomUUID(), at, again, session, guard };
  // A first press that sends nothing gives its claim back; a resend's record stays uncertain.
  const sentNothing = () => (again ? usedLinks.settle(press, act.change, false) : usedLinks.abandon(press));
  try {
    const begun = await usedLinks.begin(press);
    if (begun.kind !== 'claimed') return begun;
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
  try {
    const mail = await act.mail();
    if (mail) await mailer.send({ ...mail, messageId: actMessageId(mail, act.link, act.answer) }, { for: 'visitor' });
  } catch (err) {
    if (!(err instanceof MailOutcomeUnknown)) {
      await sentNothing();
      return { kind: 'delivery', failure: describeFailure(err) };
    }
    await usedLinks.settle(press, act.change, false);
    return { kind: 'unknown', failure: describeFailure(err) };
  }
  return { kind: 'done', recorded: await usedLinks.settle(press, act.change, true) };
}
