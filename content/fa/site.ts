import { crisisLinesIn } from '../crisis';
import { practice } from '../practice';
import type { SiteTexts } from '../texts/site';

const { street, postalCode, city } = practice.address;

export const site: SiteTexts = {
  skipLink: 'رفتن به محتوای اصلی',
  navLabel: 'منوی اصلی',
  languageNavLabel: 'زبان',
  menuButton: 'منو',
  logoLabel: 'رفتن به صفحه‌ی اصلی',
  nav: {
    home: 'خانه',
    about: 'درباره‌ی من',
    therapy: 'درمان',
    prices: 'هزینه‌ها',
    booking: 'رزرو جلسه',
    contact: 'تماس',
  },
  titles: {
    home: 'روان‌شناس فارسی‌زبان در آلبورگ – درمان برای فرد، زوج و خانواده',
    about: 'درباره‌ی من | Psykolog Aalborg',
    therapy: 'درمان | Psykolog Aalborg',
    prices: 'هزینه‌ها | Psykolog Aalborg',
    booking: 'رزرو جلسه | Psykolog Aalborg',
    contact: 'تماس | Psykolog Aalborg',
    privacy: 'سیاست حفظ حریم خصوصی | Psykolog Aalborg',
  },
  practice: {
    // Her name in Persian script, as she signs a Persian letter.
    practitioner: 'سارا احمدی',
    title: 'روان‌شناس دارای مجوز رسمی',
    shortDescription:
      'روان‌شناس دارای مجوز رسمی در آلبورگ. درمان برای بزرگسالان، زوج‌ها، خانواده‌ها و کودکان – حضوری در مطب یا آنلاین، به زبان دانمارکی، انگلیسی و فارسی.',
    phoneHours: 'دوشنبه تا جمعه، ساعت {opens} تا {closes}',
    membership: 'انجمن روان‌شناسان دانمارک \u2066(Dansk Psykolog Forening)\u2069',
    portrait: 'سارا احمدی، روان‌شناس دارای مجوز، با لبخندی آرام در اتاق روشن مشاوره‌ی مطب',
    photos: {
      entrance: 'ورودی از خیابان: دری سفید با تابلوی مطب و پله‌هایی که به طبقه‌ی دوم می‌رسند',
      room: 'اتاق مشاوره: دو مبل راحتی روبه‌روی هم کنار پنجره، یک میز کوچک و یک گیاه',
    },
    // Persian separates with its own comma; the postal code and town isolated, so that they keep their order.
    address: {
      street: `${street}، طبقه‌ی دوم`,
      oneLine: `${street}، طبقه‌ی دوم، \u2066${postalCode}\u00a0${city}\u2069`,
    },
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
    cvrLabel: 'شماره‌ی CVR',
  },
  crisis: {
    heading: 'همین حالا به کمک نیاز دارید؟',
    lines: crisisLinesIn({
      emergency: 'اگر شما یا کس دیگری در خطر فوری هستید، با {phone} تماس بگیرید.',
      psychiatry:
        'مرکز تلفن شبانه‌روزی روان‌پزشکی شمال یوتلند (\u2066Psykiatriens Information\u2069) شما را به اورژانس روان‌پزشکی وصل می‌کند: {phone}.',
      livslinien: 'Livslinien، خط پیشگیری از خودکشی: {phone}. این خط شبانه‌روزی نیست و به زبان دانمارکی مشاوره می‌دهد.',
      laegevagt:
        'خارج از ساعت کاری پزشک خانواده‌تان می‌توانید با پزشک کشیک (\u2066Lægevagten\u2069) به شماره‌ی {phone} تماس بگیرید.',
    }),
  },
  notFound: 'این صفحه وجود ندارد. به جای آن، صفحه‌ی اصلی را می‌بینید.',
};
