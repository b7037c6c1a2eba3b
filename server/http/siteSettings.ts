import { bookingRules } from '../../content/booking';
import type { SiteSettings } from '../../views/settings';
import { herCalendarWay, type Config } from '../process/config';

/** The configuration as the pages speak of it (see views/settings.ts). The window rounds up: the policy says "up to" it. */
export function siteSettings(config: Config): SiteSettings {
  return {
    mailProtection:
      config.mailKey === null ? 'tls' : config.mailKey.variable === 'MAIL_OPENPGP_KEY' ? 'openpgp' : 'smime',
    contactLimit: { max: config.contactRateLimit, windowMinutes: Math.ceil(config.contactRateWindowMs / 60_000) },
    booking: config.booking !== null,
    clientLink: config.booking !== null && bookingRules.clientLink,
    bookingLimit: config.booking
      ? { max: config.booking.rateLimit, windowMinutes: Math.ceil(config.booking.rateWindowMs / 60_000) }
      : null,
    bookingAnswerDays: bookingRules.confirmWithinWorkingDays,
    herCalendar: { way: herCalendarWay(config.herCalendar), provider: config.herCalendar?.provider ?? null },
  };
}
