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
    intro: 'Choose a session and where we meet, and you’ll see my available times.',
    serviceLegend: 'What would you like to book?',
    supervisionGroup: 'For psychologists',
    formatLegend: 'Where would you like to meet?',
    formats: { clinic: 'At the clinic in Aalborg', online: 'Online by video' },
    showTimes: 'Show available times',
    timesHeading: 'Available times: {service}',
    timesNote: 'You choose a time and send a request; the time is booked once I have confirmed it.',
    timesLegend: 'Choose a time (Danish time)',
    yourTime: {
      ahead: 'Where you are ({city}), clocks are {difference} ahead of Denmark. Your own time is in brackets.',
      behind: 'Where you are ({city}), clocks are {difference} behind Denmark. Your own time is in brackets.',
      hours: '{n} h',
      minutes: '{n} min',
    },
    dayPicker: {
      legend: 'Choose a day',
      first: 'First available time: {when}',
      count: { one: '{n} time', other: '{n} times' },
    },
    noTimes:
      'Sorry, I have no available times for what you chose in the coming weeks. Call me on {phone} or write to me, and we’ll find a time.',
    laterTimes: 'Show later times',
    detailsLegend: 'Your details',
    labels: { name: 'Name *', email: 'Email *', phone: 'Phone *', message: 'Short note (optional)' },
    childName: {
      label: 'Your name (parent) *',
      hint: 'Enter your own name as the parent. You can write your child’s name and age in the note.',
    },
    phoneHint: 'Changes and cancellations are made by phone or text message. Enter 8 digits without +45.',
    phoneHintOnline:
      'Changes and cancellations are made by phone or text message. Enter 8 digits without +45 – or, if your number is from abroad, with its country code, e.g. +44 20 7946 0958.',
    messageHint: 'Write no more about your health than you want to – we’ll talk about it when we meet.',
    errorSummary: 'Before you can send, please check:',
    ...form,
    summary: {
      heading: 'Before you send',
      noTime: 'You haven’t chosen a time yet.',
      price: 'Price: {price} for {minutes}.',
      cancellation:
        'Please cancel by text or phone by 12 noon the day before, and at least 24 hours before the session; later cancellations are charged in full. These terms apply once I’ve confirmed the time.',
      cancellationLink: 'Read the cancellation terms',
      request:
        'This is a request – the time is booked once I’ve confirmed it. You’ll get my answer by email within {days} working days.',
      childConsent:
        'For sessions with children under 15, the holders of parental responsibility must consent – both of them, if they share it. We’ll talk about this before we start.',
    },
    submit: 'Send request',
    submitting: 'Sending…',
    fieldErrors: {
      service: 'Please choose what you would like to book',
      format: 'Please choose whether we meet at the clinic or online',
      start: 'Please choose a time',
      name: 'Please enter your name',
      email: 'Please enter a valid email address',
      phone:
        'For sessions at the clinic, please enter a Danish phone number (8 digits). If you only have a number from abroad, choose an online session or write to me.',
      phoneRequired: 'Please enter your phone number, so that I can reach you about changes',
      phoneOnline: 'Please enter a valid phone number: 8 digits, or with its country code, e.g. +44 20 7946 0958',
      consent: 'Please tick the box to give your consent before sending.',
    },
    errors: {
      unexpected: 'Something went wrong. Please try again or call {phone}.',
      network: 'Network error. Check your connection and try again.',
      fallback: 'Something went wrong. Please try again or call {phone}.',
    },
    sent: {
      heading: 'Thank you – your request has been sent',
      intro: 'You asked for:',
      service: 'Session',
      time: 'Time',
      format: 'Where',
      phone: 'Phone',
      next: 'I’ll look at your request and send you my answer by email by {day} at the latest.',
      held: 'Until then, no one else can request this time on the website.',
      change: 'If the time no longer suits you, or you have a question, call me on {phone}.',
    },
    nearestLegend: 'The nearest available times (Danish time)',
    unavailable: {
      heading: 'Online booking is not possible right now',
      text: 'I can’t show my available times at the moment. Call me on {phone}, or write to me, and we’ll find a time together.',
      contactLink: 'Write to me',
    },
    replies: {
      taken:
        'Sorry – someone else has just requested that time. Please choose one of the nearest available times below; what you typed is still filled in.',
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
    'when you gave your consent, and which language version of the site you used',
  ],
  closing: [
    'I use this information to answer your request and arrange the session with you (GDPR Article 6(1)(b)) – and, if you write about your health yourself, Article 9(2)(a).',
    {
      tls: 'The website’s server sends the request as an email to my inbox over an encrypted connection (TLS). The email itself is not encrypted: it is kept in my inbox at my email provider, which is my data processor. The website’s server does not store the request.',
      openpgp:
        'The website’s server encrypts the request with my public OpenPGP key before it sends it as an email to my inbox, so that only I can read it (end-to-end encryption). The email providers can still see when it was sent, and your email address, but not your name, your phone number or what you write. The website’s server does not store the request.',
      smime:
        'The website’s server encrypts the request with my S/MIME certificate before it sends it as an email to my inbox, so that only I can read it (end-to-end encryption). The email providers can still see when it was sent, and your email address, but not your name, your phone number or what you write. The website’s server does not store the request.',
    },
    'So that no one else can request the same time, the website remembers that the time has been requested until my answer is due: at most {days} working days after the day you sent the request. With it, it keeps a code computed from your IP address (not the address itself), so that only one request at a time waits from the same address, and the request as my answer link carries it, encrypted with a key only the website’s server has, so that I get a reminder with the link on the day my answer is due – nothing else about you. After that, the time becomes free again unless I have confirmed it, and the code is forgotten. Once I confirm it, it stays taken until the session begins. This is remembered even when the website’s server restarts.',
    'To protect the booking from misuse, at most {bookingMax} requests can be sent from the same IP address in {bookingMinutes}. For this, the server remembers for up to {bookingMinutes} how many requests have been sent from the IP address. After that, the information is deleted.',
    'When I have answered, the website sends you one email in your language: that the time is confirmed, with the place, the cancellation rules and the session as a calendar event, or that I cannot offer the time, with my message if I write one and the nearest available times. It comes from me under my own name. Neither the sender, the subject line, the first lines of the email (those your mail app shows in the list) nor the calendar event’s title says what the appointment is about; that is only further down in the email itself.',
    'I answer with a link in the request’s email that carries the request itself, encrypted. The website keeps only a marker, with no personal data, that the link has been used and for which answer, so that you never get the same email twice, and only until the requested time begins.',
    'To show my available times, the website reads from my calendar when I am busy. It sends nothing to the calendar and nothing about you.',
  ],
};
