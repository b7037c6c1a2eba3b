import type { VisitorMailTexts } from '../texts/visitorMail';
import { site } from './site';

export const visitorMail: VisitorMailTexts = {
  practitioner: site.practice.practitioner,
  confirmedSubject: 'Your appointment on {fullDay} at {time}',
  declinedSubject: 'Your appointment request',
  greeting: 'Dear {name},',
  confirmed: {
    preheader: 'Your appointment on {fullDay} at {time} is confirmed.',
    intro: 'Thank you for your request. I’m pleased to confirm your appointment, and I look forward to seeing you.',
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
    deadline: 'If you can’t make it, please let me know by text or phone no later than {deadline}: {phone}.',
    reply:
      'A reply to this e-mail is not a cancellation, as I may not read my e-mail in time. Questions are welcome by e-mail, though.',
    ruleLink: 'The full cancellation terms',
    attachment: 'The appointment is attached as a calendar event (for Apple Calendar and Outlook).',
    addTo: 'Add it to your calendar online:',
    google: 'Google Calendar',
    outlook: 'Outlook',
  },
  declined: {
    late: 'I’m sorry my reply comes later than promised.',
    intro: 'Thank you for your request. Unfortunately I cannot offer you the time you asked for: {when}.',
    nearest: 'These times are available right now. Choose one on the website and send a new request:',
    noneNearest: 'See my available times on the website:',
    phone: 'You are also welcome to call me on {phone}, and we will find a time together.',
  },
  cancelled: {
    subject: 'Your appointment on {fullDay} at {time} is cancelled',
    introClient: 'Thank you for letting me know. I have cancelled your appointment on {when}.',
    introPractitioner:
      'I’m sorry, but I have to cancel your appointment on {when}. You will of course not be charged for it.',
    rebookClient:
      'If you would like a new time, you are welcome to call me on {phone} or send a new request on the website:',
    rebookPractitioner:
      'I would like to find a new time for you. Call me on {phone}, or send a new request on the website:',
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
