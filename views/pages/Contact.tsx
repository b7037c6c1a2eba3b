import { practice } from '../../content/practice';
import type { ContactTexts } from '../../content/links';
import { ClinicMap } from '../components/ClinicMap';
import { Icon } from '../components/Icon';
import { CrisisLines, PhoneLink } from '../components/PhoneLinks';
import { ContactForm } from '../contact/ContactForm';
import type { ContactPageData } from '../contact/state';
import { list, phoneHours } from '../format';
import { ClinicPhotos } from '../images/Picture';
import { useLocale } from '../locale';
import { directionsUrl } from '../map';
import type { PageProps } from '../pageProps';

export function Contact({ texts: c, data }: PageProps<ContactTexts, ContactPageData>) {
  const { lang, site } = useLocale();
  const { address } = practice;
  return (
    <>
      {/* <PageHeader>'s markup, written out: as a module of its own it would be one more file
          for this page, which its JavaScript budget has no room for. */}
      <div className="page-header">
        <div className="container">
          <h1 tabIndex={-1}>{c.heading}</h1>
          <p className="lead">{c.lead}</p>
        </div>
      </div>
      <div className="section">
        <div className="container contact-grid">
          <div className="contact-info">
            <section className="panel" aria-labelledby="details">
              <h2 id="details">{c.detailsHeading}</h2>
              <ul className="icon-list">
                <li>
                  <Icon shape="phone" size={20} />
                  <span>
                    {c.phoneLabel}: <PhoneLink />
                  </span>
                </li>
                <li>
                  <Icon shape="mail" size={20} />
                  <span>
                    {/* The space as an entity: one text node less in the script, which has no byte to spare. */}
                    {c.emailLabel}:&#32;
                    <a href={`mailto:${practice.email}`} dir="ltr">
                      {practice.email}
                    </a>
                  </span>
                </li>
              </ul>
              <h3>{c.phoneHoursHeading}</h3>
              <p className="icon-line">
                <Icon shape="clock" size={20} />
                {phoneHours(site.practice.phoneHours, lang)}
              </p>
              <p className="small">{c.phoneHoursNote}</p>
              <h3>{c.addressHeading}</h3>
              <address className="icon-line">
                <Icon shape="map-pin" size={20} />
                <span>
                  {site.practice.address.street}
                  <br />
                  {/* Isolated: in Persian text the postal code would otherwise move after the town. */}
                  <bdi>
                    {address.postalCode} {address.city}
                  </bdi>
                </span>
              </address>
              {/* The way in right under the address: on a phone long before the form ends. */}
              {!!process.env.SITE_IMAGES && (
                <ClinicPhotos page="contact" sizes="(min-width: 72rem) 25rem, (min-width: 960px) 36vw, 100vw" />
              )}
              <h3>{c.languagesHeading}</h3>
              <p>
                {list(
                  practice.languages.map((l) => site.languageNames[l]),
                  lang,
                )}
              </p>
              <h3>{c.servicesHeading}</h3>
              <ul className="tag-list">
                {c.services.map((s) => (
                  <li key={s} className="tag">
                    {s}
                  </li>
                ))}
              </ul>
            </section>
          </div>
          <section className="panel contact-form-panel" aria-labelledby="form-heading">
            <h2 id="form-heading">{c.formHeading}</h2>
            {/* Before the form, where someone who cannot wait for an answer sees it first. */}
            <div className="crisis-box">
              <h3>{site.crisis.heading}</h3>
              <p>{c.crisisNote}</p>
              <CrisisLines />
            </div>
            {/* Keyed by the address's state: from the thank-you card to /kontakt, a fresh form. */}
            <ContactForm key={data?.contact?.status} texts={c.form} seed={data?.contact} />
          </section>
        </div>
      </div>
      <section className="section section--tinted" aria-labelledby="map-heading">
        <div className="container">
          <h2 id="map-heading">{c.mapHeading}</h2>
          <div className="map-grid">
            <ClinicMap place={site.practice.address.oneLine} coordinates={practice.coordinates} texts={c.map} />
            <div>
              <p>
                <a
                  className="button button--secondary"
                  href={directionsUrl(practice.address)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {c.directionsLabel}
                  <Icon shape="external" size={18} />
                  <span className="visually-hidden"> {site.opensNewWindow}</span>
                </a>
              </p>
              <h3 className="icon-line">
                <Icon shape="train" size={20} />
                {c.transport.heading}
              </h3>
              <p>{c.transport.text}</p>
              <h3 className="icon-line">
                <Icon shape="car" size={20} />
                {c.parking.heading}
              </h3>
              <p>{c.parking.text}</p>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
