import { translations } from '../../../content/translations';
import { visitorMails } from '../../../content/visitorMails';
import { DAY_MS } from '../../../views/days';
import { fill } from '../../../views/format';
import { offeredTimeUrl } from '../../mail/visitorMail';
import type { HoldStore } from '../../store/holds';
import type { BookingCalendar } from '../calendar';
import type { Slot } from '../interval';
import { freeSlots, maxWeeks } from '../stepsView';
import { dayLabel, fullDayLabel, isoStart, localDate, timeLabel } from '../when';
import type { DecideDeps } from './decide';
import type { OfferView } from './page';
import type { AnswerRequest } from './token';

// The free times offered in a request's place when the practitioner declines it: on her decline
// page (in Danish) and in the visitor's mail (in their language, each a link to that very time).

/** How many free times a declined visitor is offered, and at most how many of them on one day. */
const NEAREST = 5;
const PER_DAY = 2;
const WEEK_MS = 7 * DAY_MS;

/**
 * The free times nearest the declined one (before or after it), at most `perDay` on one Danish
 * day, in time order: a client who cannot come that morning gets other days to choose from.
 */
function spreadOffers(slots: readonly Slot[], to: Date, count = NEAREST, perDay = PER_DAY): Slot[] {
  const distance = (s: Slot) => Math.abs(s.start.getTime() - to.getTime());
  const onDay = new Map<string, number>();
  const chosen: Slot[] = [];
  for (const slot of [...slots].sort((a, b) => distance(a) - distance(b))) {
    if (chosen.length === count) break;
    const day = localDate(slot.start);
    const taken = onDay.get(day) ?? 0;
    if (taken >= perDay) continue;
    onDay.set(day, taken + 1);
    chosen.push(slot);
  }
  return chosen.sort((a, b) => a.start.getTime() - b.start.getTime());
}

export function nearestOffers(deps: { baseUrl: string; calendar: BookingCalendar; holds: HoldStore }) {
  const { baseUrl, calendar, holds } = deps;
  /** The nearest free times of the same service, the declined one left out. */
  async function nearest(r: AnswerRequest, at: Date): Promise<Slot[]> {
    const slots = (await freeSlots({ calendar, holds }, r.service, at)) ?? [];
    return spreadOffers(
      slots.filter((s) => s.start.getTime() !== r.start.getTime()),
      r.start,
    );
  }

  /** As the visitor's mail offers them: in their language, each a link to that very time on the booking page. */
  const nearestTimes: DecideDeps['nearestTimes'] = async (r, at) => {
    // Short, to stay on one line as a button on a phone: the mail says above them that they are Danish time.
    const { offer } = visitorMails[r.lang].declined;
    return (await nearest(r, at)).map((slot) => {
      // Enough weeks for the time to be on the page the link opens.
      const weeks = Math.min(maxWeeks(), Math.max(1, Math.ceil((slot.start.getTime() - at.getTime()) / WEEK_MS) + 1));
      const start = isoStart(slot.start);
      return {
        start,
        label: fill(offer, { day: dayLabel(slot.start, r.lang), time: timeLabel(slot.start, r.lang) }),
        url: offeredTimeUrl(baseUrl, r, start, weeks),
      };
    });
  };

  /** The same times as her decline page lists them, in Danish. */
  async function offerViews(r: AnswerRequest, at: Date): Promise<OfferView[]> {
    const { flow } = await translations.da.booking();
    return (await nearest(r, at)).map((slot) => ({
      start: isoStart(slot.start),
      label: fill(flow.when, { day: fullDayLabel(slot.start, 'da'), time: timeLabel(slot.start, 'da') }),
    }));
  }

  return { nearestTimes, offerViews };
}
