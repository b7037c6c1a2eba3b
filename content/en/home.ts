import type { HomeTexts } from '../texts/home';

export const home: HomeTexts = {
  hero: {
    eyebrow: 'Authorised psychologist in Aalborg',
    heading: 'A safe place to talk about what feels hard',
    lead: 'I offer therapy for adults, couples, families and children – at my clinic in Aalborg or online, in Danish, English and Persian. Together we’ll find a way forward, at your own pace.',
    primary: { label: 'Book a session', to: 'booking' },
    secondary: { label: 'More about me', to: 'about' },
  },
  contactCard: {
    heading: 'Get in touch',
    phoneHoursLabel: 'Phone hours',
    placesText: 'Sessions at the clinic in Aalborg or online.',
  },
  quote: {
    label: 'Quote',
    text: 'The curious paradox is that when I accept myself just as I am, then I can change.',
    source: 'Carl Rogers',
  },
  trustBadgesLabel: 'Why choose me',
  trustBadges: [
    {
      title: 'Authorised psychologist',
      text: 'Authorised by the Danish Board of Psychologists (Psykolognævnet) and bound by the professional and ethical rules for psychologists.',
    },
    {
      title: 'Danish, English and Persian',
      text: 'Talk in whichever language lets you express yourself best – at the clinic or online.',
    },
    {
      title: 'Confidentiality',
      text: 'I have a duty of confidentiality and take good care of your information.',
    },
  ],
  safeSpace: {
    heading: 'A safe space',
    paragraphs: [
      'It takes courage to ask for help. Many people wait and hesitate for a long time before they get in touch. When you come to me, you’ll find a calm space, free of judgement, with room for everything – including the things that are hard to put into words.',
      'We start where you are. You set the pace, and we talk about what matters to you. Trust is the foundation of good therapy, and we build it together.',
    ],
  },
  role: {
    heading: 'My role as a psychologist',
    intro:
      'I see therapy as a collaboration. You are the expert on your own life – I bring professional knowledge, experience and a fresh perspective on what you’re going through.',
    points: [
      'I listen carefully and help you make sense of your thoughts, feelings and reactions.',
      'I use methods grounded in research and experience, and I adapt them to you.',
      'We agree on the goals of our work together and keep checking that the sessions are helping.',
      'I am honest and direct, but always with respect and warmth.',
    ],
  },
  testimonials: {
    heading: 'What clients say',
    intro: 'Some of my clients have kindly let me share their experiences. The quotes are anonymised.',
    items: [
      {
        id: 't1',
        text: 'I came with anxiety that had ruled my everyday life for years. I felt understood from the very first session and was given practical tools that I still use. Today I can once again do the things I had given up on.',
        author: 'Woman, 34',
        treatment: 'Individual therapy',
      },
      {
        id: 't2',
        text: 'We were completely stuck in the same old arguments. The sessions helped us listen to each other instead of defending ourselves. It felt safe to be there, even when things were hard.',
        author: 'Man, 41',
        treatment: 'Couples therapy',
      },
      {
        id: 't3',
        text: 'As a family, we came to understand our son’s needs much better, and things are far calmer at home now. It meant a lot that we could speak our own language.',
        author: 'Mother, 45',
        treatment: 'Family therapy',
      },
    ],
  },
};
