import json from './practitioner/bookingMail.json';
import type { BookingMailTexts } from './texts/bookingMail';

// The mail the practice receives for each booking request, and the calendar event attached to it:
// always in Danish, for the practitioner (content/practitioner/bookingMail.json, hers to edit;
// declared by content/texts/bookingMail.ts). The outer subject of an encrypted mail is the contact
// mail's neutral one (content/practiceMail.ts), so that a mail provider cannot tell a booking from a message.

export const bookingMail: BookingMailTexts = json;
