import type { Cta, CtaBand as CtaBandTexts } from '../../content/links';
import { useLocale } from '../locale';

export function ButtonLink({ cta, variant = 'primary' }: { cta: Cta; variant?: 'primary' | 'secondary' }) {
  return (
    <a className={`button button--${variant}`} href={useLocale().href(cta.to)}>
      {cta.label}
    </a>
  );
}

/** A closing call to action: heading, a line of text and two buttons. */
export function CtaBand(props: CtaBandTexts) {
  return (
    <section className="cta-band" aria-labelledby="cta-heading">
      <div className="container">
        <h2 id="cta-heading">{props.heading}</h2>
        <p>{props.text}</p>
        <div className="button-row">
          <ButtonLink cta={props.primary} />
          <ButtonLink cta={props.secondary} variant="secondary" />
        </div>
      </div>
    </section>
  );
}
