import { practice } from '../practice';
import type { VisitorMailTexts } from '../texts/visitorMail';

export const visitorMail: VisitorMailTexts = {
  practitioner: practice.practitioner,
  confirmedSubject: 'Your appointment on {day} at {time}',
  declinedSubject: 'Your appointment request',
  greeting: 'Dear {name},',
  confirmed: {
    preheader: 'Your appointment on {day} at {time} is confirmed.',
    intro: "Thank you for your request. I'm pleased to confirm your appointment, and I look forward to seeing you.",
    service: 'Session',
    time: 'Time',
    place: 'Place',
    price: 'Price',
    when: '{day}, {from}–{to} (Danish time)',
    clinic: 'At the clinic, {address}',
    online: 'Online by video. I will send you the link to the video session by the day before at the latest.',
    onlineRoom: 'Online by video',
    join: 'Open the link on your computer or phone a few minutes before we meet.',
    findWay: 'How to find the clinic',
    mapLink: 'Map and directions',
    cancellationHeading: 'Cancellation',
    deadline: "If you can't make it, please let me know by text or phone no later than {deadline}: {phone}.",
    attachment: 'The appointment is attached as a calendar event (for Apple Calendar and Outlook).',
    addTo: 'Add it to your calendar online:',
    google: 'Google Calendar',
    outlook: 'Outlook',
  },
  declined: {
    intro: 'Thank you for your request. Unfortunately I cannot offer you the time you asked for: {when}.',
    nearest: 'These times are available right now. Choose one on the website and send a new request:',
    noneNearest: 'See my available times on the website:',
    phone: 'You are also welcome to call me on {phone}, and we will find a time together.',
  },
  cancelled: {
    subject: 'Your appointment on {day} at {time} is cancelled',
    intro: 'Your appointment on {when} is cancelled, and the time is no longer reserved for you.',
    rebook: 'If you would like a new time, call me on {phone} or send a new request on the website:',
  },
  closing: 'Kind regards,',
  event: {
    file: 'appointment.ics',
    summary: 'Appointment – {practitioner}',
    online: 'Online (video)',
    description: 'To cancel or change: call or text {phone}.',
    onlineNote: 'The link to the video session comes by e-mail by the day before at the latest.',
  },
};
