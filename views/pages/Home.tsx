import { priceById } from '../../content/prices';
import type { IconName } from '../../content/choices';
import type { HomeTexts } from '../../content/links';
import { ButtonLink } from '../components/ButtonLink';
import { Icon } from '../components/Icon';
import { PhoneLink } from '../components/PhoneLinks';
import { fill, localDigits, phoneHours } from '../format';
import { formatPrice } from '../formatPage';
import { images } from '../images/manifest';
import { ClinicPhotos, Picture } from '../images/Picture';
import { useLocale } from '../locale';
import type { PageProps } from '../pageProps';

/** The trust badges' icons, in the badges' order: authorisation, languages, confidentiality. */
const badgeIcons: IconName[] = ['award', 'globe', 'shield'];

export function Home({ texts: home }: PageProps<HomeTexts>) {
  const { lang, site, href } = useLocale();
  const { hero, contactCard: card, quote, trustBadges, safeSpace, role, testimonials } = home;
  // How to get in touch: beside the promise, or under it when her portrait stands there.
  const contactCard = (
    <aside className="hero__card" aria-labelledby="hero-card">
      <h2 id="hero-card" className="h3">
        {card.heading}
      </h2>
      <ul className="icon-list">
        <li>
          <Icon shape="phone" size={20} />
          <PhoneLink />
        </li>
        <li>
          <Icon shape="clock" size={20} />
          <span>
            {card.phoneHoursLabel}
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
          <span>{card.placesText}</span>
        </li>
      </ul>
    </aside>
  );
  const individual = priceById('individuel');
  return (
    <>
      {/* The first screen answers who, with what, what it costs and how to book. With her
          portrait: her face and name first (on wide screens beside the promise), the contact card
          the next section; without one, the card beside the promise (no empty frame). */}
      <section className={process.env.SITE_IMAGES && images.portrait ? 'hero hero--portrait' : 'hero'}>
        <div className="container hero__inner">
          {process.env.SITE_IMAGES && images.portrait && (
            <figure className="hero__figure">
              <Picture
                picture={images.portrait}
                alt={site.practice.portrait}
                sizes="(min-width: 960px) 25rem, 6rem"
                className="portrait hero__portrait"
                first
              />
              <figcaption className="hero__name">
                <strong>{site.practice.practitioner}</strong> {site.practice.title}
              </figcaption>
            </figure>
          )}
          <div className="hero__text">
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1 tabIndex={-1}>{hero.heading}</h1>
            <p className="lead">{hero.lead}</p>
            <p id="hero-areas" className="hero__label">
              {hero.areasLabel}
            </p>
            {/* Each area a link to its card on the therapy page, in the order content gives them. */}
            <ul className="tag-list hero__areas" aria-labelledby="hero-areas">
              {Object.entries(hero.areas).map(([id, name]) => (
                <li key={id}>
                  <a className="tag" href={`${href('therapy')}#${id}`}>
                    {name}
                  </a>
                </li>
              ))}
            </ul>
            {individual?.amount ? (
              <p className="hero__price">
                {fill(hero.price, {
                  price: formatPrice(individual.amount, lang),
                  minutes: localDigits(String(individual.minutes), lang),
                })}{' '}
                · <a href={href(hero.prices.to)}>{hero.prices.label}</a>
              </p>
            ) : null}
            <div className="button-row">
              <ButtonLink cta={hero.primary} />
              <ButtonLink cta={hero.secondary} variant="secondary" />
            </div>
          </div>
          {!(process.env.SITE_IMAGES && images.portrait) && contactCard}
        </div>
      </section>
      {process.env.SITE_IMAGES && images.portrait && (
        <div className="section section--card">
          <div className="container">{contactCard}</div>
        </div>
      )}

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
            {!!process.env.SITE_IMAGES && (
              <ClinicPhotos page="home" sizes="(min-width: 72rem) 33rem, (min-width: 900px) 45vw, 100vw" />
            )}
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
