import type { VisitorMailTexts } from '../texts/visitorMail';

export const visitorMail: VisitorMailTexts = {
  confirmedSubject: 'Your appointment on {day} at {time}',
  declinedSubject: 'Reply to your request',
  greeting: 'Dear {name},',
  confirmed: {
    intro: 'Thank you for your request. I have confirmed the time, and I look forward to seeing you.',
    service: 'Session',
    time: 'Time',
    place: 'Place',
    price: 'Price',
    when: '{day}, {from}–{to} (Danish time)',
    clinic: 'At the clinic, {address}',
    online: 'Online by video. I will send you the link to the video session before we meet.',
    findWay: 'How to find the clinic',
    mapLink: 'Map and directions',
    cancellationHeading: 'Cancellation',
    deadline: 'If you cannot come, please cancel by {deadline} by text message or phone: {phone}.',
    attachment: 'The time is attached as a calendar event, so you can add it to your calendar.',
  },
  declined: {
    intro: 'Thank you for your request. Unfortunately I cannot offer you the time you asked for: {when}.',
    message: 'A message from me:',
    nearest: 'These times are free right now. Choose one of them on the website and I will hold it for you:',
    noneNearest: 'See my free times on the website:',
    phone: 'You are also welcome to call me on {phone}, and we will find a time together.',
  },
  closing: 'Kind regards',
  event: {
    file: 'appointment.ics',
    summary: 'Appointment',
    online: 'Online (video)',
    description: 'To cancel or change: call or text {phone}.',
  },
};
