import type { PrivacyTexts } from '../texts/privacy';

export const privacy: PrivacyTexts = {
  heading: 'Persondatapolitik',
  lastUpdated: 'Sidst opdateret {date}',
  months: [
    'januar',
    'februar',
    'marts',
    'april',
    'maj',
    'juni',
    'juli',
    'august',
    'september',
    'oktober',
    'november',
    'december',
  ],
  languageNote: null,
  intro:
    'Som psykolog behandler jeg personoplysninger om dig, når du kontakter mig, og når du er i behandling hos mig. Jeg passer godt på dine oplysninger og har tavshedspligt. Her kan du læse, hvilke oplysninger jeg behandler, hvorfor, og hvilke rettigheder du har.',
  sections: {
    controller: {
      title: 'Dataansvarlig',
      paragraphs: [
        'Jeg er som autoriseret psykolog og indehaver af klinikken dataansvarlig for behandlingen af dine personoplysninger. Du finder mine kontaktoplysninger under punkt {contactSection} nederst på siden.',
      ],
    },
    data: {
      title: 'Hvilke oplysninger jeg behandler',
      paragraphs: ['Afhængigt af din henvendelse og dit forløb kan jeg behandle følgende oplysninger om dig:'],
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
    purposes: {
      title: 'Formål og retsgrundlag',
      paragraphs: [
        'Jeg behandler dine oplysninger for at kunne besvare din henvendelse, aftale og planlægge samtaler, give dig psykologisk behandling, føre journal, sende regninger og opfylde mine forpligtelser som autoriseret psykolog.',
        'Almindelige personoplysninger behandler jeg efter databeskyttelsesforordningens (GDPR) artikel 6, stk. 1, litra b og c: for at kunne levere den behandling, vi har aftalt, og for at opfylde mine retlige forpligtelser.',
        'Helbredsoplysninger og andre følsomme oplysninger behandler jeg efter GDPR artikel 9, stk. 2, litra h, fordi de er nødvendige for den psykologiske behandling. Som autoriseret psykolog har jeg desuden pligt til at føre journal efter de regler, der gælder for autoriserede psykologer.',
      ],
    },
    contactForm: {
      title: 'Når du skriver via kontaktformularen',
      paragraphs: [
        'Sender du en besked via kontaktformularen, bruger jeg dit navn, din e-mail, dit eventuelle telefonnummer og din besked til at svare dig – på e-mail eller telefon.',
        {
          tls: 'Hjemmesidens server sender beskeden videre som e-mail til min indbakke over en krypteret forbindelse (TLS). Selve e-mailen er ikke krypteret: den ligger i min indbakke hos min e-mailudbyder, som er min databehandler. Hjemmesidens server gemmer ikke beskeden.',
          openpgp:
            'Hjemmesidens server krypterer beskeden med min offentlige OpenPGP-nøgle, før den sender den som e-mail til min indbakke, så kun jeg kan læse den (end-to-end-kryptering). E-mailudbyderne kan stadig se, hvornår beskeden er sendt, og din e-mailadresse, så jeg kan svare dig, men ikke dit navn, dit telefonnummer eller det, du skriver. Hjemmesidens server gemmer ikke beskeden.',
          smime:
            'Hjemmesidens server krypterer beskeden med mit S/MIME-certifikat, før den sender den som e-mail til min indbakke, så kun jeg kan læse den (end-to-end-kryptering). E-mailudbyderne kan stadig se, hvornår beskeden er sendt, og din e-mailadresse, så jeg kan svare dig, men ikke dit navn, dit telefonnummer eller det, du skriver. Hjemmesidens server gemmer ikke beskeden.',
        },
        'Det sker på grundlag af dit samtykke, jf. GDPR artikel 6, stk. 1, litra a, og – hvis du selv fortæller om dit helbred – artikel 9, stk. 2, litra a. Du kan til enhver tid trække dit samtykke tilbage ved at skrive eller ringe til mig. Så sletter jeg din henvendelse, medmindre den er blevet en del af et forløb, som jeg har pligt til at føre journal over.',
      ],
    },
    website: {
      title: 'Når du besøger hjemmesiden',
      paragraphs: [
        'Hjemmesiden sætter ingen cookies og bruger ingen statistik- eller analyseværktøjer. Den henter ikke skrifttyper eller andet indhold fra andre hjemmesider.',
        'Hjemmesidens server fører en teknisk log over, hvilke sider der bliver vist, og om det lykkes, så fejl kan findes og rettes. Loggen indeholder ikke dit navn, din e-mail, dit telefonnummer, din besked eller din IP-adresse.',
        'For at beskytte kontaktformularen mod misbrug kan der højst sendes {max} beskeder fra den samme IP-adresse på {minutes}. Derfor husker serveren i op til {minutes}, hvor mange beskeder der er sendt fra IP-adressen. Derefter slettes oplysningen.',
        'Hjemmesiden ligger hos en hostingudbyder, som behandler trafikken til siden som min databehandler.',
        'Kortet på siden Kontakt hentes fra OpenStreetMap, men først når du selv beder om det. Indtil da får OpenStreetMap intet at vide om dit besøg. Viser du kortet, modtager OpenStreetMap din IP-adresse, som ved ethvert besøg på en anden hjemmeside.',
      ],
    },
    retention: {
      title: 'Opbevaring og sletning',
      paragraphs: [
        'Din journal opbevares i 5 år efter behandlingens afslutning og destrueres derefter.',
        'Henvendelser, der ikke fører til et forløb, sletter jeg, når de ikke længere er nødvendige. Regnskabsbilag opbevares så længe, bogføringsloven kræver det.',
      ],
    },
    recipients: {
      title: 'Modtagere og databehandlere',
      paragraphs: [
        'Jeg videregiver kun oplysninger om dig, hvis du har givet samtykke til det, fx til din læge eller dit forsikringsselskab, eller hvis jeg har pligt til det efter loven, fx ved underretningspligt over for kommunen eller ved en sag hos Psykolognævnet.',
        'Jeg bruger databehandlere til journalsystem, e-mail og hjemmeside. De behandler kun oplysninger efter mine instrukser og på grundlag af en databehandleraftale.',
      ],
    },
    security: {
      title: 'Sikkerhed',
      paragraphs: [
        'Jeg beskytter dine oplysninger med tekniske og organisatoriske sikkerhedsforanstaltninger. Journaler opbevares i et sikkert journalsystem med adgangskontrol, og kun jeg har adgang til dem.',
        {
          tls: 'Beskeder fra kontaktformularen sendes over en krypteret forbindelse, men ligger ukrypteret i min indbakke (se punkt {contactFormSection}). En almindelig e-mail, som du selv sender, er heller ikke nødvendigvis krypteret hele vejen.',
          openpgp:
            'Beskeder fra kontaktformularen er krypteret, så kun jeg kan læse dem (se punkt {contactFormSection}). En almindelig e-mail, som du selv sender, er derimod ikke nødvendigvis krypteret hele vejen.',
          smime:
            'Beskeder fra kontaktformularen er krypteret, så kun jeg kan læse dem (se punkt {contactFormSection}). En almindelig e-mail, som du selv sender, er derimod ikke nødvendigvis krypteret hele vejen.',
        },
        'Skriv derfor ikke mere om dit helbred, end du har lyst til – det taler vi om, når vi ses.',
      ],
    },
    rights: {
      title: 'Dine rettigheder og klage',
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
      closing: [
        {
          before:
            'Er du utilfreds med den måde, jeg behandler dine oplysninger på, kan du klage til Datatilsynet. Du finder tilsynets kontaktoplysninger på ',
          linkText: 'datatilsynet.dk',
          after: '. Du er også altid velkommen til at tage det op med mig først.',
          url: 'https://www.datatilsynet.dk',
        },
      ],
    },
    contact: {
      title: 'Kontakt og afbud',
      paragraphs: [
        {
          before:
            'Hvornår og hvordan du melder afbud til en aftalt samtale, og hvad det koster at melde afbud for sent eller udeblive, står i ',
          linkText: 'afbudsreglerne på siden Priser',
          after: '.',
          to: 'prices',
          anchor: 'cancellation-section',
        },
        'Har du spørgsmål til denne persondatapolitik, eller vil du gøre brug af dine rettigheder, er du velkommen til at kontakte mig:',
      ],
    },
  },
  minutes: { one: '1 minut', other: '{n} minutter' },
};
