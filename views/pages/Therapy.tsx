import { useRef, type SyntheticEvent } from 'react';
import { isIconName } from '../../content/choices';
import type { TherapyAreaTexts, TherapyTexts } from '../../content/links';
import { CtaBand } from '../components/ButtonLink';
import { Icon } from '../components/Icon';
import { PageHeader } from '../components/PageHeader';
import { closeOthers } from '../components/accordion';
import type { PageProps } from '../pageProps';

interface CardProps {
  texts: TherapyAreaTexts;
  toggle: TherapyTexts['toggle'];
  onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => void;
}

function AreaCard({ texts, toggle, onToggle }: CardProps) {
  return (
    <li className="area-card" id={texts.id}>
      {/* The content check refuses an icon the site does not have; should one slip through, no icon. */}
      {isIconName(texts.icon) && <Icon shape={texts.icon} size={28} className="area-card__icon" />}
      <h3>{texts.title}</h3>
      <p>{texts.description}</p>
      {/* A native disclosure: it opens on a tap from the first paint, with or without the script,
          and its label follows its state in CSS (pages.css). React leaves `open` to the DOM, so
          hydration keeps a card the visitor has opened. */}
      <details className="area-card__more" onToggle={onToggle}>
        <summary className="toggle">
          <span className="toggle__open">{toggle.open}</span>
          <span className="toggle__close">{toggle.close}</span>
          <Icon shape="chevron-down" size={18} className="toggle__chevron" />
        </summary>
        <div className="area-card__details">
          {texts.details.map((d) => (
            <p key={d}>{d}</p>
          ))}
        </div>
      </details>
    </li>
  );
}

export function Therapy({ texts: therapyPage }: PageProps<TherapyTexts>) {
  const grid = useRef<HTMLUListElement>(null);
  // Once hydrated, one card is open at a time ('toggle' does not bubble: each card reports it).
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) =>
    closeOthers(event.currentTarget, grid.current?.querySelectorAll('details') ?? []);
  const { approach } = therapyPage;
  return (
    <>
      <PageHeader heading={therapyPage.heading} lead={therapyPage.lead} />
      <section className="section" aria-labelledby="areas">
        <div className="container">
          <h2 id="areas">{therapyPage.areasHeading}</h2>
          <ul className="area-grid" ref={grid}>
            {therapyPage.areas.map((area) => (
              <AreaCard key={area.title} texts={area} toggle={therapyPage.toggle} onToggle={onToggle} />
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="approach">
        <div className="container two-col">
          <div>
            <h2 id="approach">{approach.heading}</h2>
            {approach.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <ul className="check-list panel">
            {approach.points.map((point) => (
              <li key={point}>
                <Icon shape="check" size={20} />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CtaBand {...therapyPage.cta} />
    </>
  );
}
