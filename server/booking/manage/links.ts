import { bookingRules } from '../../../content/booking';
import type { Config } from '../../process/config';
import { type Appointment, manageUrl, sealAppointment } from './token';

// The client's manage link of an appointment, for her confirmation, her event and her reminder:
// sealed with the current BOOKING_SECRET, from BASE_URL. The practice's content may turn the link
// off (content/facts/booking.json clientLink): then no mail or event carries it, while the sealed
// appointment still carries her reminder.

export interface ManageLinks {
  /** Her appointment sealed, and its link (null while the practice's content turns the link off). */
  linkOf(a: Appointment): Promise<{ sealed: string; url: string | null }>;
}

export function manageLinks(
  config: Pick<Config, 'baseUrl'> & { booking: NonNullable<Config['booking']> },
): ManageLinks {
  return {
    async linkOf(a) {
      const sealed = await sealAppointment(a, config.booking.secrets[0] as Buffer, config.baseUrl);
      return { sealed, url: bookingRules.clientLink ? manageUrl(config.baseUrl, sealed) : null };
    },
  };
}
