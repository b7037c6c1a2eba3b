import type { BookingPrivacyTexts } from '../../content/texts/booking';

/** The privacy policy's section on online booking (content/<lang>/booking.ts), shown only while booking is on. */
export function BookingPrivacySection({ texts }: { texts: BookingPrivacyTexts }) {
  return (
    <section aria-labelledby="online-booking">
      <h2 id="online-booking">{texts.title}</h2>
      {texts.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <ul>
        {texts.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {texts.closing.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  );
}
