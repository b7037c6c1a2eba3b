// The practice's facts. The owner replaces these example values with the real ones;
// nothing else in the code base hard-codes them.

export interface Address {
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface PhoneHours {
  /** Shown to visitors, e.g. 'Mandag-fredag kl. 11:00-14:00'. */
  label: string;
  /** schema.org day names, for search engines. */
  days: ('Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday')[];
  opens: string;
  closes: string;
}

export interface Language {
  /** ISO 639-1 code. */
  code: string;
  /** The name in Danish, lower case as written mid-sentence. */
  name: string;
}

export interface Practice {
  name: string;
  practitioner: string;
  title: string;
  shortDescription: string;
  address: Address;
  /** As shown: '12 34 56 78'. */
  phone: string;
  /** For tel: links, with country code. */
  phoneE164: string;
  email: string;
  cvr: string;
  coordinates: { lat: number; lon: number };
  phoneHours: PhoneHours;
  languages: Language[];
  membership: string;
  /** The letters on the footer's round membership badge. */
  membershipBadge: string;
  /** schema.org priceRange. */
  priceRange: string;
  foundedYear: number;
}

export const practice: Practice = {
  name: 'Psykolog Aalborg',
  practitioner: 'Sara Ahmadi',
  title: 'Autoriseret psykolog',
  shortDescription:
    'Autoriseret psykolog i Aalborg. Terapi for voksne, par, familier og børn – i klinikken eller online, på dansk, engelsk og persisk.',
  address: {
    street: 'Boulevarden 12, 2. sal',
    postalCode: '9000',
    city: 'Aalborg',
    country: 'DK',
  },
  phone: '12 34 56 78',
  phoneE164: '+4512345678',
  email: 'kontakt@example.dk',
  cvr: '12345678',
  coordinates: { lat: 57.0471, lon: 9.9217 },
  phoneHours: {
    label: 'Mandag-fredag kl. 11:00-14:00',
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '11:00',
    closes: '14:00',
  },
  languages: [
    { code: 'da', name: 'dansk' },
    { code: 'en', name: 'engelsk' },
    { code: 'fa', name: 'persisk' },
  ],
  membership: 'Dansk Psykolog Forening',
  membershipBadge: 'DP',
  priceRange: '1.200-2.400 kr.',
  foundedYear: 2019,
};
