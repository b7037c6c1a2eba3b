import type { ByMailProtection, FormTexts } from './common';

export type ContactField = 'name' | 'email' | 'phone' | 'message' | 'consent';

/** Every text of the contact form itself; the server's replies are in server.ts. '{phone}' is the practice's number. */
/** The required-fields note, the consent (linking to the privacy policy) and the honeypot come from FormTexts. */
export interface ContactFormTexts extends FormTexts {
  /** Above the fields: what to write, and when the practice answers (gone once the message is sent). */
  intro: string;
  /** How the message reaches the practice, as the server is configured: said under the intro. */
  delivery: ByMailProtection;
  labels: { name: string; email: string; phone: string; message: string };
  phoneHint: string;
  submit: string;
  submitting: string;
  /** The thank-you card: the spec's heading and text, then when the answer comes and what to do if it cannot wait. */
  success: { heading: string; text: string; next: string };
  /** Under each field, when its rule is broken. */
  fieldErrors: Record<ContactField, string>;
  /** Shown in the form's alert region when the browser cannot get an answer it understands. */
  errors: { unexpected: string; network: string; fallback: string };
}

export interface ContactTexts {
  heading: string;
  lead: string;
  detailsHeading: string;
  phoneLabel: string;
  emailLabel: string;
  phoneHoursHeading: string;
  phoneHoursNote: string;
  addressHeading: string;
  languagesHeading: string;
  servicesHeading: string;
  services: string[];
  formHeading: string;
  /** In the box above the form, before the crisis lines (the site's texts): the form is not for emergencies. */
  crisisNote: string;
  form: ContactFormTexts;
  mapHeading: string;
  /** The box that stands in for the map until the visitor asks for it. */
  map: { title: string; show: string; notice: string; link: string };
  directionsLabel: string;
  transport: { heading: string; text: string };
  parking: { heading: string; text: string };
}
