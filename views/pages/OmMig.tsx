import { about } from '../../content/pages/about';
import { CtaBand } from '../components/ButtonLink';
import { PageHeader } from '../components/PageHeader';

export function OmMig() {
  return (
    <>
      <PageHeader heading={about.heading} lead={about.lead} />
      <section className="section" aria-label={about.profileLabel}>
        <div className="container prose">
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
              {about.education.map((e) => (
                <li key={e.title}>
                  <span className="timeline__years">{e.years}</span>
                  <strong>{e.title}</strong>
                  <span>{e.place}</span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="experience">
            <h2 id="experience">{about.experienceHeading}</h2>
            <ul className="timeline">
              {about.experience.map((e) => (
                <li key={`${e.role}${e.years}`}>
                  <span className="timeline__years">{e.years}</span>
                  <strong>{e.role}</strong>
                  <span>{e.place}</span>
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
