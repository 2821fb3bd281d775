/** schema.org structured data for Manzil as an organisation (home and about pages). */
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@modules/platform/contract';

export const OFFICE_LOCATION = 'Dubai, United Arab Emirates';

export function organizationJsonLd(site: URL) {
  const url = new URL('/', site).toString();
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${url}#organization`,
    name: PRODUCT_NAME,
    url,
    logo: new URL('/favicon.svg', site).toString(),
    image: new URL('/og/manzil-og.png', site).toString(),
    description: 'Fractional ownership of luxury, income-producing homes in Dubai and Abu Dhabi, from AED 200, by hand or through a monthly SIP.',
    email: SUPPORT_EMAIL,
    address: { '@type': 'PostalAddress', addressLocality: 'Dubai', addressCountry: 'AE' },
    areaServed: ['AE', 'Worldwide'],
    contactPoint: [{ '@type': 'ContactPoint', contactType: 'customer support', email: SUPPORT_EMAIL, availableLanguage: ['English'] }],
  };
}
