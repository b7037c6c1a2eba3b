import type { Lang } from './languages';

// The practice's facts, the same in every language. The owner replaces these example values
// with the real ones; nothing else in the code base hard-codes them. What is said about them in
// words (the title, the phone hours as a sentence) is in each language's site.ts.

export interface Address {
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166 country code. */
  country: string;
}

export interface PhoneHours {
  /** schema.org day names, for search engines. */
  days: ('Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday')[];
  opens: string;
  closes: string;
}

export interface Practice {
  /** The practice's name, a brand: the same in every language. */
  name: string;
  practitioner: string;
  address: Address;
  /** As shown: '12 34 56 78'. */
  phone: string;
  /** For tel: links, with country code. */
  phoneE164: string;
  email: string;
  cvr: string;
  coordinates: { lat: number; lon: number };
  phoneHours: PhoneHours;
  /** The languages the practice works in. */
  languages: Lang[];
  /** The letters on the footer's round membership badge. */
  membershipBadge: string;
  /** schema.org priceRange. */
  priceRange: string;
  foundedYear: number;
}

export const practice: Practice = {
  name: 'Psykolog Aalborg',
  practitioner: 'Sara Ahmadi',
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
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '11:00',
    closes: '14:00',
  },
  languages: ['da', 'en', 'fa'],
  membershipBadge: 'DP',
  priceRange: '1.200-2.400 kr.',
  foundedYear: 2019,
};
