// Texts of the frame around every page: header, navigation, footer and shared labels.

export interface NavItem {
  path: string;
  label: string;
}

export const nav: NavItem[] = [
  { path: '/', label: 'Hjem' },
  { path: '/om-mig', label: 'Om mig' },
  { path: '/terapi', label: 'Terapi' },
  { path: '/priser', label: 'Priser' },
  { path: '/booking', label: 'Book samtale' },
  { path: '/kontakt', label: 'Kontakt' },
];

export const site = {
  skipLink: 'Gå til indhold',
  navLabel: 'Hovedmenu',
  menuButton: 'Menu',
  logoLabel: 'til forsiden',
  footer: {
    aboutHeading: 'Om praksis',
    languagesHeading: 'Sprog',
    languagesIntro: 'Samtaler på',
    contactHeading: 'Kontakt',
    membershipLabel: 'Medlem af',
    privacyLink: 'Persondatapolitik',
    cvrLabel: 'CVR',
  },
  notFound: {
    /** Shown above the home page when a path does not exist. */
    text: 'Siden findes ikke. Her er forsiden i stedet.',
  },
};
