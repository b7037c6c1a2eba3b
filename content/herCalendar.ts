import json from './practitioner/herCalendar.json';
import type { HerCalendarTexts } from './texts/herCalendar';

// What the site writes into the practitioner's own calendar for a confirmed session, and what it
// mails her about her calendar (server/booking/herCalendar/): always in Danish, for her
// (content/practitioner/herCalendar.json, hers to edit; declared by content/texts/herCalendar.ts).
// The event carries what she needs to run her day (the service, the place or video room, the
// client's name and phone) and nothing the client wrote in the request.

export const herCalendar: HerCalendarTexts = json;
