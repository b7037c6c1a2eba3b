import { privacyPolicyUpdated } from '../../content/privacyPolicy';
import type { PrivacyPageTexts } from '../../content/translations';
import { BookingPrivacySection } from '../booking/PrivacySection';
import { PracticeContact } from '../components/PracticeContact';
import { fill, formatDate } from '../format';
import { useLocale } from '../locale';
import type { PageProps } from '../routes';

export function Privacy({ texts: privacyPolicy }: PageProps<PrivacyPageTexts>) {
  const { lang, settings } = useLocale();
  const last = privacyPolicy.sections.length - 1;
  return (
    <>
      <div className="page-header">
        <div className="container">
          <h1 tabIndex={-1}>{privacyPolicy.heading}</h1>
          <p className="small">
            <time dateTime={privacyPolicyUpdated}>{fill(privacyPolicy.lastUpdated, { date: formatDate(privacyPolicyUpdated, lang, privacyPolicy.months) })}</time>
          </p>
          {privacyPolicy.languageNote && <p className="notice">{privacyPolicy.languageNote}</p>}
          <p className="lead">{privacyPolicy.intro}</p>
        </div>
      </div>
      <div className="section">
        <div className="container prose">
          {privacyPolicy.sections.map((section, i) => (
            <section key={section.title} aria-labelledby={`afsnit-${i + 1}`}>
              <h2 id={`afsnit-${i + 1}`}>
                {i + 1}. {section.title}
              </h2>
              {section.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {section.items && (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {section.closing?.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {/* The data controller (first) and the contact section (last) name the practice. */}
              {(i === 0 || i === last) && <PracticeContact />}
            </section>
          ))}
          {settings.booking && <BookingPrivacySection texts={privacyPolicy.booking} />}
        </div>
      </div>
    </>
  );
}
