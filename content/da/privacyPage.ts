import type { PrivacyPageTexts } from '../texts/privacy';
import { bookingPrivacy } from './booking';
import { privacy as policy } from './privacy';

// The privacy page's texts: the policy, and its section on online booking from the booking texts.
export const privacy: PrivacyPageTexts = { ...policy, booking: bookingPrivacy };
