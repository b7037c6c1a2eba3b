import type { ReactNode } from 'react';
import type { BookingPrivacyTexts } from '../../content/links';
import type { PolicyParagraph } from '../../content/links';

/**
 * The privacy policy's section on online booking (content/<lang>/booking.ts), shown only while
 * booking is on. Its paragraphs are the policy's own kind, written by the policy's `paragraph`
 * (the configured mail protection, the limit, the answer's working days).
 */
export function BookingPrivacySection({
  texts,
  paragraph,
}: {
  texts: BookingPrivacyTexts;
  paragraph: (p: PolicyParagraph, i: number) => ReactNode;
}) {
  return (
    <section aria-labelledby="online-booking">
      <h2 id="online-booking">{texts.title}</h2>
      {texts.paragraphs.map((text, i) => paragraph({ type: 'text', text }, i))}
      <ul>
        {texts.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {texts.closing.map((p, i) => paragraph(p, texts.paragraphs.length + i))}
    </section>
  );
}
