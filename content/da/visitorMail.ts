import type { VisitorMailTexts } from '../texts/visitorMail';
import { site } from './site';

export const visitorMail: VisitorMailTexts = {
  practitioner: site.practice.practitioner,
  confirmedSubject: 'Din aftale {day} kl. {time}',
  declinedSubject: 'Svar på din forespørgsel',
  greeting: 'Kære {name}',
  confirmed: {
    preheader: 'Din tid {day} kl. {time} er bekræftet.',
    intro: 'Tak for din forespørgsel. Jeg har bekræftet tiden, og jeg glæder mig til at se dig.',
    service: 'Samtale',
    time: 'Tid',
    place: 'Sted',
    price: 'Pris',
    when: '{day} kl. {from}–{to} (dansk tid)',
    clinic: 'I klinikken, {address}',
    online: 'Online via video. Jeg sender dig linket til videosamtalen senest dagen før.',
    onlineRoom: 'Online via video',
    join: 'Åbn linket på din computer eller telefon et par minutter før samtalen.',
    findWay: 'Sådan finder du klinikken',
    mapLink: 'Kort og rutevejledning',
    cancellationHeading: 'Afbud',
    deadline: 'Kan du ikke alligevel, så meld afbud senest {deadline} på sms eller telefon: {phone}.',
    reply:
      'Et svar på denne e-mail er ikke et afbud, for jeg læser ikke altid min e-mail i tide. Spørgsmål må du gerne skrive.',
    ruleLink: 'Hele afbudsreglen',
    attachment: 'Tiden er vedhæftet som en kalenderbegivenhed (til Apple Kalender og Outlook).',
    addTo: 'Læg den i din kalender på nettet:',
    google: 'Google Kalender',
    outlook: 'Outlook',
  },
  declined: {
    late: 'Undskyld, at mit svar kommer senere end lovet.',
    intro: 'Tak for din forespørgsel. Desværre kan jeg ikke tilbyde dig den tid, du bad om: {when}.',
    nearest: 'Disse tider er ledige lige nu. Vælg en af dem på hjemmesiden, og send en ny forespørgsel:',
    noneNearest: 'Se mine ledige tider på hjemmesiden:',
    phone: 'Du er også velkommen til at ringe til mig på {phone}, så finder vi en tid sammen.',
  },
  cancelled: {
    subject: 'Din aftale {day} kl. {time} er aflyst',
    introClient: 'Tak, fordi du gav besked. Jeg har aflyst din tid {when}.',
    introPractitioner:
      'Jeg må desværre aflyse din tid {when}. Det beklager jeg. Du skal selvfølgelig ikke betale for den.',
    rebookClient:
      'Vil du have en ny tid, er du velkommen til at ringe til mig på {phone} eller sende en ny forespørgsel på hjemmesiden:',
    rebookPractitioner:
      'Jeg vil gerne finde en ny tid til dig. Ring til mig på {phone}, eller send en ny forespørgsel på hjemmesiden:',
  },
  closing: 'Venlig hilsen',
  event: {
    file: 'aftale.ics',
    summary: 'Aftale – {practitioner}',
    online: 'Online (video)',
    description: 'Afbud eller ændringer: ring eller send sms til {phone}.',
    onlineNote: 'Linket til videosamtalen kommer på e-mail senest dagen før.',
  },
};
