import type { TherapyTexts } from '../texts/therapy';

export const therapy: TherapyTexts = {
  heading: 'Terapi',
  lead: 'Jeg tilbyder individuel terapi, parterapi, familieterapi og samtaler med børn – i klinikken i Aalborg eller online. Her kan du læse om de områder, jeg oftest hjælper med.',
  areasHeading: 'Det kan jeg hjælpe med',
  areas: {
    'familie-og-par': {
      title: 'Familie- og parterapi',
      description:
        'Når konflikter, afstand eller store forandringer fylder i parforholdet eller familien, kan samtaler hjælpe jer med at finde hinanden igen.',
      details: [
        'I parterapi ser vi på de mønstre, der går igen, når I taler sammen eller skændes. Målet er, at I bliver bedre til at forstå hinandens behov og kan tale om det svære uden at køre fast.',
        'I familieterapi er hele familien eller dele af den med. Det kan handle om konflikter, skilsmisse, sammenbragte familier eller et barn, der mistrives. Jeg har også samtaler med børn alene og forældresamtaler, hvor vi sammen finder måder at støtte barnet på.',
        'Jeg arbejder ud fra, at ingen i familien alene er »problemet«. Vi leder efter det, der kan skabe mere ro og nærhed for jer alle.',
      ],
    },
    angst: {
      title: 'Angst og bekymringer',
      description:
        'Angst kan sætte sig i både krop og tanker og gøre hverdagen mindre. Den kan behandles, og mange oplever tydelig bedring.',
      details: [
        'Angst kan vise sig som uro, hjertebanken, panikanfald, social angst eller bekymringer, der kører i ring. Ofte begynder man at undgå situationer, og så bliver livet gradvist mindre.',
        'Sammen undersøger vi, hvad der holder angsten i gang. Jeg bruger metoder fra kognitiv adfærdsterapi og ACT, som har veldokumenteret effekt, og vi tager små, trygge skridt i dit eget tempo.',
      ],
    },
    depression: {
      title: 'Depression',
      description:
        'Når glæden og energien forsvinder, og alt føles tungt, kan det være svært at tage det første skridt. Du skal ikke klare det alene.',
      details: [
        'Depression kan vise sig som tristhed, tomhed, træthed, dårlig søvn, skyldfølelse eller en oplevelse af, at intet nytter. Den kan komme snigende over lang tid eller efter en svær periode.',
        'I terapien arbejder vi med de tanker og vaner, der holder dig fast, og med at genfinde aktiviteter og relationer, der giver energi. Ved moderat til svær depression anbefaler jeg, at du også taler med din læge.',
      ],
    },
    stress: {
      title: 'Stress og udbrændthed',
      description:
        'Langvarigt pres på arbejdet eller derhjemme kan slide på både krop og sind. Jeg hjælper dig med at finde balancen igen.',
      details: [
        'Stress kan give hukommelsesbesvær, søvnproblemer, irritabilitet og en følelse af aldrig at slå til. Mange venter for længe med at søge hjælp, fordi de er vant til at klare sig selv.',
        'Vi ser både på, hvad der har ført dig hertil, og på hvad du kan gøre nu: at skrue ned for presset, mærke dine grænser og gradvist vende tilbage til arbejde og hverdag på en holdbar måde.',
      ],
    },
    kriser: {
      title: 'Kriser og livsforandringer',
      description:
        'Sorg, skilsmisse, sygdom, fyring eller en flytning til et nyt land kan vende op og ned på tilværelsen. Samtaler kan give fodfæste i en svær tid.',
      details: [
        'En krise kan komme brat eller vokse frem, når livet ændrer sig. Det er naturligt at reagere med chok, uro, vrede eller tristhed, og mange føler sig pludselig ikke som sig selv.',
        'Jeg tilbyder et roligt rum, hvor der er plads til det, du står i. Sammen finder vi ud af, hvad der kan hjælpe dig videre, og hvordan du kan tage det, der er sket, med dig på en måde, du kan leve med.',
      ],
    },
    neurodiversitet: {
      title: 'Autisme, ADHD og neurodiversitet',
      description:
        'Jeg tilbyder samtaler til børn, unge og voksne med autisme, ADHD eller lignende træk og til deres familier. Du behøver ikke have en diagnose for at komme.',
      details: [
        'Mange neurodivergente oplever at skulle tilpasse sig en verden, der ikke er indrettet til dem. Det kan føre til stress, angst, lavt selvværd eller konflikter i familien.',
        'I samtalerne tager vi udgangspunkt i dine styrker og i, hvordan du er skruet sammen. Vi arbejder med forståelse, struktur og strategier, der passer til din hverdag.',
        'For forældre kan samtalerne handle om at forstå barnets reaktioner og finde måder at skabe ro og forudsigelighed derhjemme.',
      ],
    },
  },
  toggle: { open: 'Læs mere', close: 'Luk' },
  approach: {
    heading: 'Sådan arbejder jeg',
    paragraphs: [
      'Jeg arbejder evidensbaseret. Det betyder, at jeg bruger metoder, som forskning har vist virker, og tilpasser dem til dig og din situation. Ingen forløb er ens.',
      'I de første samtaler lærer vi hinanden at kende, og vi afklarer, hvad du ønsker hjælp til. Derefter aftaler vi mål og en ramme for forløbet, som vi løbende følger op på.',
    ],
    points: [
      'Kognitiv adfærdsterapi (KAT): sammenhængen mellem tanker, følelser, krop og handlinger',
      'Acceptance and Commitment Therapy (ACT): at leve efter det, der er vigtigt for dig, også når noget er svært',
      'Mentaliseringsbaseret terapi: at forstå egne og andres følelser og hensigter',
      'Systemisk og narrativ terapi: at se problemer i sammenhæng med familie, relationer og livshistorie',
    ],
  },
  cta: {
    heading: 'Er du klar til at tage det første skridt?',
    text: 'Book en første samtale, eller kontakt mig, hvis du vil høre, om jeg er den rette til at hjælpe dig.',
    primary: { label: 'Book en samtale', to: 'booking' },
    secondary: { label: 'Kontakt mig', to: 'contact' },
  },
};
