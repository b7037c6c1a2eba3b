import { useState } from 'react';
import { therapyAreas, type TherapyArea } from '../../content/therapyAreas';
import type { TherapyAreaTexts, TherapyTexts } from '../../content/texts/therapy';
import { CtaBand } from '../components/ButtonLink';
import { Icon } from '../components/Icon';
import { PageHeader } from '../components/PageHeader';
import { toggleOpen } from '../components/accordion';
import type { PageProps } from '../routes';

interface CardProps {
  area: TherapyArea;
  texts: TherapyAreaTexts;
  toggle: TherapyTexts['toggle'];
  open: boolean;
  onToggle: () => void;
}

function AreaCard({ area, texts, toggle, open, onToggle }: CardProps) {
  const detailsId = `omraade-${area.id}`;
  return (
    <li className={open ? 'area-card is-open' : 'area-card'}>
      <Icon shape={area.icon} size={28} className="area-card__icon" />
      <h3>{texts.title}</h3>
      <p>{texts.description}</p>
      {/* Without JavaScript the details are shown and the toggle is hidden (see styles.css). */}
      <div id={detailsId} className="area-card__details" hidden={!open}>
        {texts.details.map((d) => (
          <p key={d}>{d}</p>
        ))}
      </div>
      <button type="button" className="toggle" aria-expanded={open} aria-controls={detailsId} onClick={onToggle}>
        {open ? toggle.close : toggle.open}
        <Icon shape="chevron-down" size={18} className="toggle__chevron" />
      </button>
    </li>
  );
}

export function Therapy({ texts: therapyPage }: PageProps<TherapyTexts>) {
  const [openId, setOpenId] = useState<string | null>(null);
  const { approach } = therapyPage;
  return (
    <>
      <PageHeader heading={therapyPage.heading} lead={therapyPage.lead} />
      <section className="section" aria-labelledby="areas">
        <div className="container">
          <h2 id="areas">{therapyPage.areasHeading}</h2>
          <ul className="area-grid">
            {therapyAreas.map((area) => (
              <AreaCard
                key={area.id}
                area={area}
                texts={therapyPage.areas[area.id]}
                toggle={therapyPage.toggle}
                open={openId === area.id}
                onToggle={() => setOpenId((current) => toggleOpen(current, area.id))}
              />
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
