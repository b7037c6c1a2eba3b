import { useState } from 'react';
import { mapEmbedUrl, mapPageUrl } from '../map';
import { Icon } from './Icon';

export interface ClinicMapTexts {
  title: string;
  show: string;
  notice: string;
  link: string;
}

/**
 * The clinic on OpenStreetMap, fetched only when the visitor asks for it: until then no request
 * goes to another host, so OpenStreetMap never sees the IP address of someone who only reads
 * the page. The frame takes the box's place at the box's size, so nothing below it moves.
 */
export function ClinicMap({
  place,
  coordinates,
  texts,
}: {
  place: string;
  coordinates: { lat: number; lon: number };
  texts: ClinicMapTexts;
}) {
  const [shown, setShown] = useState(false);

  return (
    <div className="map">
      <div className="map__consent" inert={shown}>
        <p className="icon-line">
          <Icon shape="map-pin" size={20} />
          <span>{place}</span>
        </p>
        <button type="button" className="button button--secondary map__show" onClick={() => setShown(true)}>
          {texts.show}
        </button>
        {/* Without JavaScript the button cannot work: a link to the map on openstreetmap.org instead. */}
        <a className="map__link" href={mapPageUrl(coordinates)}>
          {texts.link}
          <Icon shape="external" size={18} />
        </a>
        <p className="small">{texts.notice}</p>
      </div>
      {/* The button is gone once pressed: keyboard focus moves on to the map itself as it appears. */}
      {shown && (
        <iframe
          ref={(frame) => frame?.focus()}
          className="map__frame"
          title={texts.title}
          src={mapEmbedUrl(coordinates)}
          width={640}
          height={400}
        />
      )}
    </div>
  );
}
