import { practice } from '../../content/practice';
import { Icon } from '../components/Icon';
import { CrisisLines, PhoneLink } from '../components/PhoneLinks';
import { list, localDigits } from '../format';
import { useLocale } from '../locale';

export function Footer() {
  const { lang, site, href } = useLocale();
  const { footer } = site;
  const { address } = practice;
  return (
    <footer className="site-footer">
      {/* First in the footer, where someone in crisis looks for a number on any page. */}
      <section className="container site-footer__crisis" aria-labelledby="footer-crisis">
        <h2 id="footer-crisis">{site.crisis.heading}</h2>
        <CrisisLines />
      </section>
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{footer.aboutHeading}</h2>
          <p>{site.practice.shortDescription}</p>
          <p className="membership">
            <span className="membership__badge" aria-hidden="true">
              {practice.membershipBadge}
            </span>
            <span>
              {footer.membershipLabel} <strong>{site.practice.membership}</strong>
            </span>
          </p>
        </section>
        <section aria-labelledby="footer-languages">
          <h2 id="footer-languages">{footer.languagesHeading}</h2>
          <p>{`${footer.languagesIntro} ${list(
            practice.languages.map((l) => site.languageNames[l]),
            lang,
          )}`}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{footer.contactHeading}</h2>
          <address>
            {practice.name}
            <br />
            {site.practice.address.street}
            <br />
            {/* Isolated: in Persian text the postal code would otherwise move after the town. */}
            <bdi>
              {address.postalCode} {address.city}
            </bdi>
          </address>
          <ul className="footer-links">
            <li>
              <PhoneLink>
                <Icon shape="phone" size={18} /> {practice.phone}
              </PhoneLink>
            </li>
            <li>
              <a href={`mailto:${practice.email}`} dir="ltr">
                <Icon shape="mail" size={18} /> {practice.email}
              </a>
            </li>
          </ul>
        </section>
      </div>
      <div className="container site-footer__bottom">
        {/* Each part isolated, so that in Persian the name and the CVR number keep their places. */}
        <p>
          {`© ${localDigits(String(new Date().getFullYear()), lang)} `}
          <bdi>{practice.name}</bdi>
          {' · '}
          <bdi>{`${footer.cvrLabel}\u00a0${practice.cvr}`}</bdi>
        </p>
        <a href={href('privacy')}>{footer.privacyLink}</a>
      </div>
    </footer>
  );
}
