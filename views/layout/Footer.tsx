import { practice } from '../../content/practice';
import { site } from '../../content/site';
import { Icon } from '../components/Icon';

export function Footer() {
  const { footer } = site;
  const { address } = practice;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{footer.aboutHeading}</h2>
          <p>{practice.shortDescription}</p>
          <p className="membership">
            <span className="membership__badge" aria-hidden="true">
              {practice.membershipBadge}
            </span>
            <span>
              {footer.membershipLabel} <strong>{practice.membership}</strong>
            </span>
          </p>
        </section>
        <section aria-labelledby="footer-languages">
          <h2 id="footer-languages">{footer.languagesHeading}</h2>
          <p>{`${footer.languagesIntro} ${practice.languages.map((l) => l.name).join(', ')}`}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{footer.contactHeading}</h2>
          <address>
            {practice.name}
            <br />
            {address.street}
            <br />
            {address.postalCode} {address.city}
          </address>
          <ul className="footer-links">
            <li>
              <a className="tel" href={`tel:${practice.phoneE164}`}>
                <Icon shape="phone" size={18} /> {practice.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${practice.email}`}>
                <Icon shape="mail" size={18} /> {practice.email}
              </a>
            </li>
          </ul>
        </section>
      </div>
      <div className="container site-footer__bottom">
        <p>{`© ${new Date().getFullYear()} ${practice.name} · ${footer.cvrLabel} ${practice.cvr}`}</p>
        <a href="/persondatapolitik">{footer.privacyLink}</a>
      </div>
    </footer>
  );
}
