import type { ReactNode } from 'react';
import type { BookingPrivacyTexts } from '../../content/links';
import type { PolicyParagraph } from '../../content/links';
import { fill, ltr } from '../format';
import { useLocale } from '../locale';

/**
 * The privacy policy's section on online booking (content/<lang>/booking.ts), shown only while
 * booking is on. Its paragraphs are the policy's own kind, written by the policy's `paragraph`
 * (the configured mail protection, the limit, the answer's working days); then what the site
 * does with her calendar as configured, naming the provider (isolated in Persian); then, while clients
 * can change their appointment with the link in their confirmation, what that link carries and
 * keeps, and what the reminder a client may ask for keeps and for how long.
 */
export function BookingPrivacySection({
  texts,
  paragraph,
  clientLink,
}: {
  texts: BookingPrivacyTexts;
  paragraph: (p: PolicyParagraph, i: number) => ReactNode;
  /** The client's own link is on: what it carries and keeps is said too. */
  clientLink: boolean;
}) {
  const { lang, settings } = useLocale();
  const { way, provider } = settings.herCalendar;
  // Plain texts are the policy's own kind of paragraph without a kind named.
  const plain = (text: string): PolicyParagraph => ({ type: 'text', text });
  const calendar = plain(fill(texts.calendar[way], { provider: ltr(provider ?? '', lang) }));
  const after = [
    ...texts.closing,
    calendar,
    ...(clientLink ? texts.clientLink : []).map(plain),
    ...texts.clientReminder.map(plain),
  ];
  return (
    <section aria-labelledby="online-booking">
      <h2 id="online-booking">{texts.title}</h2>
      {texts.paragraphs.map((text, i) => paragraph(plain(text), i))}
      <ul>
        {texts.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {after.map((p, i) => paragraph(p, texts.paragraphs.length + i))}
    </section>
  );
}
