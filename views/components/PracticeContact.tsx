import { practice } from '../../content/practice';
import { parts } from '../format';
import { useLocale } from '../locale';
import { PhoneLink } from './PhoneLinks';

/** The practice's name, address, phone and email as an <address>, from content/practice.ts. */
export function PracticeContact() {
  const { lang, site } = useLocale();
  return (
    <address className="practice-contact">
      {parts([site.practice.practitioner, site.practice.title.toLowerCase()], lang)}
      <br />
      {site.practice.address.oneLine}
      <br />
      <PhoneLink /> ·{' '}
      <a href={`mailto:${practice.email}`} dir="ltr">
        {practice.email}
      </a>
      <br />
      <bdi>{`${site.footer.cvrLabel}\u00a0${practice.cvr}`}</bdi>
    </address>
  );
}
