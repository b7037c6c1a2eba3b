import { file, type Infer, line, sentence } from '../schema/fields';

/** content/practitioner/practiceMail.json: the mail she receives for each contact message, in Danish. */
export const practiceMail = file(
  'Mail: ny henvendelse',
  'Mailen, du får for hver besked fra kontaktformularen (altid på dansk). Den siger, hvilket sprog klienten skrev fra, så du kan svare på det.',
  {
    subject: line('Emne', { hint: '{name}: afsenderens navn.' }),
    subjectLanguage: line('Emne: sprog', {
      max: 60,
      hint: 'Føjes til emnet, når klienten skrev fra de engelske eller persiske sider; {language}: sproget.',
    }),
    neutralSubject: line('Emne uden for krypteringen', {
      hint: 'Når mailen er krypteret, kan mailudbyderen læse dette emne: det nævner ingen. Det rigtige emne står inde i krypteringen.',
    }),
    language: line('Første linje: sprog', { hint: '{language}: det sprog, klienten skrev fra.' }),
    name: line('Navn (etiket)', { max: 40, hint: 'Foran klientens navn.' }),
    email: line('E-mail (etiket)', { max: 40, hint: 'Foran klientens e-mail.' }),
    phone: line('Telefon (etiket)', { max: 40, hint: 'Foran klientens telefonnummer.' }),
    noPhone: line('Intet telefonnummer', { max: 60, hint: 'Står ved Telefon, når klienten ikke gav et nummer.' }),
    consent: sentence('Samtykke', {
      hint: '{time}: hvornår klienten gav samtykke, dansk tid (»22. november 2026 kl. 20.04«).',
    }),
    message: line('Besked (etiket)', { max: 40, hint: 'Over klientens besked.' }),
  },
);

export type PracticeMailTexts = Infer<typeof practiceMail>;
