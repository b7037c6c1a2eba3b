import { bookingRules } from '../../content/booking';
import type { SiteSettings } from '../../views/settings';
import { herCalendarWay, type Config } from '../process/config';
import { MINUTE_MS } from '../../views/days';

/** The configuration as the pages speak of it (see views/settings.ts). The window rounds up: the policy says "up to" it. */
export function siteSettings(config: Config): SiteSettings {
  return {
    mailProtection:
      config.mailKey === null ? 'tls' : config.mailKey.variable === 'MAIL_OPENPGP_KEY' ? 'openpgp' : 'smime',
    contactLimit: { max: config.contactRateLimit, windowMinutes: Math.ceil(config.contactRateWindowMs / MINUTE_MS) },
    booking: config.booking !== null,
    clientLink: config.booking !== null && bookingRules.clientLink,
    bookingLimit: config.booking
      ? { max: config.booking.rateLimit, windowMinutes: Math.ceil(config.booking.rateWindowMs / MINUTE_MS) }
      : null,
    bookingAnswerDays: bookingRules.confirmWithinWorkingDays,
    herCalendar: { way: herCalendarWay(config.herCalendar), provider: config.herCalendar?.provider ?? null },
  };
}
