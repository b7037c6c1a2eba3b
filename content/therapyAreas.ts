// The six areas of support shown as cards on /terapi.

/** Names of the icons content may use (client/icons/<name>.svg, drawn by the stylesheet). */
export type IconName = 'users' | 'wind' | 'cloud' | 'flame' | 'compass' | 'puzzle' | 'shield' | 'award' | 'globe';

export interface TherapyArea {
  id: string;
  title: string;
  /** One or two sentences, always visible. */
  description: string;
  /** Shown when the card is opened: a short paragraph each. */
  details: string[];
  icon: IconName;
}

export const therapyAreas: TherapyArea[] = [
  {
    id: 'familie-og-par',
    title: 'Familie- og parterapi',
    description:
      'Når konflikter, afstand eller store forandringer fylder i parforholdet eller familien, kan samtaler hjælpe jer med at finde hinanden igen.',
    details: [
      'I parterapi ser vi på de mønstre, der går igen, når I taler sammen eller skændes. Målet er, at I bliver bedre til at forstå hinandens behov og kan tale om det svære uden at køre fast.',
      'I familieterapi er hele familien eller dele af den med. Det kan handle om konflikter, skilsmisse, sammenbragte familier eller et barn, der mistrives. Jeg har også samtaler med børn alene og forældresamtaler, hvor vi sammen finder måder at støtte barnet på.',
      'Jeg arbejder ud fra, at ingen i familien alene er "problemet". Vi leder efter det, der kan skabe mere ro og nærhed for jer alle.',
    ],
    icon: 'users',
  },
  {
    id: 'angst',
    title: 'Angst og bekymringer',
    description:
      'Angst kan sætte sig i både krop og tanker og gøre hverdagen mindre. Angst kan behandles, og mange oplever tydelig bedring.',
    details: [
      'Angst kan vise sig som uro, hjertebanken, panikanfald, social angst eller bekymringer, der kører i ring. Ofte begynder man at undgå situationer, og så bliver livet gradvist mindre.',
      'Sammen undersøger vi, hvad der holder angsten i gang. Jeg bruger metoder fra kognitiv adfærdsterapi og ACT, som har god dokumenteret effekt, og vi tager små, trygge skridt i dit eget tempo.',
    ],
    icon: 'wind',
  },
  {
    id: 'depression',
    title: 'Depression',
    description:
      'Når glæden og energien forsvinder, og alt føles tungt, kan det være svært at tage det første skridt. Du skal ikke klare det alene.',
    details: [
      'Depression kan vise sig som tristhed, tomhed, træthed, dårlig søvn, skyldfølelse eller en oplevelse af, at intet nytter. Den kan komme snigende over lang tid eller efter en svær periode.',
      'I terapien arbejder vi med de tanker og vaner, der holder dig fast, og med at genfinde aktiviteter og relationer, der giver energi. Ved moderat til svær depression anbefaler jeg, at du også taler med din læge.',
    ],
    icon: 'cloud',
  },
  {
    id: 'stress',
    title: 'Stress og udbrændthed',
    description:
      'Langvarigt pres på arbejdet eller derhjemme kan slide på både krop og sind. Jeg hjælper dig med at finde balancen igen.',
    details: [
      'Stress kan give hukommelsesbesvær, søvnproblemer, irritabilitet og en følelse af aldrig at slå til. Mange venter for længe med at søge hjælp, fordi de er vant til at klare sig selv.',
      'Vi ser både på, hvad der har ført dig hertil, og på hvad du kan gøre nu: at skrue ned for presset, mærke dine grænser og vende gradvist tilbage til arbejde og hverdag på en holdbar måde.',
    ],
    icon: 'flame',
  },
  {
    id: 'kriser',
    title: 'Kriser og livsforandringer',
    description:
      'Sorg, skilsmisse, sygdom, fyring eller en flytning til et nyt land kan vende op og ned på tilværelsen. Samtaler kan give fodfæste i en svær tid.',
    details: [
      'En krise kan komme pludseligt eller vokse frem, når livet ændrer sig. Det er naturligt at reagere med chok, uro, vrede eller tristhed, og mange føler sig pludselig ikke som sig selv.',
      'Jeg tilbyder et roligt rum, hvor der er plads til det, du står i. Sammen finder vi ud af, hvad der kan hjælpe dig videre, og hvordan du kan tage det, der er sket, med dig på en måde, du kan leve med.',
    ],
    icon: 'compass',
  },
  {
    id: 'neurodiversitet',
    title: 'Autisme, ADHD og neurodiversitet',
    description:
      'Jeg tilbyder samtaler til børn, unge og voksne med autisme, ADHD eller lignende træk og til deres familier. Du behøver ikke have en diagnose for at komme.',
    details: [
      'Mange neurodivergente oplever at skulle tilpasse sig en verden, der ikke er indrettet til dem. Det kan føre til stress, angst, lavt selvværd eller konflikter i familien.',
      'I samtalerne tager vi udgangspunkt i dine styrker og i, hvordan du er skruet sammen. Vi arbejder med forståelse, struktur og strategier, der passer til din hverdag.',
      'For forældre kan samtalerne handle om at forstå barnets reaktioner og finde måder at skabe ro og forudsigelighed derhjemme.',
    ],
    icon: 'puzzle',
  },
];
