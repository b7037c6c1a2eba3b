import { practice } from '../../content/practice';
import { list } from '../format';
import { useLocale } from '../locale';
import { PhoneLink } from './PhoneLink';

/** The practice's name, address, phone and email as an <address>, from content/practice.ts. */
export function PracticeContact() {
  const { lang, site } = useLocale();
  const { address } = practice;
  return (
    <address className="practice-contact">
      {list([practice.practitioner, site.practice.title.toLowerCase()], lang)}
      <br />
      {address.street}, {address.postalCode} {address.city}
      <br />
      <PhoneLink /> · <a href={`mailto:${practice.email}`} dir="ltr">{practice.email}</a>
      <br />
      <bdi>{`${site.footer.cvrLabel} ${practice.cvr}`}</bdi>
    </address>
  );
}
