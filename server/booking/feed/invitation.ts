// Whose calendar the feed is, and what she answered an invitation: Google and Outlook put every
// invitation she receives into her calendar, accepted or not, so a stranger can write into the
// feed. Where the feed's owner is known (BOOKING_CALENDAR_OWNER, or the feed's own X-WR-CALNAME
// when it is an address, as Google names a primary calendar), an event that lists her as an
// ATTENDEE who has not answered (PARTSTAT=NEEDS-ACTION), declined or delegated it does not block:
// she is not going. TENTATIVE blocks: it is her own "maybe", a time she may keep, and a stranger
// cannot give it. A missing PARTSTAT blocks too (RFC 5545 reads it as NEEDS-ACTION, but some
// tools leave it out of the organizer's own copy): in doubt a time is busy, never offered twice.
// Decision 0056.

/** Her answers that mean she is not going. */
const NOT_GOING = new Set(['NEEDS-ACTION', 'DECLINED', 'DELEGATED']);

/** What the sieve notes of an event's people as it reads them (never kept in its text). */
export interface People {
  /** The ORGANIZER's address (lower case), if any. */
  organizer: string | null;
  /** Her PARTSTATs, of every ATTENDEE line with her address ('' where it has none). */
  answers: string[];
}

/** An address as a calendar writes it (mailto:, any case), lower case; null when it is none. */
export function addressOf(value: string): string | null {
  const address = value
    .trim()
    .replace(/^mailto:/i, '')
    .toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? address : null;
}

/** X-WR-CALNAME's value as an owner: Google names a primary calendar by its owner's address. */
export function ownerOfName(value: string): string | null {
  // TEXT: a backslash escapes ; , and \ (none of which an address holds).
  return addressOf(value.replace(/\\(.)/g, '$1'));
}

/** A property's parameter (its first), unquoted and upper case; null when it has none. Quotes are respected: a CN may hold ';' or ':'. */
export function parameterOf(line: string, name: string): string | null {
  let quoted = false;
  let start = 0;
  const found: string[] = [];
  for (let i = 0; i <= line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (i === line.length || (!quoted && (c === ';' || c === ':'))) {
      found.push(line.slice(start, i));
      start = i + 1;
      if (c === ':') break;
    }
  }
  const wanted = `${name.toUpperCase()}=`;
  const parameter = found.slice(1).find((p) => p.toUpperCase().startsWith(wanted));
  return parameter === undefined ? null : parameter.slice(wanted.length).replace(/^"|"$/g, '').trim().toUpperCase();
}

/** Whether an event keeps her busy by what she answered: unless every line naming her says she is not going. */
export function going(people: People): boolean {
  return people.answers.length === 0 || !people.answers.every((answer) => NOT_GOING.has(answer));
}

/**
 * Whether an event is an invitation, for what a read leaves out first when it must: one someone
 * else organizes (with the owner unknown, any with an ORGANIZER: her own plain appointments have none).
 */
export function invited(people: People, owner: ReadonlySet<string>): boolean {
  return people.organizer !== null && !owner.has(people.organizer);
}
