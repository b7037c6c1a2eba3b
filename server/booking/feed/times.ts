import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { PRACTICE_TIME_ZONE } from '../../../content/practice';
import { FeedError } from './bounds';
import { instantOf, isKnownZone } from '../localTime';

// An event's times and whether it blocks, as busy.ts reads them (see the top of busy.ts: UTC, a
// zone the feed defines, an IANA or Windows name, floating and all-day in the practice's zone).

type Time = ICAL.Time;

/** Whether an event (or one occurrence's override) keeps the practitioner busy. */
export function blocks(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const outlook = String(component.getFirstPropertyValue('x-microsoft-cdo-busystatus') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transp !== 'TRANSPARENT' && outlook !== 'FREE';
}

/**
 * A start and an end as instants (ms). All-day dates are local midnights in the practice's zone;
 * a DATE-TIME is read in its own zone (see the top of busy.ts).
 */
export function instants(
  start: Time,
  end: Time,
  component: ICAL.Component | null,
  prop?: ICAL.Property,
): [number, number] {
  const startProp = prop ?? component?.getFirstProperty('dtstart') ?? null;
  const endProp = prop ?? component?.getFirstProperty('dtend') ?? startProp;
  return [instant(start, startProp), instant(end, endProp)];
}

export function instant(time: Time | null, prop: ICAL.Property | null): number {
  if (!time) throw new FeedError('an event in the feed has no start (DTSTART)');
  if (time.isDate)
    return instantOf(
      { year: time.year, month: time.month, day: time.day, hour: 0, minute: 0, second: 0 },
      PRACTICE_TIME_ZONE,
    );
  // UTC, or a zone the feed defines: ical.js knows the offset.
  if (time.zone === ICAL.Timezone.utcTimezone || definedZone(time)) return time.toUnixTime() * 1000;
  const tzid = prop?.getParameter('tzid');
  const zone = typeof tzid === 'string' ? zoneNamed(tzid) : PRACTICE_TIME_ZONE;
  return instantOf(
    { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second },
    zone,
  );
}

/** Whether ical.js read this time's zone from a VTIMEZONE in the feed. */
function definedZone(time: Time): boolean {
  const zone = time.zone as ICAL.Timezone | null | undefined;
  return Boolean(zone?.component && zone !== ICAL.Timezone.localTimezone);
}

/** A TZID the feed does not define: an IANA name, a Windows name (Outlook), or else the practice's zone. */
function zoneNamed(tzid: string): string {
  return knownZone(tzid) ?? PRACTICE_TIME_ZONE;
}

/** The zones named so far (a feed names a few; one that names thousands only empties it now and then). */
const named = new Map<string, string | null>();

/** The IANA zone a TZID names (an IANA name, or Outlook's Windows name); null: a name of the feed's own. */
export function knownZone(tzid: string): string | null {
  const known = named.get(tzid);
  if (known !== undefined) return known;
  const name = tzid.replace(/^"|"$/g, '').trim();
  const iana = isKnownZone(name) ? name : (findIana(name)[0] ?? null);
  const zone = iana && isKnownZone(iana) ? iana : null;
  if (named.size >= 64) named.clear();
  named.set(tzid, zone);
  return zone;
}
