import type { BookingTexts } from '../texts/booking';

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
      answer: 'In the first session, you tell me about what’s on your mind and what you would like help with. I ask questions and explain how I work. At the end, we talk about what a course of sessions could look like. You aren’t committing to anything beyond that one session.',
    },
    {
      question: 'Can we meet online?',
      answer: 'Yes. Online sessions take place over a secure video connection, and for most people they work just as well as sessions at the clinic. All you need is a quiet place where you won’t be disturbed. We can also combine the two.',
    },
    {
      question: 'How many sessions will I need?',
      answer: 'That depends on what you would like help with. Some people get what they need in a few sessions, while others benefit from a longer course. We decide together and keep checking whether the sessions are helping.',
    },
    {
      question: 'Which language can we speak?',
      answer: 'You can choose between Danish, English and Persian, so you don’t need to speak Danish to come to me. In couples and family therapy, we can also use more than one language in the same session if that helps you.',
    },
    {
      question: 'How much does it cost?',
      answer: 'The price depends on whether it is individual therapy, couples therapy, family therapy or sessions with children. You can see all my prices and read about insurance, subsidies and cancellation on the Prices page.',
    },
  ],
  privacyNote: {
    before: 'When you book a session, you also accept my ',
    linkText: 'privacy policy',
    after: '.',
  },
};
