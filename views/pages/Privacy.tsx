import { privacySections } from '../../content/privacyPolicy';
import type { PolicyParagraph } from '../../content/links';
import type { PrivacyPageTexts } from '../../content/links';
import { BookingPrivacySection } from '../booking/PrivacySection';
import { PracticeContact } from '../components/PracticeContact';
import { fill, formatNumber } from '../format';
import { formatDate } from '../formatPage';
import { useLocale } from '../locale';
import type { PageProps } from '../pageProps';
import { LinkSentence } from '../components/LinkSentence';

export function Privacy({ texts: policy }: PageProps<PrivacyPageTexts>) {
  const { lang, href, settings } = useLocale();
  const minutes = (n: number) =>
    fill(n === 1 ? policy.minutes.one : policy.minutes.other, { n: formatNumber(n, lang) });
  // What the placeholders stand for: the contact and booking limits as the server enforces them, and each section's number.
  const values: Record<string, string> = {
    max: formatNumber(settings.contactLimit.max, lang),
    minutes: minutes(settings.contactLimit.windowMinutes),
    days: formatNumber(settings.bookingAnswerDays, lang),
  };
  if (settings.bookingLimit) {
    values.bookingMax = formatNumber(settings.bookingLimit.max, lang);
    values.bookingMinutes = minutes(settings.bookingLimit.windowMinutes);
  }
  privacySections.forEach((id, i) => {
    values[`${id}Section`] = formatNumber(i + 1, lang);
  });
  // The same text whatever the configuration, the one that says what this server does, or a link.
  const paragraph = (p: PolicyParagraph, i: number) => (
    <p key={i}>
      {'text' in p ? (
        fill(p.text, values)
      ) : 'linkText' in p ? (
        <LinkSentence {...p} href={'url' in p ? p.url : `${href(p.to)}${p.anchor ? `#${p.anchor}` : ''}`} />
      ) : (
        fill(p[settings.mailProtection], values)
      )}
    </p>
  );
  return (
    <>
      <div className="page-header">
        <div className="container">
          <h1 tabIndex={-1}>{policy.heading}</h1>
          <p className="small">
            <time dateTime={policy.updated}>
              {fill(policy.lastUpdated, { date: formatDate(policy.updated, lang, policy.months) })}
            </time>
          </p>
          {policy.languageNote && <p className="notice">{policy.languageNote}</p>}
          <p className="lead">{policy.intro}</p>
        </div>
      </div>
      <div className="section">
        <div className="container prose">
          {privacySections.map((id, i) => {
            const section = policy.sections[id];
            return (
              <section key={id} aria-labelledby={`afsnit-${i + 1}`}>
                <h2 id={`afsnit-${i + 1}`}>
                  {values[`${id}Section`]}. {section.title}
                </h2>
                {section.paragraphs.map(paragraph)}
                {section.items && (
                  <ul>
                    {section.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
                {section.closing?.map(paragraph)}
                {/* The data controller and the contact section name the practice. */}
                {(id === 'controller' || id === 'contact') && <PracticeContact />}
              </section>
            );
          })}
          {/* Only while online booking is on: what a booking request collects and where it goes. */}
          {settings.booking && (
            <BookingPrivacySection texts={policy.booking} paragraph={paragraph} clientLink={settings.clientLink} />
          )}
        </div>
      </div>
    </>
  );
}
