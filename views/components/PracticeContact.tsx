import { practice } from '../../content/practice';

/** The practice's name, address, phone and email as an <address>, from content/practice.ts. */
export function PracticeContact() {
  const { address } = practice;
  return (
    <address className="practice-contact">
      {practice.practitioner}, {practice.title.toLowerCase()}
      <br />
      {address.street}, {address.postalCode} {address.city}
      <br />
      <a className="tel" href={`tel:${practice.phoneE164}`}>{practice.phone}</a> · <a href={`mailto:${practice.email}`}>{practice.email}</a>
      <br />
      CVR {practice.cvr}
    </address>
  );
}
