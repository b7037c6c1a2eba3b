import type { AboutTexts } from '../../content/links';
import { CtaBand } from '../components/ButtonLink';
import { formatYears } from '../formatPage';
import { images } from '../images/manifest';
import { Picture } from '../images/Picture';
import { useLocale } from '../locale';
import type { PageProps } from '../pageProps';

export function About({ texts: about }: PageProps<AboutTexts>) {
  const { lang, site } = useLocale();
  // The header's credentials, those she marks: a degree with its place, one year's (the authorisation) with its year; then the membership.
  const credentials = about.education.filter((course) => course.credential);
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
              {credentials.map((course) => (
                <li key={course.title}>
                  {course.title} · {course.to === undefined ? formatYears(course, lang, about.now) : course.place}
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
              {about.education.map((course) => (
                <li key={course.title}>
                  <span className="timeline__years">{formatYears(course, lang, about.now)}</span>
                  <strong>{course.title}</strong>
                  <span>{course.place}</span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="experience">
            <h2 id="experience">{about.experienceHeading}</h2>
            <ul className="timeline">
              {about.experience.map((job) => (
                <li key={job.role}>
                  <span className="timeline__years">
                    {formatYears({ from: job.from, to: job.to ?? null }, lang, about.now)}
                  </span>
                  <strong>{job.role}</strong>
                  <span>{job.place}</span>
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
