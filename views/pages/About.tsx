import { education, experience } from '../../content/career';
import type { AboutTexts } from '../../content/texts/about';
import { CtaBand } from '../components/ButtonLink';
import { PageHeader } from '../components/PageHeader';
import { formatYears } from '../formatPage';
import { images } from '../images/manifest';
import { Picture } from '../images/Picture';
import { useLocale } from '../locale';
import type { PageProps } from '../pageProps';

export function About({ texts: about }: PageProps<AboutTexts>) {
  const { lang, site } = useLocale();
  return (
    <>
      <PageHeader heading={about.heading} lead={about.lead} />
      <section className="section" aria-label={about.profileLabel}>
        <div className="container prose">
          {!!process.env.SITE_IMAGES && images.portrait && (
            <Picture
              picture={images.portrait}
              alt={site.practice.portrait}
              sizes="16rem"
              className="portrait about__portrait"
              first
            />
          )}
          {about.profile.map((p) => (
            <p key={p}>{p}</p>
          ))}
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
