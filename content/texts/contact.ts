import { file, group, type Infer, line, list, sentence, text } from '../schema/fields';
import { byMailProtection } from './common';

export type ContactField = 'name' | 'email' | 'phone' | 'message' | 'consent';

const section = (label: string, hint: string) =>
  group(label, { heading: line('Overskrift'), text: text('Tekst') }, { hint });

/** Every text of the contact form itself; the server's replies are server.json's. '{phone}' is the practice's number. */
const form = group(
  'Formular',
  {
    intro: text('Indledning', {
      hint: 'Over felterne: hvad man kan skrive, og hvornår du svarer (væk, når beskeden er sendt).',
    }),
    delivery: byMailProtection('Levering', 'Under indledningen: hvordan beskeden når frem, som serveren er sat op.'),
    labels: group('Feltnavne', {
      name: line('Navn'),
      email: line('E-mail'),
      phone: line('Telefon'),
      message: line('Besked'),
    }),
    phoneHint: sentence('Hjælpetekst til telefon'),
    submit: line('Send (knap)', { max: 60 }),
    submitting: line('Sender …', { max: 60 }),
    success: group(
      'Sendt',
      { heading: line('Overskrift'), text: sentence('Tekst'), next: sentence('Det sker nu') },
      {
        hint: 'Takkekortet: overskrift og tekst, derefter hvornår svaret kommer, og hvad man gør, hvis det ikke kan vente.',
      },
    ),
    fieldErrors: group(
      'Fejl ved felterne',
      {
        name: sentence('Navn'),
        email: sentence('E-mail'),
        phone: sentence('Telefon'),
        message: sentence('Besked'),
        consent: sentence('Samtykke'),
      },
      { hint: 'Under hvert felt, når dets regel er brudt.' },
    ),
    errors: group(
      'Fejlbeskeder',
      { unexpected: sentence('Uventet fejl'), network: sentence('Netværksfejl'), fallback: sentence('Ellers') },
      { hint: 'Vises i formularens beskedfelt, når browseren ikke får et svar, den forstår.' },
    ),
  },
  { hint: 'Kontaktformularen (noten om obligatoriske felter og samtykket står under Formularernes fælles tekster).' },
);

/** content/<lang>/contact.json: the contact page's words. */
export const contact = file('Kontakt', 'Kontaktsiden: oplysninger, formularen, kortet og vejen til klinikken.', {
  heading: line('Overskrift', { hint: 'Sidens store overskrift.' }),
  lead: text('Indledning', { hint: 'Teksten under sidens overskrift.' }),
  detailsHeading: line('Kontaktoplysninger (overskrift)', { hint: 'Over telefon, e-mail og adresse.' }),
  phoneLabel: line('Telefon (etiket)', { hint: 'Foran telefonnummeret (nummeret står under Fakta).' }),
  emailLabel: line('E-mail (etiket)', { hint: 'Foran e-mailadressen (adressen står under Fakta).' }),
  phoneHoursHeading: line('Telefontid (overskrift)', { hint: 'Over telefontiden (tiderne står under Fakta).' }),
  phoneHoursNote: sentence('Note om telefontid', { hint: 'Under telefontiden.' }),
  addressHeading: line('Adresse (overskrift)', { hint: 'Over klinikkens adresse.' }),
  languagesHeading: line('Sprog (overskrift)', { hint: 'Over sprogene, samtalerne kan foregå på.' }),
  servicesHeading: line('Ydelser (overskrift)', { hint: 'Over listen af ydelser.' }),
  services: list('Ydelser', line('Ydelse'), { hint: 'Listen af ydelser i kontaktoplysningerne.' }),
  formHeading: line('Formular (overskrift)', { hint: 'Over kontaktformularen.' }),
  crisisNote: sentence('Note om krise', {
    hint: 'I boksen over formularen, før kriselinjerne: formularen er ikke til akutte henvendelser.',
  }),
  form,
  mapHeading: line('Kort (overskrift)', { hint: 'Over kortet og vejen til klinikken.' }),
  map: group(
    'Kort',
    {
      title: line('Titel'),
      show: line('Vis kortet', { max: 60 }),
      notice: sentence('Note om kortet'),
      link: line('Link'),
    },
    { hint: 'Boksen, der står i stedet for kortet, indtil den besøgende beder om det.' },
  ),
  directionsLabel: line('Rutevejledning', { hint: 'Linket, der åbner en rutevejledning til klinikken.' }),
  transport: section('Offentlig transport', 'Vejen til klinikken med bus og tog; også i bekræftelsesmailen.'),
  parking: section('Parkering', 'Parkering ved klinikken; også i bekræftelsesmailen.'),
});

export type ContactWords = Infer<typeof contact>;
