import type { ContactTexts } from '../texts/contact';
import { form } from './form';

export const contact: ContactTexts = {
  heading: 'Contact',
  lead: 'You’re welcome to call, write or send a message here if you’d like to book a session or have questions.',
  detailsHeading: 'Contact details',
  phoneLabel: 'Phone',
  emailLabel: 'Email',
  phoneHoursHeading: 'Phone hours',
  phoneHoursNote: 'Outside phone hours, send me a text or a message and I’ll call you back.',
  addressHeading: 'Address',
  languagesHeading: 'Languages',
  servicesHeading: 'What I offer',
  services: [
    'Individual therapy',
    'Couples therapy',
    'Family therapy',
    'Sessions with children',
    'Online therapy',
    'Supervision',
  ],
  formHeading: 'Send a message',
  crisisNote: 'This form is not for emergencies, and I cannot always reply straight away.',
  form: {
    intro:
      'Tell me briefly what you’d like to talk about and how best to reach you. Please leave out sensitive health details – we can talk about those when we meet. I reply within 1–2 working days.',
    delivery: {
      tls: 'Your message travels to my email over an encrypted connection (TLS). It is not stored on the website.',
      openpgp: 'Your message is encrypted with OpenPGP before it leaves the website, so that only I can read it.',
      smime: 'Your message is encrypted with S/MIME before it leaves the website, so that only I can read it.',
    },
    labels: {
      name: 'Name *',
      email: 'Email *',
      phone: 'Phone',
      message: 'Message *',
    },
    phoneHint: 'Enter 8 digits, without +45',
    ...form,
    submit: 'Send message',
    submitting: 'Sending...',
    success: {
      heading: 'Thank you for your message',
      text: 'I have received your message and will get back to you as soon as I can.',
      next: 'I reply within 1–2 working days. If it cannot wait, please call one of the numbers above.',
    },
    fieldErrors: {
      name: 'Please enter your name',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid Danish phone number (8 digits)',
      message: 'Please write a message',
      consent: 'Please tick the box to give your consent before sending',
    },
    errors: {
      unexpected: 'Something unexpected went wrong',
      network: 'Network error. Please check your connection and try again.',
      fallback: 'Something went wrong. Please try again or call me on {phone}.',
    },
  },
  mapHeading: 'Finding the clinic',
  map: {
    title: 'Map of the clinic’s location',
    show: 'Show map',
    notice: 'The map is loaded from OpenStreetMap, which will then receive your IP address.',
    link: 'View the map on openstreetmap.org',
  },
  directionsLabel: 'Get directions',
  transport: {
    heading: 'Public transport',
    text: 'The clinic is about a 10-minute walk from Aalborg station (Aalborg Banegård), with several bus stops nearby.',
  },
  parking: {
    heading: 'Parking',
    text: 'There is paid parking on the streets around the clinic and in nearby car parks. Allow a little extra time to find a space.',
  },
};
