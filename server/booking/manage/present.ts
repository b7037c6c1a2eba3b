import { manageTexts } from '../../../content/manageTexts';
import { siteTexts } from '../../../content/siteTexts';
import { translations } from '../../../content/translations';
import { visitorMails } from '../../../content/visitorMails';
import { fill, withPhone } from '../../../views/format';
import { sessionFee, whenOf } from '../../mail/visitorParts';
import type { HoldStore } from '../../store/holds';
import type { LinkRecord, UsedLinks } from '../../store/usedLinks';
import type { BookingCalendar } from '../calendar';
import { cancellationDeadline } from '../deadline';
import { markOf } from '../decision/token';
import { daysOf, maxWeeks, timesFor } from '../stepsView';
import { dayLabel, timeLabel } from '../when';
import { isClientAct } from './act';
import { stateOf } from './state';
import { type Appointment, MANAGE_POST_PATH } from './token';
import type { ManageView, Notice, PickerView, Words } from './view';

// What the client's page is made of, for a GET and after a press alike: the appointment's state
// as its mark keeps it (and, once moved, its move's), the words written once in her language, and
// the move's free times on the booking page's own list.

export interface PresentDeps {
  calendar: BookingCalendar;
  holds: HoldStore;
  usedLinks: UsedLinks;
}

type AppointmentView = Extract<ManageView, { kind: 'appointment' }>;

/** Her own change was made, but its mail to the practice had no reply (decision 0052): the practice may not know. */
export function uncertainNotice(a: Appointment): Notice {
  const { title, text } = manageTexts[a.lang].problems.uncertain;
  return { tone: 'problem', title, text: withPhone(text, a.lang) };
}

/** What the page says at its top as the record stands: a press under way, or (every time she looks) a change of hers the practice may not know of. */
function standing(a: Appointment, record: LinkRecord): Pick<AppointmentView, 'notice' | 'uncertain'> {
  if (record.pending) return { notice: { tone: 'problem', ...manageTexts[a.lang].problems.pending } };
  return record.uncertain && isClientAct(record.uncertain.act) ? { notice: uncertainNotice(a), uncertain: true } : {};
}

/** The page of an appointment as it stands now, with what a press adds (its notice, the form again). */
export async function viewOf(
  deps: PresentDeps,
  a: Appointment,
  token: string,
  at: Date,
  extra: Partial<AppointmentView> = {},
): Promise<AppointmentView> {
  const t = manageTexts[a.lang].problems;
  const base = { kind: 'appointment' as const, appointment: a, token, at };
  try {
    const now = await deps.usedLinks.peek(markOf(a.id), at);
    const state = stateOf(now.value);
    const later = state.kind === 'moved' ? stateOf((await deps.usedLinks.peek(state.mark, at)).value) : undefined;
    return { ...base, state, ...(later ? { later } : {}), ...standing(a, now), ...extra };
  } catch {
    return { ...base, state: null, notice: { tone: 'problem', ...t.unavailable }, ...extra };
  }
}

/** What the page says of the appointment, written once in her language. */
export async function wordsOf(a: Appointment, videoUrl: string | null): Promise<Words> {
  const [{ flow }, prices] = await Promise.all([translations[a.lang].booking(), translations[a.lang].prices()]);
  const c = visitorMails[a.lang].confirmed;
  const moment = (time: Date) => fill(flow.when, { day: dayLabel(time, a.lang), time: timeLabel(time, a.lang) });
  const place =
    a.format === 'online'
      ? videoUrl
        ? `${c.onlineRoom}: ${videoUrl}`
        : c.onlineRoom
      : fill(c.clinic, { address: siteTexts[a.lang].practice.address.oneLine });
  return {
    service: prices.prices[a.service].label,
    when: whenOf(a, c.when),
    place,
    deadline: moment(cancellationDeadline(a.start)),
    fee: sessionFee(a),
    moment,
    day: (time) => dayLabel(time, a.lang),
    post: MANAGE_POST_PATH,
  };
}

/** The free times of her service she may move to, `weeks` weeks of them (her own time is held, so not among them). */
export async function pickerOf(deps: PresentDeps, a: Appointment, weeks: number, at: Date): Promise<PickerView> {
  const shown = Math.min(Math.max(1, Math.floor(weeks) || 1), maxWeeks());
  const times = await timesFor(deps, a.lang, a.service, shown, at);
  return { days: daysOf(times.shown, a.lang), more: times.more, weeks: shown };
}
