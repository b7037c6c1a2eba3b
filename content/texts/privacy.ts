import { file, group, type Infer, line, list, text } from '../schema/fields';
import { policyParagraph } from './common';

const section = (label: string) =>
  group(label, {
    title: line('Titel'),
    paragraphs: list('Afsnit', policyParagraph),
    items: list('Punkter', text('Punkt'), { optional: true }),
    closing: list('Afslutning', policyParagraph, { optional: true, hint: 'Afsnit efter punkterne.' }),
  });

/** content/<lang>/privacy.json: the privacy policy, its date and its section on booking. */
export const privacy = file('Privatlivspolitik', 'Persondatapolitikken.', {
  updated: line('Senest ændret', {
    max: 10,
    format: 'date',
    same: true,
    readonly: true,
    hint: 'Politikkens dato. Editoren sætter den til dagens dato, når du gemmer en ændret tekst i politikken, på alle sprog.',
  }),
  seal: line('Kontrolsum', {
    max: 64,
    format: 'sha256',
    same: true,
    readonly: true,
    hint: 'Sættes af editoren sammen med datoen; tjekket afviser en ændret tekst, hvis datoen ikke fulgte med.',
  }),
  heading: line('Overskrift', { hint: 'Sidens store overskrift.' }),
  lastUpdated: line('Senest opdateret', { hint: '{date} er politikkens dato (Senest ændret), skrevet med Måneder.' }),
  months: list('Måneder', line('Måned', { max: 20 }), {
    count: 12,
    hint: 'Januar til december, som de skrives i en dato.',
  }),
  languageNote: text('Note om sproget', {
    nullable: true,
    hint: 'En oversættelse siger, at den danske politik er den gældende; den danske har ingen.',
  }),
  intro: text('Indledning', { hint: 'Under overskriften, før afsnittene.' }),
  sections: group(
    'Afsnit',
    {
      controller: section('Dataansvarlig'),
      data: section('Oplysninger'),
      purposes: section('Formål'),
      contactForm: section('Kontaktformularen'),
      website: section('Hjemmesiden'),
      retention: section('Opbevaring'),
      recipients: section('Modtagere'),
      security: section('Sikkerhed'),
      rights: section('Dine rettigheder'),
      contact: section('Kontakt'),
    },
    { hint: 'Siden viser dem i rækkefølgen i content/privacyPolicy.ts og nummererer dem.' },
  ),
  minutes: group(
    'Minutter',
    { one: line('Ental', { max: 40 }), other: line('Flertal', { max: 40 }) },
    { hint: 'En tidslængde, som {minutes} udfylder den: {n} minutter, og ét minut.' },
  ),
  booking: group(
    'Booking',
    {
      title: line('Titel'),
      paragraphs: list('Afsnit', text('Afsnit')),
      items: list('Punkter', text('Punkt')),
      closing: list('Afslutning', policyParagraph, {
        hint: '{days} (svarets arbejdsdage), {max} og {minutes} (grænsen); ét afsnit pr. mailbeskyttelse.',
      }),
      calendar: group(
        'Min kalender',
        {
          none: text('Kalenderen læses kun', { hint: 'Når hjemmesiden kun læser, hvornår du er optaget.' }),
          caldav: text('Hjemmesiden skriver i kalenderen', {
            hint: 'Når hjemmesiden skriver bekræftede tider i din kalender (CalDAV). {provider}: kalenderudbyderen.',
          }),
          subscription: text('Kalenderen abonnerer', {
            hint: 'Når din kalender henter bekræftede tider fra hjemmesidens hemmelige adresse. {provider}: kalenderudbyderen.',
          }),
          both: text('Både skriver og abonnerer', {
            hint: 'Når begge dele er slået til. {provider}: kalenderudbyderen.',
          }),
        },
        {
          hint: 'Det sidste afsnit før klientens eget link: hvad hjemmesiden gør med din kalender. Siden viser den tekst, der passer til serverens opsætning; udbyderen er din databehandler.',
        },
      ),
      clientLink: list('Klientens eget link', text('Afsnit'), {
        hint: 'Hvad linket i bekræftelsen bærer og gemmer, og hvad en ændring fortæller dig: vises kun, mens klientens eget link er slået til.',
      }),
      clientReminder: list('Påmindelse til klienten', text('Afsnit'), {
        hint: 'Hvad påmindelsen, klienten kan bede om, gemmer, hvor længe og på hvilket grundlag.',
      }),
    },
    { hint: 'Politikkens afsnit om onlinebooking: vises kun, mens booking er slået til.' },
  ),
});

export type PrivacyWords = Infer<typeof privacy>;

/** How the site keeps her calendar (server/booking/herCalendar/): only read, written over CalDAV, served at the subscription address, or both. */
export type HerCalendarWay = keyof PrivacyWords['booking']['calendar'];

/** The policy's sections; content/privacyPolicy.ts puts them in their order. */
export type PrivacySectionId = keyof PrivacyWords['sections'];
