import type { IconName } from '../../content/therapyAreas';
import type { HomeTexts } from '../../content/texts/home';
import { ButtonLink } from '../components/ButtonLink';
import { Icon } from '../components/Icon';
import { PhoneLink } from '../components/PhoneLinks';
import { phoneHours } from '../format';
import { images } from '../images/manifest';
import { Picture } from '../images/Picture';
import { useLocale } from '../locale';
import type { PageProps } from '../pageProps';

/** The trust badges' icons, in the badges' order: authorisation, languages, confidentiality. */
const badgeIcons: IconName[] = ['award', 'globe', 'shield'];

export function Home({ texts: home }: PageProps<HomeTexts>) {
  const { lang, site } = useLocale();
  const { hero, contactCard, quote, trustBadges, safeSpace, role, testimonials } = home;
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div>
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1 tabIndex={-1}>{hero.heading}</h1>
            <p className="lead">{hero.lead}</p>
            <div className="button-row">
              <ButtonLink cta={hero.primary} />
              <ButtonLink cta={hero.secondary} variant="secondary" />
            </div>
          </div>
          <aside className="hero__card" aria-labelledby="hero-card">
            {!!process.env.SITE_IMAGES && images.portrait && (
              <Picture
                picture={images.portrait}
                alt={site.practice.portrait}
                sizes="(min-width: 960px) 23rem, 20rem"
                className="portrait hero__portrait"
                first
              />
            )}
            <h2 id="hero-card" className="h3">
              {contactCard.heading}
            </h2>
            <ul className="icon-list">
              <li>
                <Icon shape="phone" size={20} />
                <PhoneLink />
              </li>
              <li>
                <Icon shape="clock" size={20} />
                <span>
                  {contactCard.phoneHoursLabel}
                  <br />
                  {phoneHours(site.practice.phoneHours, lang)}
                </span>
              </li>
              <li>
                <Icon shape="map-pin" size={20} />
                <span>{site.practice.address.oneLine}</span>
              </li>
              <li>
                <Icon shape="globe" size={20} />
                <span>{contactCard.placesText}</span>
              </li>
            </ul>
          </aside>
        </div>
      </section>

      <section className="section" aria-label={quote.label}>
        <figure className="container quote">
          <Icon shape="quote" size={32} className="quote__mark" />
          <blockquote>
            <p>{quote.text}</p>
          </blockquote>
          <figcaption>{quote.source}</figcaption>
        </figure>
      </section>

      <section className="section section--tinted" aria-label={home.trustBadgesLabel}>
        <ul className="container badges">
          {trustBadges.map((badge, i) => (
            <li key={badge.title} className="badge">
              <Icon shape={badgeIcons[i] ?? 'award'} size={28} className="badge__icon" />
              <h2 className="badge__title">{badge.title}</h2>
              <p>{badge.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="safe-space">
        <div className="container two-col">
          <div>
            <h2 id="safe-space">{safeSpace.heading}</h2>
            {safeSpace.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <div className="panel">
            <h2 className="h3">{role.heading}</h2>
            <p>{role.intro}</p>
            <ul className="check-list">
              {role.points.map((point) => (
                <li key={point}>
                  <Icon shape="check" size={20} />
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="testimonials">
        <div className="container">
          <h2 id="testimonials">{testimonials.heading}</h2>
          <p className="section__intro">{testimonials.intro}</p>
          <ul className="testimonials">
            {testimonials.items.map((t) => (
              <li key={t.text}>
                <figure className="testimonial">
                  <blockquote>
                    <p>{t.text}</p>
                  </blockquote>
                  <figcaption>
                    <span className="testimonial__author">{t.author}</span>
                    <span className="tag">{t.treatment}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
