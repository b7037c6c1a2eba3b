export interface PrivacySection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

export interface PrivacyPolicy {
  heading: string;
  lastUpdated: string; // ISO date, for <time datetime>
  lastUpdatedLabel: string;
  intro: string;
  /** Exactly ten, numbered in this order. */
  sections: PrivacySection[];
}

export const privacyPolicy: PrivacyPolicy = {
  heading: 'Persondatapolitik',
  lastUpdated: '2025-08-12',
  lastUpdatedLabel: 'Sidst opdateret 12. august 2025',
  intro:
    'Som psykolog behandler jeg personoplysninger om dig, når du kontakter mig, og når du er i behandling hos mig. Jeg passer godt på dine oplysninger og har tavshedspligt. Her kan du læse, hvilke oplysninger jeg behandler, hvorfor, og hvilke rettigheder du har.',
  sections: [
    {
      title: 'Dataansvarlig',
      paragraphs: [
        'Jeg er som autoriseret psykolog og indehaver af klinikken dataansvarlig for behandlingen af dine personoplysninger. Du finder mine kontaktoplysninger under punkt 10 nederst på siden.',
      ],
    },
    {
      title: 'Hvilke oplysninger jeg behandler',
      paragraphs: [
        'Afhængigt af din henvendelse og dit forløb kan jeg behandle følgende oplysninger om dig:',
      ],
      items: [
        'Navn',
        'CPR-nummer',
        'Alder',
        'Adresse',
        'E-mail',
        'Telefonnummer',
        'Helbredsoplysninger',
        'Oplysninger om sociale forhold, netværk og uddannelse',
      ],
    },
    {
      title: 'Formål',
      paragraphs: [
        'Jeg behandler dine oplysninger for at kunne besvare din henvendelse, aftale og planlægge samtaler, give dig psykologisk behandling, føre journal, sende regninger og opfylde mine forpligtelser som autoriseret psykolog.',
        'Sender du en besked via kontaktformularen, bruger jeg dit navn, din e-mail, dit eventuelle telefonnummer og din besked til at svare dig.',
      ],
    },
    {
      title: 'Retsgrundlag',
      paragraphs: [
        'Almindelige personoplysninger behandler jeg efter databeskyttelsesforordningens (GDPR) artikel 6, stk. 1, litra b og c: for at kunne levere den behandling, vi har aftalt, og for at opfylde mine retlige forpligtelser.',
        'Helbredsoplysninger og andre følsomme oplysninger behandler jeg efter GDPR artikel 9, stk. 2, litra h, fordi de er nødvendige for den psykologiske behandling. Som autoriseret psykolog har jeg desuden pligt til at føre journal efter de regler, der gælder for autoriserede psykologer.',
        'Når du sender en besked via kontaktformularen, sker det på grundlag af dit samtykke, jf. GDPR artikel 6, stk. 1, litra a.',
      ],
    },
    {
      title: 'Opbevaring og sletning',
      paragraphs: [
        'Din journal opbevares i 5 år efter behandlingens afslutning og destrueres derefter.',
        'Henvendelser, der ikke fører til et forløb, sletter jeg, når de ikke længere er nødvendige. Regnskabsbilag opbevares så længe, bogføringsloven kræver det.',
      ],
    },
    {
      title: 'Modtagere og videregivelse',
      paragraphs: [
        'Jeg videregiver kun oplysninger om dig, hvis du har givet samtykke til det, fx til din læge eller dit forsikringsselskab, eller hvis jeg har pligt til det efter loven, fx ved underretningspligt over for kommunen eller ved en sag hos Psykolognævnet.',
        'Jeg bruger databehandlere til fx journalsystem, e-mail og hjemmeside. De behandler kun oplysninger efter mine instrukser og på grundlag af en databehandleraftale.',
      ],
    },
    {
      title: 'Sikkerhed',
      paragraphs: [
        'Jeg beskytter dine oplysninger med tekniske og organisatoriske sikkerhedsforanstaltninger. Journaler opbevares i et sikkert journalsystem med adgangskontrol, og kun jeg har adgang til dem.',
        'Almindelig e-mail er ikke krypteret. Skriv derfor ikke følsomme oplysninger i en e-mail eller i kontaktformularen – dem taler vi om, når vi ses.',
      ],
    },
    {
      title: 'Dine rettigheder',
      paragraphs: ['Efter databeskyttelsesreglerne har du en række rettigheder. Du har ret til:'],
      items: [
        'Indsigt i de oplysninger, jeg behandler om dig',
        'Berigtigelse af forkerte oplysninger',
        'Sletning af oplysninger, når de ikke længere skal opbevares',
        'Begrænsning af behandlingen',
        'Indsigelse mod behandlingen',
        'Dataportabilitet, så du kan få dine oplysninger udleveret i et almindeligt format',
        'Tilbagetrækning af dit samtykke når som helst – det påvirker ikke lovligheden af den behandling, der er sket forinden',
      ],
    },
    {
      title: 'Klage til Datatilsynet',
      paragraphs: [
        'Er du utilfreds med den måde, jeg behandler dine oplysninger på, kan du klage til Datatilsynet. Du finder tilsynets kontaktoplysninger på datatilsynet.dk. Du er også altid velkommen til at tage det op med mig først.',
      ],
    },
    {
      title: 'Kontakt og afbud',
      paragraphs: [
        'Afbud til en aftalt samtale skal ske senest 24 timer før via SMS eller telefon. Sker afbuddet senere, eller udebliver du, opkræves det fulde honorar. Læs mere om afbud på siden Priser.',
        'Har du spørgsmål til denne persondatapolitik, eller vil du gøre brug af dine rettigheder, er du velkommen til at kontakte mig:',
      ],
    },
  ],
};
