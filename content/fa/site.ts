import type { SiteTexts } from '../texts/site';

export const site: SiteTexts = {
  skipLink: 'رفتن به محتوای اصلی',
  navLabel: 'منوی اصلی',
  languageNavLabel: 'زبان',
  menuButton: 'منو',
  logoLabel: 'رفتن به صفحه‌ی اصلی',
  nav: {
    home: 'خانه',
    about: 'درباره من',
    therapy: 'درمان',
    prices: 'هزینه‌ها',
    booking: 'رزرو جلسه',
    contact: 'تماس',
  },
  titles: {
    home: 'روان‌شناس فارسی‌زبان در آلبورگ – درمان برای فرد، زوج و خانواده',
    about: 'درباره من | Psykolog Aalborg',
    therapy: 'درمان | Psykolog Aalborg',
    prices: 'هزینه‌ها | Psykolog Aalborg',
    booking: 'رزرو جلسه | Psykolog Aalborg',
    contact: 'تماس | Psykolog Aalborg',
    privacy: 'سیاست حفظ حریم خصوصی | Psykolog Aalborg',
  },
  practice: {
    title: 'روان‌شناس دارای مجوز رسمی',
    shortDescription:
      'روان‌شناس دارای مجوز رسمی در آلبورگ. درمان برای بزرگسالان، زوج‌ها، خانواده‌ها و کودکان – حضوری در مطب یا آنلاین، به زبان دانمارکی، انگلیسی و فارسی.',
    phoneHours: 'دوشنبه تا جمعه، ساعت {opens} تا {closes}',
    membership: 'انجمن روان‌شناسان دانمارک \u2066(Dansk Psykolog Forening)\u2069',
  },
  languageNames: { da: 'دانمارکی', en: 'انگلیسی', fa: 'فارسی' },
  opensNewWindow: '(در پنجره‌ی تازه باز می‌شود)',
  footer: {
    aboutHeading: 'درباره‌ی مطب',
    languagesHeading: 'زبان‌ها',
    languagesIntro: 'جلسه‌ها به زبان',
    contactHeading: 'تماس',
    membershipLabel: 'عضو',
    privacyLink: 'سیاست حفظ حریم خصوصی',
    cvrLabel: 'CVR',
  },
  notFound: 'این صفحه وجود ندارد. به جای آن، صفحه‌ی اصلی را می‌بینید.',
};
