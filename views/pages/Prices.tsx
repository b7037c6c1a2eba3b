import { priceGroups, type Price } from '../../content/prices';
import type { PricesTexts } from '../../content/links';
import { ButtonLink } from '../components/ButtonLink';
import { PageHeader } from '../components/PageHeader';
import { fill, localDigits } from '../format';
import { formatPrice } from '../formatPage';
import { useLocale } from '../locale';
import type { PageProps } from '../pageProps';

function PriceRow({ price, texts }: { price: Price; texts: PricesTexts }) {
  const { lang } = useLocale();
  const { label, description, amountNote } = texts.prices[price.id];
  // No amount, or none that can be written: the price's note ("efter aftale" and how).
  const written = price.amount === null ? '' : formatPrice(price.amount, lang);
  const duration =
    price.minutes &&
    fill(price.upTo ? texts.duration.upTo : texts.duration.minutes, { n: localDigits(String(price.minutes), lang) });
  return (
    <li className="price">
      <div className="price__what">
        <h3>{label}</h3>
        {duration && <span className="price__duration">{duration}</span>}
        {description && <p>{description}</p>}
      </div>
      <p className={written ? 'price__amount' : 'price__amount price__amount--note'}>{written || amountNote}</p>
    </li>
  );
}

function TextSection({ id, heading, paragraphs }: { id: string; heading: string; paragraphs: string[] }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  );
}

export function Prices({ texts: pricesPage }: PageProps<PricesTexts>) {
  const [therapy, supervision] = priceGroups;
  const { referral, insurance, cancellation, booking } = pricesPage;
  const { settings } = useLocale();
  return (
    <>
      <PageHeader heading={pricesPage.heading} lead={pricesPage.lead} />
      <div className="section">
        <div className="container">
          {therapy && (
            <section className="price-group" aria-labelledby="prices-therapy">
              <h2 id="prices-therapy">{pricesPage.therapyHeading}</h2>
              <ul className="price-list">
                {therapy.prices.map((p) => (
                  <PriceRow key={p.id} price={p} texts={pricesPage} />
                ))}
              </ul>
              {/* Under the prices it concerns. A link, so it also works without JavaScript;
                  scroll-margin-top keeps 80px above the target. */}
              <a className="button button--secondary button--small" href="#cancellation-section">
                {pricesPage.cancellationButton}
              </a>
            </section>
          )}
          <div className="two-col">
            <TextSection id="referral" heading={referral.heading} paragraphs={referral.paragraphs} />
            <TextSection id="insurance" heading={insurance.heading} paragraphs={insurance.paragraphs} />
          </div>
          {supervision && (
            <section className="price-group" aria-labelledby="prices-supervision">
              <h2 id="prices-supervision">{pricesPage.supervision.heading}</h2>
              {pricesPage.supervision.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
              <ul className="price-list">
                {supervision.prices.map((p) => (
                  <PriceRow key={p.id} price={p} texts={pricesPage} />
                ))}
              </ul>
            </section>
          )}
          <section
            id="cancellation-section"
            className="panel panel--accent"
            aria-labelledby="cancellation"
            tabIndex={-1}
          >
            <h2 id="cancellation">{cancellation.heading}</h2>
            {cancellation.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {settings.clientLink && <p>{cancellation.byLink}</p>}
          </section>
        </div>
      </div>
      <section className="cta-band" aria-labelledby="prices-booking">
        <div className="container">
          <h2 id="prices-booking">{booking.heading}</h2>
          <p>{booking.text}</p>
          <div className="button-row">
            <ButtonLink cta={booking.cta} />
          </div>
        </div>
      </section>
    </>
  );
}
