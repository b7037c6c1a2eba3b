import { file, group, type Infer, line, list, sentence, text } from '../schema/fields';
import { cta } from './common';

/** content/<lang>/home.json: the home page's words. */
export const home = file('Forside', 'Forsidens tekster.', {
  hero: group(
    'Toppen af siden',
    {
      eyebrow: line('Linje over overskriften'),
      heading: line('Overskrift', { hint: 'Sidens store overskrift.' }),
      lead: text('Indledning'),
      areasLabel: line('Før områderne', { hint: 'Fx »Jeg hjælper blandt andet med«, over områderne.' }),
      areas: group(
        'Områder',
        {
          angst: line('Angst', { max: 40 }),
          stress: line('Stress', { max: 40 }),
          depression: line('Depression', { max: 40 }),
          kriser: line('Kriser', { max: 40 }),
          'familie-og-par': line('Familie og par', { max: 40 }),
          neurodiversitet: line('Neurodiversitet', { max: 40 }),
        },
        {
          hint: 'Hvert områdes korte navn (et ord eller to), et link til dets kort på siden Terapi, i denne rækkefølge.',
        },
      ),
      price: sentence('Pris', {
        max: 150,
        hint: 'Én linje fra priserne: {price} og {minutes} er individuel terapis (Fakta → Priser og varighed).',
      }),
      prices: cta('Link til priserne', 'Efter prislinjen; fører til Priser.'),
      primary: cta('Første knap', 'Fører til booking.'),
      secondary: cta('Anden knap', 'Fører til Om mig.'),
    },
    {
      hint: 'Det første, man ser: ved dit navn og portræt overskriften, en indledning, hvad du hjælper med, en pris og to knapper.',
    },
  ),
  contactCard: group(
    'Kontaktkort',
    {
      heading: line('Overskrift'),
      phoneHoursLabel: line('Telefontid (etiket)'),
      placesText: sentence('Hvor samtalerne foregår'),
    },
    { hint: 'Kortet ved siden af toppen: hvordan man kommer i kontakt (telefon og adresse står under Fakta).' },
  ),
  quote: group(
    'Citat',
    {
      label: line('Navn til skærmlæsere', { hint: 'Afsnittet har ingen synlig overskrift; skærmlæsere læser denne.' }),
      text: text('Citatet'),
      source: line('Kilde'),
    },
    { hint: 'Citatet midt på forsiden.' },
  ),
  trustBadgesLabel: line('Kendetegn (overskrift for skærmlæsere)', {
    hint: 'Navnet på rækken af kendetegn; kun skærmlæsere læser det.',
  }),
  trustBadges: list('Kendetegn (tre)', group('Kendetegn', { title: line('Titel'), text: sentence('Tekst') }), {
    count: 3,
    hint: 'Autorisation, sprog og tavshedspligt, i den rækkefølge: hvert har sit ikon.',
  }),
  safeSpace: group(
    'Et trygt rum',
    { heading: line('Overskrift'), paragraphs: list('Afsnit', text('Afsnit')) },
    { hint: 'Afsnittet ved billedet af klinikkens rum.' },
  ),
  role: group(
    'Min rolle',
    { heading: line('Overskrift'), intro: text('Indledning'), points: list('Punkter', text('Punkt')) },
    { hint: 'Afsnittet om din rolle som psykolog: en indledning og en liste.' },
  ),
  testimonials: group(
    'Udtalelser',
    {
      heading: line('Overskrift'),
      intro: text('Indledning'),
      items: list(
        'Udtalelser (tre)',
        group('Udtalelse', {
          text: text('Udtalelsen'),
          author: line('Afsender', { hint: 'Anonymiseret, fx »Kvinde, 34 år«.' }),
          treatment: line('Forløb', { hint: 'Fx »Individuel terapi«.' }),
        }),
        { count: 3, hint: 'Tre: designets række.' },
      ),
    },
    { hint: 'Anonymiserede udtalelser, offentliggjort med klienternes samtykke.' },
  ),
});

export type HomeWords = Infer<typeof home>;
