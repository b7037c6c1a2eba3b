import type { ContactTexts } from '../texts/contact';
import { form } from './form';

export const contact: ContactTexts = {
  heading: 'Kontakt',
  lead: 'Du er velkommen til at ringe, skrive eller sende en besked her på siden, hvis du vil booke en samtale eller har spørgsmål.',
  detailsHeading: 'Kontaktoplysninger',
  phoneLabel: 'Telefon',
  emailLabel: 'E-mail',
  phoneHoursHeading: 'Telefontid',
  phoneHoursNote: 'Uden for telefontiden kan du sende en sms eller en besked, så ringer jeg dig op.',
  addressHeading: 'Adresse',
  languagesHeading: 'Sprog',
  servicesHeading: 'Jeg tilbyder',
  services: ['Individuel terapi', 'Parterapi', 'Familieterapi', 'Samtaler med børn', 'Onlineterapi', 'Supervision'],
  formHeading: 'Send en besked',
  crisisNote: 'Formularen er ikke til akutte henvendelser, og jeg kan ikke altid svare med det samme.',
  form: {
    intro:
      'Skriv kort, hvad du gerne vil tale om, og hvordan jeg bedst kan kontakte dig. Skriv helst ikke følsomme helbredsoplysninger her – dem taler vi om, når vi ses. Jeg svarer inden for 1–2 hverdage.',
    delivery: {
      tls: 'Beskeden sendes over en krypteret forbindelse (TLS) til min e-mail. Den gemmes ikke på hjemmesiden.',
      openpgp: 'Beskeden krypteres med OpenPGP, før den forlader hjemmesiden, så kun jeg kan læse den.',
      smime: 'Beskeden krypteres med S/MIME, før den forlader hjemmesiden, så kun jeg kan læse den.',
    },
    labels: {
      name: 'Navn *',
      email: 'E-mail *',
      phone: 'Telefon',
      message: 'Besked *',
    },
    phoneHint: 'Indtast 8 cifre uden +45',
    ...form,
    submit: 'Send besked',
    submitting: 'Sender...',
    success: {
      heading: 'Tak for din henvendelse',
      text: 'Jeg har modtaget din besked og vender tilbage hurtigst muligt.',
      next: 'Jeg svarer inden for 1–2 hverdage. Kan det ikke vente, så ring til et af numrene ovenfor.',
    },
    fieldErrors: {
      name: 'Indtast venligst dit navn',
      email: 'Indtast venligst en gyldig email-adresse',
      phone: 'Indtast venligst et gyldigt dansk telefonnummer (8 cifre)',
      message: 'Skriv venligst en besked',
      consent: 'Du skal give samtykke for at kunne sende beskeden',
    },
    errors: {
      unexpected: 'Der opstod en uventet fejl',
      network: 'Netværksfejl. Kontroller din forbindelse og prøv igen.',
      fallback: 'Der opstod en fejl. Prøv venligst igen eller ring på {phone}.',
    },
  },
  mapHeading: 'Find vej',
  map: {
    title: 'Kort over klinikkens placering',
    show: 'Vis kort',
    notice: 'Kortet hentes fra OpenStreetMap, som dermed modtager din IP-adresse.',
    link: 'Se kortet på openstreetmap.org',
  },
  directionsLabel: 'Få rutevejledning',
  transport: {
    heading: 'Offentlig transport',
    text: 'Klinikken ligger ca. 10 minutters gang fra Aalborg Banegård, og der er flere busstoppesteder i nærheden.',
  },
  parking: {
    heading: 'Parkering',
    text: 'Der er betalingsparkering på gaderne omkring klinikken og i parkeringshuse i nærheden. Beregn gerne lidt ekstra tid til at finde en plads.',
  },
};
