/**
 * The demo catalogue: eight properties in Dubai and Abu Dhabi communities, in every status, with full
 * financials and history. The seed (seed.ts) writes them; scripts/generate-property-assets.ts draws
 * their photos (SVG illustrations) and writes their documents (PDF) under site/public/properties/.
 * Figures are in AED here for readability and become fils in the seed. Purchase prices, rents and
 * service charges are in the range these communities trade at; they are illustrations, not offers.
 */
import type { DocumentKind, PropertyStatus, PropertyType } from './contract';

/** The illustration a photo is drawn from (scripts/generate-property-assets.ts). */
export type Scene = 'tower' | 'villa' | 'townhouses' | 'living' | 'bedroom' | 'kitchen' | 'pool' | 'terrace';

export type DemoProperty = {
  reference: string;
  slug: string;
  title: string;
  summary: string;
  description: string;
  community: string;
  city: 'Dubai' | 'Abu Dhabi';
  propertyType: PropertyType;
  bedrooms: number;
  bathrooms: number;
  sizeSqft: number;
  yearBuilt: number;
  features: string[];
  status: PropertyStatus;
  /** AED per share. */
  sharePrice: number;
  purchasePrice: number;
  /** Share of the shares sold, percent. */
  soldPercent: number;
  /** Days from the seed date to the funding deadline (negative: in the past). */
  deadlineInDays: number;
  /** Days before the seed date it was published (null: never). */
  publishedDaysAgo: number | null;
  annualRent: number;
  /** AED per sq ft a year. */
  serviceChargePerSqft: number;
  maintenance: number;
  managementFeeBps: number;
  occupancyBps: number;
  projectedAppreciationBps: number;
  holdYears: number;
  /** Valuations, oldest first: [YYYY-MM-DD, AED, source]. The last is the current valuation. */
  valuations: [string, number, string][];
  /** Rent history, oldest first: [YYYY-MM-DD, AED a year, occupancy bps]. */
  rents: [string, number, number][];
  /** Photos in gallery order: [scene, alt text]. */
  photos: [Scene, string][];
  /** Palette the illustrations use: sky top, sky bottom, accent. */
  palette: [string, string, string];
  documents: [DocumentKind, string][];
};

/** DLD transfer fee 4%, agency 2%, trustee and registration AED 5,800, legal and vehicle set-up AED 15,000. */
export function acquisitionCostsAed(purchasePrice: number): number {
  return Math.round(purchasePrice * 0.06) + 5_800 + 15_000;
}

const standardDocs = (title: string, tenanted: boolean): [DocumentKind, string][] => [
  ['title_deed', `Title deed — ${title}`],
  ['valuation_report', 'Independent valuation report (RICS)'],
  ['vehicle_documents', 'Property vehicle: memorandum and articles'],
  ...(tenanted ? ([['tenancy_contract', 'Tenancy contract summary (Ejari registered)']] as [DocumentKind, string][]) : []),
];

export const DEMO_PROPERTIES: DemoProperty[] = [
  {
    reference: 'MZ-DXB-001',
    slug: 'marina-gate-two-bedroom-sea-view',
    title: 'Marina Gate two-bedroom with sea view',
    summary: 'A high-floor two-bedroom in Marina Gate 2 overlooking the marina and the Gulf, let on a two-year contract to a family.',
    description:
      'A 1,420 sq ft two-bedroom apartment on the 38th floor of Marina Gate 2, with floor-to-ceiling windows over Dubai Marina and the Gulf beyond. Both bedrooms are en suite, with a guest washroom, a laundry room and a covered parking space.\n\nThe apartment is let to a family on a two-year Ejari-registered contract at AED 210,000 a year, paid in four cheques. Marina Gate sits next to the Dubai Marina tram and metro stations and the Marina Walk, one of the most consistently rented addresses in the city.\n\nThe property vehicle buys the apartment outright, without a mortgage. Rent, after service charges, management and maintenance, is paid out to shareholders every month.',
    community: 'Dubai Marina',
    city: 'Dubai',
    propertyType: 'apartment',
    bedrooms: 2,
    bathrooms: 3,
    sizeSqft: 1_420,
    yearBuilt: 2018,
    features: ['Full sea and marina view', 'Two en-suite bedrooms', 'Infinity pool and gym', 'Covered parking space', 'Walk to tram and metro', 'Tenanted until 2028'],
    status: 'funding',
    sharePrice: 100,
    purchasePrice: 3_150_000,
    soldPercent: 64.2,
    deadlineInDays: 41,
    publishedDaysAgo: 23,
    annualRent: 210_000,
    serviceChargePerSqft: 19,
    maintenance: 6_000,
    managementFeeBps: 500,
    occupancyBps: 9_600,
    projectedAppreciationBps: 500,
    holdYears: 5,
    valuations: [
      ['2026-06-30', 3_080_000, 'Broker comparables'],
      ['2026-09-30', 3_180_000, 'Independent RICS valuer'],
      ['2026-10-28', 3_260_000, 'Independent RICS valuer'],
    ],
    rents: [
      ['2025-11-01', 195_000, 10_000],
      ['2026-11-01', 210_000, 9_600],
    ],
    photos: [
      ['tower', 'Marina Gate towers at dusk, seen across the water of Dubai Marina'],
      ['living', 'Living room with floor-to-ceiling windows looking over the marina'],
      ['bedroom', 'Main bedroom with a wide window and a view of the sea'],
      ['pool', 'The residents’ infinity pool and sun deck'],
    ],
    palette: ['#f4a261', '#fde2c8', '#0f766e'],
    documents: standardDocs('Marina Gate 2, unit 3807', true),
  },
  {
    reference: 'MZ-DXB-002',
    slug: 'downtown-views-one-bedroom',
    title: 'Downtown Views one-bedroom by the Dubai Mall',
    summary: 'A furnished one-bedroom in Downtown Views II, a few minutes’ walk from the Dubai Mall, let on an annual contract.',
    description:
      'An 850 sq ft one-bedroom apartment in Downtown Views II, connected to the Dubai Mall by a covered walkway and facing the Burj Khalifa district. The apartment is sold furnished, with a study nook, a balcony and one parking space.\n\nIt is let on an annual contract at AED 125,000 a year. Downtown one-bedrooms are among the most liquid homes in Dubai: they rent quickly to professionals working in DIFC and Business Bay.\n\nThe vehicle buys the apartment outright. Rent after costs is paid out every month.',
    community: 'Downtown Dubai',
    city: 'Dubai',
    propertyType: 'apartment',
    bedrooms: 1,
    bathrooms: 2,
    sizeSqft: 850,
    yearBuilt: 2020,
    features: ['Covered walkway to the Dubai Mall', 'Burj Khalifa district view', 'Sold furnished', 'Balcony', 'Pool, gym and children’s play area'],
    status: 'funding',
    sharePrice: 50,
    purchasePrice: 1_950_000,
    soldPercent: 28.5,
    deadlineInDays: 67,
    publishedDaysAgo: 9,
    annualRent: 125_000,
    serviceChargePerSqft: 22,
    maintenance: 4_000,
    managementFeeBps: 500,
    occupancyBps: 9_500,
    projectedAppreciationBps: 550,
    holdYears: 5,
    valuations: [
      ['2026-08-15', 1_920_000, 'Broker comparables'],
      ['2026-11-05', 2_010_000, 'Independent RICS valuer'],
    ],
    rents: [['2026-09-01', 125_000, 9_500]],
    photos: [
      ['tower', 'Downtown Views towers with the Burj Khalifa district behind them'],
      ['living', 'Furnished living room with a balcony door'],
      ['kitchen', 'Open kitchen with a breakfast counter'],
    ],
    palette: ['#7aa6c2', '#e8f1f6', '#b45309'],
    documents: standardDocs('Downtown Views II, unit 2214', true),
  },
  {
    reference: 'MZ-DXB-003',
    slug: 'dubai-hills-sidra-four-bedroom-villa',
    title: 'Sidra four-bedroom villa, Dubai Hills Estate',
    summary: 'A four-bedroom family villa on a corner plot in Sidra, Dubai Hills Estate, let to a family on a three-year contract. Fully funded.',
    description:
      'A 3,750 sq ft four-bedroom villa on a 5,200 sq ft corner plot in Sidra 2, Dubai Hills Estate, with a private garden, a maid’s room and a two-car carport. The villa backs onto a green spine that leads to the community park and the Dubai Hills Mall.\n\nIt is let to a family on a three-year contract at AED 360,000 a year. Villas in established family communities have been the strongest-performing homes in Dubai since 2021.\n\nFunding closed in September 2026; shareholders have received rent every month since.',
    community: 'Dubai Hills Estate',
    city: 'Dubai',
    propertyType: 'villa',
    bedrooms: 4,
    bathrooms: 5,
    sizeSqft: 3_750,
    yearBuilt: 2019,
    features: ['Corner plot with private garden', 'Backs onto the park', 'Maid’s room', 'Two-car carport', 'Three-year family tenancy'],
    status: 'funded',
    sharePrice: 250,
    purchasePrice: 5_800_000,
    soldPercent: 100,
    deadlineInDays: -62,
    publishedDaysAgo: 140,
    annualRent: 360_000,
    serviceChargePerSqft: 5,
    maintenance: 18_000,
    managementFeeBps: 500,
    occupancyBps: 10_000,
    projectedAppreciationBps: 600,
    holdYears: 6,
    valuations: [
      ['2026-05-20', 5_750_000, 'Acquisition'],
      ['2026-08-31', 5_950_000, 'Independent RICS valuer'],
      ['2026-10-31', 6_120_000, 'Independent RICS valuer'],
    ],
    rents: [['2026-06-01', 360_000, 10_000]],
    photos: [
      ['villa', 'The villa’s front elevation with its garden and palm trees'],
      ['pool', 'Garden and pool behind the villa'],
      ['living', 'Double-height family living room'],
      ['kitchen', 'Family kitchen with an island'],
    ],
    palette: ['#8ecae6', '#f1f8fb', '#2a9d8f'],
    documents: standardDocs('Sidra 2, villa 41', true),
  },
  {
    reference: 'MZ-DXB-004',
    slug: 'jvc-studio-bloom-towers',
    title: 'Studio in Bloom Towers, Jumeirah Village Circle',
    summary: 'A high-yield studio in a finished JVC tower, rented through a licensed holiday-home operator. Opens for funding soon.',
    description:
      'A 460 sq ft studio in Bloom Towers, Jumeirah Village Circle, with a fitted kitchen, a balcony over the community park and access to the pool and gym.\n\nJVC studios carry some of the highest rental yields in Dubai. This one will be let through a licensed holiday-home operator, with occupancy assumed at 85% and the operator’s fee included in the management cost.\n\nThe listing opens for funding once the acquisition documents are registered.',
    community: 'Jumeirah Village Circle',
    city: 'Dubai',
    propertyType: 'apartment',
    bedrooms: 0,
    bathrooms: 1,
    sizeSqft: 460,
    yearBuilt: 2022,
    features: ['Park-facing balcony', 'Fitted kitchen', 'Pool and gym', 'Holiday-home licence'],
    status: 'coming_soon',
    sharePrice: 50,
    purchasePrice: 720_000,
    soldPercent: 0,
    deadlineInDays: 95,
    publishedDaysAgo: 3,
    annualRent: 72_000,
    serviceChargePerSqft: 14,
    maintenance: 3_000,
    managementFeeBps: 1_500,
    occupancyBps: 8_500,
    projectedAppreciationBps: 450,
    holdYears: 5,
    valuations: [['2026-11-10', 730_000, 'Independent RICS valuer']],
    rents: [['2026-11-10', 72_000, 8_500]],
    photos: [
      ['tower', 'Bloom Towers in Jumeirah Village Circle on a clear morning'],
      ['bedroom', 'The studio’s sleeping area next to the balcony'],
      ['kitchen', 'Fitted kitchen with a breakfast bar'],
    ],
    palette: ['#a5b4fc', '#eef2ff', '#7c3aed'],
    documents: standardDocs('Bloom Towers A, unit 1109', false),
  },
  {
    reference: 'MZ-AUH-001',
    slug: 'saadiyat-beach-three-bedroom',
    title: 'Saadiyat Beach Residences three-bedroom',
    summary: 'A three-bedroom by the beach in Saadiyat’s cultural district, near the Louvre Abu Dhabi, let on a two-year contract.',
    description:
      'A 2,100 sq ft three-bedroom apartment in Saadiyat Beach Residences, a short walk from a public beach and the Louvre Abu Dhabi. It has a large terrace facing the sea, three en-suite bedrooms, a maid’s room and two parking spaces.\n\nThe apartment is let on a two-year contract at AED 290,000 a year. Saadiyat’s supply is limited by its master plan, and rents have risen steadily as the museums and schools have opened.\n\nThe vehicle buys the apartment outright, and rent after costs is paid out every month.',
    community: 'Saadiyat Island',
    city: 'Abu Dhabi',
    propertyType: 'apartment',
    bedrooms: 3,
    bathrooms: 4,
    sizeSqft: 2_100,
    yearBuilt: 2017,
    features: ['Sea-facing terrace', 'Walk to the beach', 'Near the Louvre Abu Dhabi', 'Maid’s room', 'Two parking spaces'],
    status: 'funding',
    sharePrice: 100,
    purchasePrice: 4_600_000,
    soldPercent: 47.3,
    deadlineInDays: 54,
    publishedDaysAgo: 17,
    annualRent: 290_000,
    serviceChargePerSqft: 16,
    maintenance: 9_000,
    managementFeeBps: 500,
    occupancyBps: 9_600,
    projectedAppreciationBps: 450,
    holdYears: 5,
    valuations: [
      ['2026-07-31', 4_520_000, 'Broker comparables'],
      ['2026-10-31', 4_680_000, 'Independent RICS valuer'],
    ],
    rents: [
      ['2025-10-01', 270_000, 10_000],
      ['2026-10-01', 290_000, 9_600],
    ],
    photos: [
      ['tower', 'Saadiyat Beach Residences seen from the beach'],
      ['terrace', 'Sea-facing terrace with outdoor seating'],
      ['living', 'Living and dining room opening onto the terrace'],
      ['bedroom', 'Main bedroom with a sea view'],
    ],
    palette: ['#ffb4a2', '#fff1e6', '#0e7490'],
    documents: standardDocs('Saadiyat Beach Residences, unit B-604', true),
  },
  {
    reference: 'MZ-AUH-002',
    slug: 'yas-acres-three-bedroom-townhouse',
    title: 'Yas Acres three-bedroom townhouse',
    summary: 'A three-bedroom townhouse in Yas Acres, next to the golf course and minutes from Yas Mall, just opened for funding.',
    description:
      'A 2,300 sq ft three-bedroom townhouse in Yas Acres with a private garden, a maid’s room and two parking spaces, in a gated community next to Yas Acres golf course.\n\nIt is let on an annual contract at AED 200,000 a year. Yas Island’s theme parks, Yas Mall and the F1 circuit make its family homes some of the most sought-after rentals in Abu Dhabi.\n\nThe vehicle buys the townhouse outright. Rent after costs is paid out every month.',
    community: 'Yas Island',
    city: 'Abu Dhabi',
    propertyType: 'townhouse',
    bedrooms: 3,
    bathrooms: 4,
    sizeSqft: 2_300,
    yearBuilt: 2021,
    features: ['Next to the golf course', 'Private garden', 'Community pools and parks', 'Minutes from Yas Mall'],
    status: 'funding',
    sharePrice: 100,
    purchasePrice: 2_950_000,
    soldPercent: 12.4,
    deadlineInDays: 83,
    publishedDaysAgo: 4,
    annualRent: 200_000,
    serviceChargePerSqft: 6,
    maintenance: 8_000,
    managementFeeBps: 500,
    occupancyBps: 9_500,
    projectedAppreciationBps: 500,
    holdYears: 5,
    valuations: [['2026-11-12', 3_020_000, 'Independent RICS valuer']],
    rents: [['2026-11-12', 200_000, 9_500]],
    photos: [
      ['townhouses', 'A row of Yas Acres townhouses with their front gardens'],
      ['living', 'Living room opening onto the garden'],
      ['pool', 'The community pool'],
    ],
    palette: ['#fcd5ce', '#fffaf5', '#15803d'],
    documents: standardDocs('Yas Acres, townhouse 2-117', true),
  },
  {
    reference: 'MZ-AUH-003',
    slug: 'al-reem-two-bedroom-marina-square',
    title: 'Marina Square two-bedroom, Al Reem Island',
    summary: 'Bought in 2021 and sold in 2025: a two-bedroom on Al Reem Island that returned rent every month and a gain on sale.',
    description:
      'A 1,250 sq ft two-bedroom apartment in Marina Square, Al Reem Island, with a canal view and a balcony. The vehicle bought it in March 2021 and let it for four years.\n\nIt was sold in September 2025 at AED 1,720,000, against a purchase price of AED 1,380,000. Shareholders received monthly rent throughout, and their share of the sale proceeds after the performance fee.\n\nIt stays on the catalogue as a record of a completed investment.',
    community: 'Al Reem Island',
    city: 'Abu Dhabi',
    propertyType: 'apartment',
    bedrooms: 2,
    bathrooms: 3,
    sizeSqft: 1_250,
    yearBuilt: 2014,
    features: ['Canal view', 'Balcony', 'Walk to the Galleria', 'Sold in 2025'],
    status: 'exited',
    sharePrice: 100,
    purchasePrice: 1_380_000,
    soldPercent: 100,
    deadlineInDays: -1_720,
    publishedDaysAgo: 1_760,
    annualRent: 115_000,
    serviceChargePerSqft: 13,
    maintenance: 4_500,
    managementFeeBps: 500,
    occupancyBps: 9_700,
    projectedAppreciationBps: 400,
    holdYears: 4,
    valuations: [
      ['2021-03-15', 1_380_000, 'Acquisition'],
      ['2022-03-31', 1_420_000, 'Independent RICS valuer'],
      ['2023-03-31', 1_510_000, 'Independent RICS valuer'],
      ['2024-03-31', 1_600_000, 'Independent RICS valuer'],
      ['2025-03-31', 1_680_000, 'Independent RICS valuer'],
      ['2025-09-18', 1_720_000, 'Sale price'],
    ],
    rents: [
      ['2021-04-01', 92_000, 9_500],
      ['2022-04-01', 95_000, 10_000],
      ['2023-04-01', 102_000, 10_000],
      ['2024-04-01', 110_000, 9_700],
      ['2025-04-01', 115_000, 9_700],
    ],
    photos: [
      ['tower', 'Marina Square towers on Al Reem Island by the canal'],
      ['living', 'Living room with a balcony over the canal'],
      ['bedroom', 'Second bedroom'],
    ],
    palette: ['#90cdf4', '#ebf8ff', '#1d4ed8'],
    documents: standardDocs('Marina Square, Marina Heights, unit 1503', false),
  },
  {
    reference: 'MZ-DXB-005',
    slug: 'business-bay-penthouse-canal',
    title: 'Business Bay penthouse on the Dubai Canal',
    summary: 'A three-bedroom penthouse with a private terrace on the Dubai Water Canal. Being prepared for listing.',
    description:
      'A 3,900 sq ft three-bedroom penthouse on the top floor of a canal-front tower in Business Bay, with a 1,100 sq ft private terrace and views of the Burj Khalifa.\n\nThe acquisition is under negotiation; figures are provisional.',
    community: 'Business Bay',
    city: 'Dubai',
    propertyType: 'penthouse',
    bedrooms: 3,
    bathrooms: 4,
    sizeSqft: 3_900,
    yearBuilt: 2023,
    features: ['Private 1,100 sq ft terrace', 'Burj Khalifa view', 'Canal front'],
    status: 'draft',
    sharePrice: 250,
    purchasePrice: 9_400_000,
    soldPercent: 0,
    deadlineInDays: 120,
    publishedDaysAgo: null,
    annualRent: 560_000,
    serviceChargePerSqft: 21,
    maintenance: 25_000,
    managementFeeBps: 500,
    occupancyBps: 9_200,
    projectedAppreciationBps: 500,
    holdYears: 5,
    valuations: [['2026-11-15', 9_500_000, 'Broker comparables']],
    rents: [['2026-11-15', 560_000, 9_200]],
    photos: [
      ['terrace', 'Private penthouse terrace at sunset'],
      ['living', 'Penthouse living room with a canal view'],
    ],
    palette: ['#fb7185', '#ffe4e6', '#be185d'],
    documents: [['valuation_report', 'Broker comparables (provisional)']],
  },
];

export const photoPath = (slug: string, n: number) => `/properties/${slug}-${n}.svg`;
export const documentPath = (reference: string, kind: DocumentKind) => `/properties/docs/${reference.toLowerCase()}-${kind.replaceAll('_', '-')}.pdf`;
/** The 1200×630 JPEG link previews use (Open Graph). */
export const ogImagePath = (slug: string) => `/properties/og/${slug}.jpg`;

/** Monthly market index figures for the demo: 24 months ending at `endMonth`, values in hundredths. */
export function demoMarketFigures(endMonth: string): { series: string; period: string; value: bigint }[] {
  const [y, m] = endMonth.split('-').map(Number);
  const out: { series: string; period: string; value: bigint }[] = [];
  const specs: [string, number, number, number][] = [
    // series, value 24 months ago, monthly growth (bps), seasonal wobble (hundredths)
    ['dubai-price-index', 16_240, 110, 40],
    ['dubai-rent-index', 14_880, 85, 30],
    ['dubai-price-sqft', 156_000, 105, 900],
    ['dubai-gross-yield', 690, -3, 4],
    ['abu-dhabi-price-index', 12_150, 70, 25],
    ['abu-dhabi-rent-index', 11_620, 60, 20],
    ['abu-dhabi-price-sqft', 118_000, 72, 600],
    ['abu-dhabi-gross-yield', 715, -2, 3],
  ];
  for (const [series, start, growthBps, wobble] of specs) {
    for (let i = 0; i < 24; i++) {
      const monthIndex = y * 12 + (m - 1) - (23 - i);
      const period = `${Math.floor(monthIndex / 12)}-${String((monthIndex % 12) + 1).padStart(2, '0')}-01`;
      const trend = start * Math.pow(1 + growthBps / 10_000, i);
      const season = wobble * Math.sin((i / 12) * 2 * Math.PI);
      out.push({ series, period, value: BigInt(Math.round(trend + season)) });
    }
  }
  return out;
}
