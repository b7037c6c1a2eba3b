import { education, experience } from '../../content/career';
import type { AboutTexts } from '../../content/links';
import { CtaBand } from '../components/ButtonLink';
import { formatYears } from '../formatPage';
import { images } from '../images/manifest';
import { Picture } from '../images/Picture';
import { useLocale } from '../locale';
import type { PageProps } from '../pageProps';

/** The header's credentials: the degree (where), the authorisation (when), then the membership. */
const credentials = education.filter(({ id }) => id === 'candpsych' || id === 'authorisation');

export function About({ texts: about }: PageProps<AboutTexts>) {
  const { lang, site } = useLocale();
  return (
    <>
      {/* A profile header: her name as the heading, beside her portrait (on phones a small one,
          so that her face and name share the first screen), then her credentials and the lead;
          one left edge for the heading, the lead and the text below. */}
      <div className="page-header profile">
        <div className="container profile__inner">
          <div className="profile__who">
            <p className="eyebrow">{about.heading}</p>
            <h1 tabIndex={-1}>{site.practice.practitioner}</h1>
          </div>
          {!!process.env.SITE_IMAGES && images.portrait && (
            <Picture
              picture={images.portrait}
              alt={site.practice.portrait}
              sizes="(min-width: 900px) 24rem, 7.5rem"
              className="portrait profile__portrait"
              first
            />
          )}
          <div className="profile__more">
            <ul className="profile__credentials">
              {credentials.map(({ id, years }) => (
                <li key={id}>
                  {about.education[id].title} ·{' '}
                  {id === 'authorisation' ? formatYears(years, lang, about.now) : about.education[id].place}
                </li>
              ))}
              <li>
                {site.footer.membershipLabel} {site.practice.membership}
              </li>
            </ul>
            <p className="lead">{about.lead}</p>
          </div>
        </div>
      </div>
      <section className="section" aria-label={about.profileLabel}>
        <div className="container">
          <div className="prose">
            {about.profile.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
      </section>
      <div className="section section--tinted">
        <div className="container two-col">
          <section aria-labelledby="education">
            <h2 id="education">{about.educationHeading}</h2>
            <ul className="timeline">
              {education.map(({ id, years }) => (
                <li key={id}>
                  <span className="timeline__years">{formatYears(years, lang, about.now)}</span>
                  <strong>{about.education[id].title}</strong>
                  <span>{about.education[id].place}</span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="experience">
            <h2 id="experience">{about.experienceHeading}</h2>
            <ul className="timeline">
              {experience.map(({ id, years }) => (
                <li key={id}>
                  <span className="timeline__years">{formatYears(years, lang, about.now)}</span>
                  <strong>{about.experience[id].role}</strong>
                  <span>{about.experience[id].place}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
      <CtaBand {...about.cta} />
    </>
  );
}
