import { practice } from '../content/practice';
import { priceGroups } from '../content/prices';
import { routes } from '../views/routes';

// What search engines read: robots.txt, the sitemap and the practice as schema.org JSON-LD,
// all built from content/ and the route table.

export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}

export function sitemapXml(baseUrl: string): string {
  const urls = routes.map((r) => `  <url><loc>${baseUrl}${r.path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function practiceJsonLd(baseUrl: string): Record<string, unknown> {
  const { address, phoneHours, coordinates } = practice;
  return {
    '@context': 'https://schema.org',
    '@type': 'Psychologist',
    name: practice.name,
    description: practice.shortDescription,
    url: `${baseUrl}/`,
    telephone: practice.phoneE164,
    email: practice.email,
    vatID: `DK${practice.cvr}`,
    priceRange: practice.priceRange,
    currenciesAccepted: 'DKK',
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      postalCode: address.postalCode,
      addressLocality: address.city,
      addressCountry: address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: coordinates.lat, longitude: coordinates.lon },
    availableLanguage: practice.languages.map((l) => l.code),
    employee: { '@type': 'Person', name: practice.practitioner, jobTitle: practice.title },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: practice.phoneE164,
      availableLanguage: practice.languages.map((l) => l.code),
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: phoneHours.days,
        opens: phoneHours.opens,
        closes: phoneHours.closes,
      },
    },
    openingHoursSpecification: [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: phoneHours.days, opens: phoneHours.opens, closes: phoneHours.closes },
    ],
    makesOffer: priceGroups.flatMap((g) =>
      g.prices
        .filter((p) => p.amount !== null)
        .map((p) => ({
          '@type': 'Offer',
          name: p.label,
          price: p.amount,
          priceCurrency: 'DKK',
        })),
    ),
  };
}
