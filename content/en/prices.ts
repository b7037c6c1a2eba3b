import type { PricesTexts } from '../texts/prices';

export const prices: PricesTexts = {
  heading: 'Prices',
  lead: 'Here you’ll find my prices for therapy and supervision. All prices are in Danish kroner (DKK).',
  cancellationButton: 'See cancellation terms',
  therapyHeading: 'Therapy',
  prices: {
    individuel: { label: 'Individual therapy' },
    par: { label: 'Couples therapy' },
    familie: { label: 'Family therapy' },
    boern: { label: 'Individual session with a child' },
    'supervision-individuel': { label: 'Individual supervision' },
    supervisionspakke: {
      label: '40-hour supervision package',
      amountNote: 'Price by agreement',
      description:
        'A complete programme towards authorisation, planned around your needs and the requirements of the Danish Board of Psychologists (Psykolognævnet).',
    },
    gruppesupervision: {
      label: 'Group supervision',
      amountNote: 'Price depends on the size of the group and the programme',
    },
  },
  duration: { minutes: '{n} min', upTo: 'up to {n} min' },
  referral: {
    heading: 'Referral from your doctor',
    paragraphs: [
      'My practice has no provider number (ydernummer) with the Danish public health insurance (sygesikring), so a referral from your doctor does not give you a public subsidy for sessions with me. You pay for the sessions yourself, unless insurance or another scheme covers them – read more below.',
      'On the other hand, you don’t need a referral to see me. You can contact me directly.',
    ],
  },
  insurance: {
    heading: 'Insurance and subsidies',
    paragraphs: [
      'Many health insurance policies, often provided through an employer or a pension scheme, cover sessions with an authorised psychologist. Ask your insurance company whether you are covered and how to get approval.',
      'If you are a member of the health insurance association Sygeforsikringen ‘danmark’, you can get a subsidy towards psychological treatment at their current rates. The amount depends on your membership group.',
      'In some cases, your municipality (kommune) may pay for a course of therapy, for example in connection with sick leave or a family case, and some employers also pay for psychological help. Talk to your caseworker or your employer about the options.',
    ],
  },
  supervision: {
    heading: 'Supervision towards authorisation',
    paragraphs: [
      'I provide supervision for psychologists who are working towards authorisation. The supervision is based on your own cases and on your development as a psychologist.',
      'You can choose individual supervision by the hour, or a complete package of 40 hours, which we plan around your needs and the requirements of the Danish Board of Psychologists (Psykolognævnet). We agree on the price of the package together.',
      'I also offer group supervision. The price depends on the size of the group and the scope of the programme. Get in touch to find out more.',
    ],
  },
  cancellation: {
    heading: 'Cancellation',
    paragraphs: [
      'Please cancel by 12 noon on the day before your session, and at least 24 hours before it. So if your session is before 12 noon, the 24 hours apply.',
      'If you cancel later than that, or don’t turn up, you pay the full fee for the session.',
      'You can cancel by text message or by phone, and you can send a text at any time of the day or night. If you are unsure about the deadline, cancel as early as you can.',
    ],
  },
  booking: {
    heading: 'Ready to book?',
    text: 'Book a session at the clinic or online. If you have questions about prices or subsidies, you are welcome to get in touch.',
    cta: { label: 'Book a session', to: 'booking' },
  },
};
