import type { FormTexts } from '../texts/common';

// The contact form's and the booking form's common words (content/texts/common.ts).
export const form: FormTexts = {
  requiredNote: 'پر کردن فیلدهای ستاره‌دار (*) الزامی است.',
  consent: {
    before: 'رضایت می‌دهم که اطلاعاتم طبق ',
    linkText: 'سیاست حفظ حریم خصوصی',
    after: ' پردازش شود. هر زمان بخواهم، می‌توانم رضایتم را پس بگیرم. *',
  },
  honeypotLabel: 'این فیلد را خالی بگذارید',
};
