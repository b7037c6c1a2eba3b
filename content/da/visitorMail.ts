import type { VisitorMailTexts } from '../texts/visitorMail';

export const visitorMail: VisitorMailTexts = {
  confirmedSubject: 'Din aftale {day} kl. {time}',
  declinedSubject: 'Svar på din forespørgsel',
  greeting: 'Kære {name}',
  confirmed: {
    intro: 'Tak for din forespørgsel. Jeg har bekræftet tiden, og jeg glæder mig til at se dig.',
    service: 'Samtale',
    time: 'Tid',
    place: 'Sted',
    price: 'Pris',
    when: '{day} kl. {from}–{to} (dansk tid)',
    clinic: 'I klinikken, {address}',
    online: 'Online via video. Jeg sender dig linket til videosamtalen inden samtalen.',
    findWay: 'Sådan finder du klinikken',
    mapLink: 'Kort og rutevejledning',
    cancellationHeading: 'Afbud',
    deadline: 'Kan du ikke komme, så meld afbud senest {deadline} på sms eller telefon: {phone}.',
    attachment: 'Tiden er vedhæftet som en kalenderbegivenhed, så du kan lægge den i din kalender.',
  },
  declined: {
    intro: 'Tak for din forespørgsel. Desværre kan jeg ikke tilbyde dig den tid, du bad om: {when}.',
    message: 'Besked fra mig:',
    nearest: 'Disse tider er ledige lige nu. Vælg en af dem på hjemmesiden, så holder jeg den til dig:',
    noneNearest: 'Se mine ledige tider på hjemmesiden:',
    phone: 'Du er også velkommen til at ringe til mig på {phone}, så finder vi en tid sammen.',
  },
  closing: 'Venlig hilsen',
  event: {
    file: 'aftale.ics',
    summary: 'Aftale',
    online: 'Online (video)',
    description: 'Afbud eller ændringer: ring eller send sms til {phone}.',
  },
};
