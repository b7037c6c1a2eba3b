import type { Lang } from '../../content/languages';
import { practice, searchFacts } from '../../content/practice';
import { priceGroups } from '../../content/prices';
import { siteTexts } from '../../content/siteTexts';
import { translations } from '../../content/translations';
import { phoneHours } from '../../views/format';
import { alternates, paths, routes } from '../../views/routes';

// What search engines read: robots.txt, the sitemap and the practice as schema.org JSON-LD,
// all built from content/ and the route table.

export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}

/** Every page of every language, each with its alternates in the other languages (and x-default: Danish). */
export function sitemapXml(baseUrl: string): string {
  const urls = routes.map((r) => {
    const links = [
      ...alternates(r).map((a) => `<xhtml:link rel="alternate" hreflang="${a.lang}" href="${baseUrl}${a.path}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${baseUrl}${paths[r.id].da}"/>`,
    ];
    return `  <url><loc>${baseUrl}${r.path}</loc>${links.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The practice for search engines, in one language (the offers' names and the description). */
export async function practiceJsonLd(baseUrl: string, lang: Lang): Promise<Record<string, unknown>> {
  const site = siteTexts[lang];
  const prices = await translations[lang].prices();
  const { address, phoneHours: hours, coordinates } = practice;
  // schema.org names languages in English (with their codes), whatever the page's language.
  const availableLanguage = practice.languages.map((l) => ({
    '@type': 'Language',
    name: siteTexts.en.languageNames[l],
    alternateName: l,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Psychologist',
    name: practice.name,
    description: site.practice.shortDescription,
    url: `${baseUrl}${paths.home[lang]}`,
    inLanguage: lang,
    telephone: practice.phoneE164,
    email: practice.email,
    vatID: `DK${practice.cvr}`,
    priceRange: searchFacts.priceRange,
    currenciesAccepted: 'DKK',
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      postalCode: address.postalCode,
      addressLocality: address.city,
      addressCountry: searchFacts.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: coordinates.lat, longitude: coordinates.lon },
    knowsLanguage: availableLanguage,
    employee: { '@type': 'Person', name: practice.practitioner, jobTitle: site.practice.title },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: practice.phoneE164,
      availableLanguage,
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: searchFacts.phoneDays,
        opens: hours.opens,
        closes: hours.closes,
        description: phoneHours(site.practice.phoneHours, lang),
      },
    },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: searchFacts.phoneDays,
        opens: hours.opens,
        closes: hours.closes,
      },
    ],
    makesOffer: priceGroups.flatMap((g) =>
      g.prices
        .filter((p) => p.amount !== null)
        .map((p) => ({ '@type': 'Offer', name: prices.prices[p.id].label, price: p.amount, priceCurrency: 'DKK' })),
    ),
  };
}
