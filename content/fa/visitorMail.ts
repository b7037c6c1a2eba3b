import type { VisitorMailTexts } from '../texts/visitorMail';

export const visitorMail: VisitorMailTexts = {
  // The practitioner's name in Persian script, as she signs a Persian letter.
  practitioner: 'سارا احمدی',
  confirmedSubject: 'وقت شما: {day}، ساعت {time}',
  declinedSubject: 'پاسخ به درخواست شما',
  greeting: 'سلام {name} عزیز،',
  confirmed: {
    preheader: 'وقت شما در {day}، ساعت {time} تأیید شد.',
    intro: 'از درخواستتان سپاسگزارم. وقت شما را تأیید کردم و از دیدارتان خوشحال می‌شوم.',
    service: 'جلسه',
    time: 'زمان',
    place: 'مکان',
    price: 'هزینه',
    when: '{day}، ساعت {from} تا {to} (به وقت دانمارک)',
    clinic: 'در مطب، {address}',
    online: 'آنلاین، به‌صورت تصویری. لینک تماس تصویری را حداکثر تا یک روز پیش از جلسه برایتان می‌فرستم.',
    onlineRoom: 'آنلاین، به‌صورت تصویری',
    join: 'چند دقیقه پیش از جلسه لینک را روی رایانه یا تلفن خود باز کنید.',
    findWay: 'راه رسیدن به مطب',
    mapLink: 'نقشه و مسیریابی',
    cancellationHeading: 'لغو جلسه',
    deadline: 'اگر نمی‌توانید در جلسه شرکت کنید، لطفاً حداکثر تا {deadline} با پیامک یا تلفن خبر دهید: {phone}.',
    attachment: 'زمان جلسه به‌صورت رویداد تقویم پیوست شده است (برای تقویم اپل و Outlook).',
    addTo: 'افزودن به تقویم آنلاین:',
    google: 'تقویم گوگل',
    outlook: 'Outlook',
  },
  declined: {
    intro: 'از درخواستتان سپاسگزارم. متأسفانه نمی‌توانم وقتی را که خواسته بودید به شما بدهم: {when}.',
    nearest: 'این وقت‌ها هم‌اکنون آزادند. یکی از آن‌ها را در وب‌سایت انتخاب کنید و درخواست تازه‌ای بفرستید:',
    noneNearest: 'وقت‌های آزاد مرا در وب‌سایت ببینید:',
    phone: 'همچنین می‌توانید با شماره‌ی {phone} با من تماس بگیرید تا با هم وقتی پیدا کنیم.',
  },
  cancelled: {
    subject: 'وقت شما در {day}، ساعت {time} لغو شد',
    intro: 'وقت شما در {when} لغو شد و دیگر برایتان رزرو نیست.',
    rebook: 'اگر وقت تازه‌ای می‌خواهید، با شماره‌ی {phone} با من تماس بگیرید یا در وب‌سایت درخواست تازه‌ای بفرستید:',
  },
  closing: 'با احترام،',
  event: {
    file: 'appointment.ics',
    summary: 'وقت ملاقات – {practitioner}',
    online: 'آنلاین (تصویری)',
    description: 'برای لغو یا تغییر: تماس بگیرید یا پیامک بفرستید به {phone}.',
    onlineNote: 'لینک تماس تصویری حداکثر تا یک روز پیش از جلسه با ایمیل می‌آید.',
  },
};
