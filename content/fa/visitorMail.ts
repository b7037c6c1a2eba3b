import type { VisitorMailTexts } from '../texts/visitorMail';

export const visitorMail: VisitorMailTexts = {
  confirmedSubject: 'قرار شما: {day}، ساعت {time}',
  declinedSubject: 'پاسخ به درخواست شما',
  greeting: '{name} عزیز،',
  confirmed: {
    intro: 'از درخواست شما سپاسگزارم. وقت شما را تأیید کردم و از دیدارتان خوشحال می‌شوم.',
    service: 'جلسه',
    time: 'زمان',
    place: 'مکان',
    price: 'هزینه',
    when: '{day}، ساعت {from} تا {to} (به وقت دانمارک)',
    clinic: 'در مطب، {address}',
    online: 'آنلاین، به‌صورت تصویری. پیش از جلسه لینک تماس تصویری را برایتان می‌فرستم.',
    findWay: 'چگونه به مطب برسید',
    mapLink: 'نقشه و مسیریابی',
    cancellationHeading: 'لغو جلسه',
    deadline: 'اگر نمی‌توانید بیایید، لطفاً تا {deadline} با پیامک یا تلفن جلسه را لغو کنید: {phone}.',
    attachment: 'زمان جلسه به‌صورت رویداد تقویم پیوست شده است تا بتوانید آن را به تقویم خود اضافه کنید.',
  },
  declined: {
    intro: 'از درخواست شما سپاسگزارم. متأسفانه نمی‌توانم وقتی را که خواسته بودید به شما بدهم: {when}.',
    message: 'پیامی از من:',
    nearest: 'این وقت‌ها هم‌اکنون آزادند. یکی از آن‌ها را در وب‌سایت انتخاب کنید تا برایتان نگهش دارم:',
    noneNearest: 'وقت‌های آزاد مرا در وب‌سایت ببینید:',
    phone: 'همچنین می‌توانید با شماره‌ی {phone} با من تماس بگیرید تا با هم وقتی پیدا کنیم.',
  },
  closing: 'با احترام،',
  event: {
    file: 'appointment.ics',
    summary: 'قرار ملاقات',
    online: 'آنلاین (تصویری)',
    description: 'برای لغو یا تغییر: تماس بگیرید یا پیامک بفرستید به {phone}.',
  },
};
