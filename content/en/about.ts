import type { AboutTexts } from '../texts/about';

export const about: AboutTexts = {
  heading: 'About me',
  profileLabel: 'Profile',
  lead: 'I am an authorised psychologist with my own practice in Aalborg. I work with adults, couples, families and children, and I speak Danish, English and Persian.',
  profile: [
    'I became a psychologist because I believe that everyone has the resources to change something when they are met with understanding and given the right tools. In my work, what matters most to me is being fully present, being honest and working together in a way that feels safe.',
    'I have many years of experience of helping people with anxiety, depression, stress and crises, and of working with couples and families. I also work with children and young people, and with families where autism or ADHD is part of everyday life.',
    'It makes a real difference to be able to talk about your feelings in the language that feels most natural to you. That’s why I offer sessions in Danish, English and Persian – at the clinic or online.',
    'Alongside therapy, I provide supervision for psychologists who are working towards authorisation.',
  ],
  educationHeading: 'Education',
  education: {
    candpsych: { title: 'MSc in Psychology (cand.psych.)', place: 'Aalborg University' },
    authorisation: {
      title: 'Authorisation as a psychologist',
      place: 'Danish Board of Psychologists (Psykolognævnet)',
    },
    cbt: { title: 'Further training in cognitive behavioural therapy', place: 'Danish Psychological Association' },
    family: { title: 'Further training in family and couples therapy', place: 'Danish Psychological Association' },
  },
  experienceHeading: 'Experience',
  experience: {
    supervisor: { role: 'Supervisor for psychologists working towards authorisation', place: 'Private practice' },
    'own-practice': { role: 'Psychologist in private practice', place: 'Aalborg' },
    municipality: { role: 'Psychologist in a family services department', place: 'Aalborg Municipality' },
    psychiatry: { role: 'Psychologist in adult psychiatry', place: 'North Denmark Region' },
    volunteer: { role: 'Volunteer counsellor for refugees and their families', place: 'Aalborg' },
  },
  now: 'present',
  cta: {
    heading: 'Would you like to know more?',
    text: 'You are welcome to book a first session, or to get in touch if you have any questions before you decide.',
    primary: { label: 'Book a session', to: 'booking' },
    secondary: { label: 'Contact me', to: 'contact' },
  },
};
