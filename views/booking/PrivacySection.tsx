import type { ReactNode } from 'react';
import type { BookingPrivacyTexts } from '../../content/texts/booking';
import type { PolicyParagraph } from '../../content/texts/policyParagraph';
import { fill, ltr } from '../format';
import { useLocale } from '../locale';

/**
 * The privacy policy's section on online booking (content/<lang>/booking.ts), shown only while
 * booking is on. Its paragraphs are the policy's own kind, written by the policy's `paragraph`
 * (the configured mail protection, the limit, the answer's working days); the last says what the
 * site does with her calendar as configured, naming the provider (isolated in Persian).
 */
export function BookingPrivacySection({
  texts,
  paragraph,
}: {
  texts: BookingPrivacyTexts;
  paragraph: (p: PolicyParagraph, i: number) => ReactNode;
}) {
  const { lang, settings } = useLocale();
  const { herCalendar } = settings;
  return (
    <section aria-labelledby="online-booking">
      <h2 id="online-booking">{texts.title}</h2>
      {texts.paragraphs.map(paragraph)}
      <ul>
        {texts.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {texts.closing.map((p, i) => paragraph(p, texts.paragraphs.length + i))}
      <p>{fill(texts.calendar[herCalendar.way], { provider: ltr(herCalendar.provider ?? '', lang) })}</p>
    </section>
  );
}
