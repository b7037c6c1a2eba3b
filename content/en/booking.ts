import type { BookingPrivacyTexts, BookingTexts } from '../texts/booking';
import { form } from './form';

export const booking: BookingTexts = {
  heading: 'Book a session',
  lead: 'The first step is often the hardest. I look forward to hearing from you.',
  intro: [
    'You can book sessions at my clinic in Aalborg or online by video. Sessions can be in Danish, English or Persian.',
    'You don’t need a referral. Write to me or give me a call, and we’ll find a time that suits you.',
  ],
  placeholder: {
    heading: 'Online booking coming soon',
    text: 'I’m working on making it possible to book appointments directly on this website. Until then, you’re welcome to get in touch, and we’ll find a time together.',
    linkLabel: 'Contact me to book',
    link: 'contact',
  },
  questionsHeading: 'Questions and answers',
  questions: [
    {
      question: 'What happens in the first session?',
      answer:
        'In the first session, you tell me about what’s on your mind and what you would like help with. I ask questions and explain how I work. At the end, we talk about what a course of sessions could look like. You aren’t committing to anything beyond that one session.',
    },
    {
      question: 'Can we meet online?',
      answer:
        'Yes. Online sessions take place over a secure video connection, and for most people they work just as well as sessions at the clinic. All you need is a quiet place where you won’t be disturbed. We can also combine the two.',
    },
    {
      question: 'How many sessions will I need?',
      answer:
        'That depends on what you would like help with. Some people get what they need in a few sessions, while others benefit from a longer course. We decide together and keep checking whether the sessions are helping.',
    },
    {
      question: 'Which language can we speak?',
      answer:
        'You can choose between Danish, English and Persian, so you don’t need to speak Danish to come to me. In couples and family therapy, we can also use more than one language in the same session if that helps you.',
    },
    {
      question: 'How much does it cost?',
      answer:
        'The price depends on whether it is individual therapy, couples therapy, family therapy or sessions with children. You can see all my prices and read about insurance, subsidies and cancellation on the Prices page.',
    },
  ],
  privacyNote: {
    before: 'When you book a session, you also accept my ',
    linkText: 'privacy policy',
    after: '.',
  },
  flow: {
    heading: 'Book a time',
    intro:
      'Choose what you would like to book and where we meet. You then see my free times and can send me a request for the time that suits you.',
    serviceLegend: 'What would you like to book?',
    formatLegend: 'Where would you like to meet?',
    formats: { clinic: 'At the clinic in Aalborg', online: 'Online by video' },
    showTimes: 'Show free times',
    timesHeading: 'Free times: {service}',
    timesNote: 'All times are Danish time.',
    timesLegend: 'Choose a time (Danish time)',
    yourTime: 'Your time ({zone}): {time}',
    noTimes:
      'There are no free times for what you chose in the coming weeks. Call me on {phone} or write to me, and we’ll find a time.',
    laterTimes: 'Show later times',
    detailsLegend: 'Your details',
    labels: { name: 'Name *', email: 'Email *', phone: 'Phone *', message: 'Short note (optional)' },
    phoneHint: 'Changes and cancellations are made by phone or text message. Enter 8 digits without +45.',
    ...form,
    summary: {
      heading: 'Before you send',
      price: 'Price: {price} for {minutes}.',
      cancellation: 'Cancel by 12 noon the day before, by text message or phone. Otherwise the full fee is charged.',
      request:
        'This is a request, not a confirmed booking: I will confirm the time by email or phone within {days} working days.',
    },
    submit: 'Send request',
    submitting: 'Sending...',
    fieldErrors: {
      service: 'Please choose what you would like to book',
      format: 'Please choose whether we meet at the clinic or online',
      start: 'Please choose a time',
      name: 'Please enter your name',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid Danish phone number (8 digits)',
      phoneRequired: 'Please enter your phone number, so that I can reach you about changes',
      consent: 'You must give your consent to send the request',
    },
    errors: {
      unexpected: 'An unexpected error occurred',
      network: 'Network error. Check your connection and try again.',
      fallback: 'Something went wrong. Please try again or call {phone}.',
    },
    sent: {
      heading: 'Thank you, your request has been sent',
      intro: 'You asked for:',
      service: 'Session',
      time: 'Time',
      format: 'Place',
      next: 'You will receive an email when I have answered your request, usually within {days} working days. Until then, I keep the time for you. If it no longer suits you, call or write.',
    },
    nearestLegend: 'The nearest free times (Danish time)',
    unavailable: {
      heading: 'Online booking is not possible right now',
      text: 'I can’t show my free times at the moment. Call me on {phone}, or write to me, and we’ll find a time together.',
      contactLink: 'Write to me',
    },
    replies: {
      taken:
        'Someone else has just taken that time. Choose one of the nearest free times below; your details are kept.',
      delivery:
        'Your request could not be sent right now, and the time is not booked. Please try again shortly or call {phone}.',
      rateLimited: 'You have sent too many requests. Please try again later or call {phone}.',
      unavailable:
        'Online booking is not possible right now, and your request has not been sent. Call me on {phone}, or write to me.',
      waiting:
        'You already have a request waiting for my answer, so this one has not been sent. To change it or ask for another time, call me on {phone}.',
      full: 'So many requests are waiting for an answer just now that no time can be held online, and your request has not been sent. Call me on {phone} and we will find a time.',
    },
    when: '{day} at {time} (Danish time)',
  },
};

export const bookingPrivacy: BookingPrivacyTexts = {
  title: 'Online booking',
  paragraphs: ['When you book a time on this website, you send me a request. It contains:'],
  items: [
    'the session and the time you chose, and whether we meet at the clinic or online',
    'your name, email and phone number',
    'your note, if you write one',
    'when you gave your consent, and the language you wrote in',
  ],
  closing: [
    'I use this information to confirm the time and to contact you about it. The request is sent by email directly to me, encrypted on its way. The website does not store it.',
    'So that no one else can request the same time, the website remembers for a short while that the time has been requested, and a code computed from your IP address (not the address itself), so that only one request at a time waits from the same address. After that, the time becomes free again unless I have confirmed it, and the code is forgotten. Once I confirm it, it stays taken until the session begins.',
    'When I have answered, the website sends you one email in your language: that the time is confirmed, with the address, the cancellation rules and the session as a calendar event, or that I cannot offer the time, with my message if I write one and the nearest free times. Neither the subject line nor the calendar event says what the appointment is about.',
    'I answer with a link in the request’s email that carries the request itself, encrypted. The website keeps only a marker, with no personal data, that the link has been used, so that you never get the same email twice, and only until the link expires.',
    'To show my free times, the website reads from my calendar when I am busy. It sends nothing to the calendar and nothing about you.',
  ],
};
