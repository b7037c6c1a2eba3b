// `npm run caldav:calendars`: her calendars and their addresses, for CALDAV_URL. The site writes
// to one calendar collection and does no discovery itself; iCloud in particular hides the
// collection's address (https://pNN-caldav.icloud.com/<number>/calendars/<id>/) behind its
// server's. Run it from a checkout with CALDAV_URL set to the server (https://caldav.icloud.com/,
// https://caldav.fastmail.com/, https://<host>/remote.php/dav/) and CALDAV_USERNAME and
// CALDAV_PASSWORD as the site will have them: it asks the server who the login is (RFC 5397),
// where that user's calendars live (RFC 4791) and lists those that take events. It prints no
// password; what it prints is not secret but is hers.

/** One of her calendars: its name as her apps show it, and its address. */
interface Found {
  name: string;
  url: string;
}

const PROPFIND = (props: string) =>
  `<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop>${props}</d:prop></d:propfind>`;
/** At most this many redirects (iCloud takes one, to the user's own server). */
const REDIRECTS = 3;

/** PROPFIND `url` with the login: the multistatus text and the address it came from (after redirects within https). */
async function propfind(url: URL, auth: string, depth: 0 | 1, props: string): Promise<{ text: string; url: URL }> {
  let at = url;
  for (let hop = 0; hop <= REDIRECTS; hop++) {
    const res = await fetch(at, {
      method: 'PROPFIND',
      headers: { authorization: auth, depth: String(depth), 'content-type': 'application/xml; charset=utf-8' },
      body: PROPFIND(props),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, at);
      // The login goes nowhere but where it was meant to: https, or plain http on the same host (a test).
      if (next.protocol !== 'https:' && next.host !== at.host)
        throw new Error(`${at.host} redirects to ${next.host} without https`);
      at = next;
      continue;
    }
    if (res.status === 401 || res.status === 403)
      throw new Error(
        `${at.host} refused the login (${res.status}): check CALDAV_USERNAME and CALDAV_PASSWORD (an app password)`,
      );
    if (res.status !== 207) throw new Error(`${at.host} answered ${res.status} to PROPFIND ${at.pathname}`);
    return { text: await res.text(), url: at };
  }
  throw new Error(`${url.host} redirects more than ${REDIRECTS} times`);
}

/** The first <href> inside the element `name` (any namespace prefix). */
const hrefIn = (xml: string, name: string): string | null =>
  new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>\\s*<(?:[\\w-]+:)?href>([^<]+)<`, 'i').exec(xml)?.[1]?.trim() ?? null;

/** Each <response> of a multistatus. */
const responses = (xml: string) => xml.split(/<(?:[\w-]+:)?response\b[^>]*>/i).slice(1);

/** Her calendars that take events, at the server `base` (CALDAV_URL), with the login. */
export async function listCalendars(base: URL, username: string, password: string): Promise<Found[]> {
  const auth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const root = await propfind(base, auth, 0, '<d:current-user-principal/>');
  const principal = hrefIn(root.text, 'current-user-principal');
  if (!principal) throw new Error(`${base.host} does not say whose login this is (no current-user-principal)`);
  const who = await propfind(new URL(principal, root.url), auth, 0, '<c:calendar-home-set/>');
  const home = hrefIn(who.text, 'calendar-home-set');
  if (!home) throw new Error(`${who.url.host} names no calendar home for this login`);
  const props = '<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/>';
  const listing = await propfind(new URL(home, who.url), auth, 1, props);
  return responses(listing.text)
    .filter((r) => /<(?:[\w-]+:)?calendar\s*\/>/i.test(r))
    .filter((r) => !/supported-calendar-component-set/i.test(r) || /name="VEVENT"/i.test(r))
    .map((r) => ({
      name: /<(?:[\w-]+:)?displayname>([^<]*)</i.exec(r)?.[1]?.trim() || '(no name)',
      url: new URL(/<(?:[\w-]+:)?href>([^<]+)</i.exec(r)?.[1]?.trim() ?? '', listing.url).href,
    }));
}

if (require.main === module) {
  const { CALDAV_URL, CALDAV_USERNAME, CALDAV_PASSWORD } = process.env;
  if (!CALDAV_URL || !CALDAV_USERNAME || !CALDAV_PASSWORD) {
    console.error(
      'Set CALDAV_URL (the server, e.g. https://caldav.icloud.com/), CALDAV_USERNAME and CALDAV_PASSWORD first.',
    );
    process.exit(1);
  }
  listCalendars(new URL(CALDAV_URL), CALDAV_USERNAME, CALDAV_PASSWORD).then(
    (found) => {
      if (found.length === 0) console.log('No calendar that takes events was found for this login.');
      for (const c of found) console.log(`${c.name}\n  CALDAV_URL=${c.url}`);
    },
    (err: Error) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
