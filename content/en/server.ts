import type { ServerTexts } from '../texts/server';

export const server: ServerTexts = {
  descriptions: {
    home: 'Authorised psychologist in Aalborg. Therapy in English, Danish or Persian for adults, couples, families and children, in person or online. No referral needed.',
    about:
      'Meet the psychologist: training, experience and approach to therapy for adults, couples, families and children, with sessions in English, Danish or Persian.',
    therapy:
      'Help with anxiety, depression, stress, crises, relationship and family difficulties, autism and ADHD. Evidence-based therapy in English, in Aalborg or online.',
    prices:
      'Prices for individual, couples and family therapy and supervision. About health insurance, subsidies from Sygeforsikringen ‘danmark’ and cancellation.',
    booking:
      'Book a session with an authorised psychologist in Aalborg – at the clinic or online. Answers to common questions about sessions, languages and prices.',
    contact:
      'Contact the practice in Aalborg by phone, email or the contact form. Phone hours, address, map and tips on public transport and parking.',
    privacy:
      'How I handle your personal data as a psychologist: what information I process, why, how long I keep it, and what rights you have under the GDPR.',
  },
  replies: {
    invalid: 'Please check the highlighted fields.',
    rateLimited: 'You have sent too many messages. Please try again later or call me on {phone}.',
    delivery: 'Your message couldn’t be sent just now. Please try again in a little while or call me on {phone}.',
    unsupportedType: 'The message must be sent as JSON.',
    tooLarge: 'The message is too large to send.',
    malformed: 'The message couldn’t be read. Please try again.',
    method: 'The form can only be sent using POST.',
    forbidden: 'The form can only be sent from this website.',
    tooLong: {
      name: 'Your name can be no longer than {max} characters',
      email: 'Your email address can be no longer than {max} characters',
      phone: 'Your phone number can be no longer than {max} characters',
      message: 'Your message can be no longer than {max} characters',
    },
    notText: 'Please fill in this field with text',
  },
  shareImageAlt: 'The logo and the name {name} with {practitioner}, {title}, in {city}',
  serverError: {
    title: 'Something went wrong',
    text: 'The page can’t be shown right now. Please try again in a little while, or call me on {phone}.',
    home: 'Go to the home page',
  },
  fileNotFound: 'File not found.',
};
