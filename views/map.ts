import type { Address } from '../content/practice';

// OpenStreetMap's embed sets no tracking cookies; it is the one third-party host the site loads,
// and only when a visitor asks for the map (views/components/ClinicMap.tsx).
export const MAP_ORIGIN = 'https://www.openstreetmap.org';

export function mapEmbedUrl({ lat, lon }: { lat: number; lon: number }): string {
  const d = 0.006;
  const bbox = [lon - d, lat - d / 2, lon + d, lat + d / 2].map((n) => n.toFixed(5)).join(',');
  return `${MAP_ORIGIN}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat}%2C${lon}`;
}

/** The same place on openstreetmap.org itself: a link, for visitors without JavaScript. */
export function mapPageUrl({ lat, lon }: { lat: number; lon: number }): string {
  return `${MAP_ORIGIN}/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** Opens in a new tab: a link, not a request the site makes. */
export function directionsUrl(address: Address): string {
  const destination = encodeURIComponent(`${address.street}, ${address.postalCode} ${address.city}`);
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}
