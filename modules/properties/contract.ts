/**
 * Properties' contract: share units, the yield formulas and the one investment quote (the invest panel
 * and the checkout show the same numbers because both call quoteInvestment), input schemas with their
 * messages, and the JSON shapes of the API. Browser-safe.
 *
 * JSON: amounts are strings of integer fils of AED ("1250000" = AED 12,500.00); share counts are
 * strings of SHARE UNITS (SHARE_SCALE units to a share); rates are integer basis points.
 */
import { z } from 'zod';
import { divideHalfEven, formatFils } from '../platform/money';
import { isIsoDate } from '../platform/dates';

// ---------------------------------------------------------------------------------------------
// Shares as fixed-point integers

/** Share units per whole share: 12.3456 shares are 123,456 units. */
export const SHARE_SCALE = 10_000n;
/** Decimal places a share count shows (log10 SHARE_SCALE). */
export const SHARE_DECIMALS = 4;

/** Whole shares → units. */
export const sharesToUnits = (shares: bigint): bigint => shares * SHARE_SCALE;

/** Units → whole shares, rounding down (what a holder fully owns). */
export const unitsToWholeShares = (units: bigint): bigint => units / SHARE_SCALE;

/** Units → a share count as text without floats: 123456n → "12.3456", 50000n → "5", 25000n → "2.5". */
export function unitsToShareString(units: bigint, opts: { trim?: boolean } = {}): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  let frac = (abs % SHARE_SCALE).toString().padStart(SHARE_DECIMALS, '0');
  if (opts.trim ?? true) frac = frac.replace(/0+$/, '');
  const whole = (abs / SHARE_SCALE).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** The share units an amount buys at a share price, rounded down (never more than was paid for). */
export function unitsForAmount(amountFils: bigint, sharePriceFils: bigint): bigint {
  if (sharePriceFils <= 0n) throw new RangeError('share price must be positive');
  if (amountFils <= 0n) return 0n;
  return (amountFils * SHARE_SCALE) / sharePriceFils;
}

/** What units cost at a share price, in fils, rounded up (the buyer never pays less than their value). */
export function costOfUnits(units: bigint, sharePriceFils: bigint): bigint {
  if (units <= 0n) return 0n;
  return (units * sharePriceFils + SHARE_SCALE - 1n) / SHARE_SCALE;
}

/** Funded share in basis points (0..10000), rounded down so 100% means every unit is sold. */
export function fundedBps(sharesSold: bigint, totalShares: bigint): number {
  if (totalShares <= 0n) return 0;
  const bps = (sharesSold * 10_000n) / totalShares;
  return Number(bps > 10_000n ? 10_000n : bps < 0n ? 0n : bps);
}

/** Basis points → a percentage with up to `decimals` places, no floats: 6345 → "63.45", 700 → "7", 50 → "0.5". */
export function bpsToPercent(bps: number | bigint, decimals = 2): string {
  const v = BigInt(bps);
  const negative = v < 0n;
  const abs = negative ? -v : v;
  const rounded = decimals >= 2 ? abs : divideHalfEven(abs, 10n ** BigInt(2 - decimals)) * 10n ** BigInt(2 - decimals);
  const whole = rounded / 100n;
  const frac = (rounded % 100n).toString().padStart(2, '0').slice(0, decimals).replace(/0+$/, '');
  return `${negative && rounded !== 0n ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** Lowercase words joined by dashes: "Marina Gate, Tower 2" → "marina-gate-tower-2". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70)
    .replace(/-+$/g, '');
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

export const PROPERTY_STATUSES = ['draft', 'coming_soon', 'funding', 'funded', 'exited', 'closed'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
/** Statuses the public catalogue shows. */
export const PUBLIC_STATUSES = ['coming_soon', 'funding', 'funded', 'exited'] as const satisfies readonly PropertyStatus[];
export const isPublicStatus = (s: string): boolean => (PUBLIC_STATUSES as readonly string[]).includes(s);

export const STATUS_LABELS: Record<PropertyStatus, string> = {
  draft: 'Draft',
  coming_soon: 'Opening soon',
  funding: 'Open for funding',
  funded: 'Fully funded',
  exited: 'Exited',
  closed: 'Closed',
};

/**
 * Which status an admin action moves a property to, and from where. Publishing opens it for funding.
 * Closing withdraws it (only while no investor holds shares); closing funding marks it funded. A funded
 * property is exited only by recording its sale (/admin/exchange, modules/exchange/exit.ts), which pays every
 * holder in the same transaction.
 */
export const PROPERTY_ACTIONS = {
  coming_soon: { to: 'coming_soon', from: ['draft'], label: 'Announce (opening soon)' },
  publish: { to: 'funding', from: ['draft', 'coming_soon'], label: 'Publish for funding' },
  funded: { to: 'funded', from: ['funding'], label: 'Close funding' },
  close: { to: 'closed', from: ['draft', 'coming_soon', 'funding'], label: 'Withdraw listing' },
  reopen: { to: 'draft', from: ['closed'], label: 'Return to draft' },
} as const satisfies Record<string, { to: PropertyStatus; from: readonly PropertyStatus[]; label: string }>;
export type PropertyAction = keyof typeof PROPERTY_ACTIONS;
export const PROPERTY_ACTION_KEYS = Object.keys(PROPERTY_ACTIONS) as PropertyAction[];

export const PROPERTY_TYPES = ['apartment', 'penthouse', 'townhouse', 'villa', 'duplex'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  apartment: 'Apartment',
  penthouse: 'Penthouse',
  townhouse: 'Townhouse',
  villa: 'Villa',
  duplex: 'Duplex',
};

export const CITIES = ['Dubai', 'Abu Dhabi', 'Sharjah', 'Ras Al Khaimah', 'Ajman'] as const;
/** City → the reference code: MZ-DXB-001. */
export const CITY_CODES: Record<string, string> = { Dubai: 'DXB', 'Abu Dhabi': 'AUH', Sharjah: 'SHJ', 'Ras Al Khaimah': 'RAK', Ajman: 'AJM' };

export const DOCUMENT_KINDS = ['title_deed', 'valuation_report', 'vehicle_documents', 'tenancy_contract', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  title_deed: 'Title deed',
  valuation_report: 'Valuation report',
  vehicle_documents: 'Vehicle documents',
  tenancy_contract: 'Tenancy contract',
  other: 'Other document',
};

/** Market index series an admin records monthly figures for. Values are fixed-point hundredths in the series' unit. */
export const MARKET_SERIES = [
  { key: 'dubai-price-index', name: 'Dubai residential price index', region: 'Dubai', unit: 'index' },
  { key: 'dubai-rent-index', name: 'Dubai residential rent index', region: 'Dubai', unit: 'index' },
  { key: 'dubai-price-sqft', name: 'Dubai average price per sq ft', region: 'Dubai', unit: 'aed' },
  { key: 'dubai-gross-yield', name: 'Dubai average gross rental yield', region: 'Dubai', unit: 'percent' },
  { key: 'abu-dhabi-price-index', name: 'Abu Dhabi residential price index', region: 'Abu Dhabi', unit: 'index' },
  { key: 'abu-dhabi-rent-index', name: 'Abu Dhabi residential rent index', region: 'Abu Dhabi', unit: 'index' },
  { key: 'abu-dhabi-price-sqft', name: 'Abu Dhabi average price per sq ft', region: 'Abu Dhabi', unit: 'aed' },
  { key: 'abu-dhabi-gross-yield', name: 'Abu Dhabi average gross rental yield', region: 'Abu Dhabi', unit: 'percent' },
] as const;
export type MarketSeriesKey = (typeof MARKET_SERIES)[number]['key'];
export const MARKET_SERIES_KEYS = MARKET_SERIES.map((s) => s.key) as [MarketSeriesKey, ...MarketSeriesKey[]];

/** Hundredths → "142.35" (index), "AED 1,850.00" is formatted by the caller for 'aed', "6.4%" for 'percent'. */
export function hundredthsToString(value: bigint | string): string {
  return formatFils(BigInt(value));
}

// ---------------------------------------------------------------------------------------------
// Financials: the one formula for yields

export type PropertyFinancials = {
  /** Latest valuation, fils. */
  valuation: bigint;
  /** What investors fund in total, fils (share price × total shares). */
  fundingTarget: bigint;
  /** Annual rent at full occupancy, fils. */
  annualRent: bigint;
  /** Expected occupancy, bps. */
  occupancyBps: number;
  /** Annual service charges, fils. */
  serviceCharges: bigint;
  /** Annual maintenance reserve and insurance, fils. */
  maintenanceCosts: bigint;
  /** Property manager's fee, bps of collected rent. */
  managementFeeBps: number;
};

export type PropertyYields = {
  /** Rent expected after vacancies, fils a year. */
  collectedRent: bigint;
  /** The property manager's fee on collected rent, fils a year. */
  managementFee: bigint;
  /** Collected rent less management, service charges and maintenance, fils a year (never below zero). */
  netIncome: bigint;
  /** Annual rent at full occupancy / valuation, bps. */
  grossYieldBps: number;
  /** Net income / funding target (what investors paid in), bps. */
  netYieldBps: number;
};

/**
 * Gross yield is the market's measure (rent over value); net yield is what the investors' money earns
 * after vacancies, management, service charges and maintenance, over what they paid in. Every figure
 * rounds half to even once.
 */
export function propertyYields(f: PropertyFinancials): PropertyYields {
  const collectedRent = divideHalfEven(f.annualRent * BigInt(f.occupancyBps), 10_000n);
  const managementFee = divideHalfEven(collectedRent * BigInt(f.managementFeeBps), 10_000n);
  const net = collectedRent - managementFee - f.serviceCharges - f.maintenanceCosts;
  const netIncome = net > 0n ? net : 0n;
  const grossYieldBps = f.valuation > 0n ? Number(divideHalfEven(f.annualRent * 10_000n, f.valuation)) : 0;
  const netYieldBps = f.fundingTarget > 0n ? Number(divideHalfEven(netIncome * 10_000n, f.fundingTarget)) : 0;
  return { collectedRent, managementFee, netIncome, grossYieldBps, netYieldBps };
}

export * from './quote-contract';

// ---------------------------------------------------------------------------------------------
// Input schemas (API and admin forms)

export const propertyMessages = {
  title: 'Give the property a title of 3 to 120 characters.',
  summary: 'Keep the summary to 300 characters.',
  description: 'Keep the description to 8,000 characters.',
  community: 'Name the community, like Dubai Marina (2 to 80 characters).',
  city: `Choose the city: ${CITIES.join(', ')}.`,
  type: `Choose the property type: ${PROPERTY_TYPES.join(', ')}.`,
  bedrooms: 'Bedrooms must be a whole number from 0 (studio) to 20.',
  bathrooms: 'Bathrooms must be a whole number from 0 to 20.',
  size: 'Size must be a whole number of square feet from 100 to 200,000.',
  yearBuilt: 'Year built must be a year from 1950 to 2040.',
  features: 'List at most 20 features of up to 80 characters each.',
  fils: (label: string) => `${label} must be a whole number of fils (AED × 100), zero or more.`,
  positiveFils: (label: string) => `${label} must be a whole number of fils (AED × 100) above zero.`,
  tooLarge: (label: string) => `${label} is too large.`,
  sharePriceRange: 'The share price must be from AED 1 to AED 1,000,000.',
  totalShares: 'Total shares must be a whole number of share units (10,000 to a share) above zero.',
  fundingTargetFils: 'Share price × total shares must come to a whole number of fils. Adjust the share price or the number of shares.',
  bps: (label: string, max: number) => `${label} must be from 0% to ${bpsToPercent(max)}%.`,
  holdYears: 'The holding period must be from 1 to 20 years.',
  date: (label: string) => `${label} must be a real date as YYYY-MM-DD.`,
  reference: 'The reference must look like MZ-DXB-001 (letters, digits and dashes, up to 24).',
  slug: 'The slug must be 3 to 80 lowercase letters, digits and dashes, like marina-gate-two-bedroom.',
  referenceTaken: (r: string) => `Another property already has the reference ${r}.`,
  slugTaken: (s: string) => `Another property already uses the address /property/${s}.`,
  notFound: 'There is no property with that id.',
  transition: (from: string, action: string) => `A property that is ${from.replaceAll('_', ' ')} cannot be ${action}.`,
  lockedWhileInvested: 'Investors already hold shares in this property, so its share price and number of shares cannot change.',
  closeWithInvestors: 'Investors hold shares in this property. Refund them before withdrawing it, or close funding instead.',
  fundedNeedsSales: 'No shares have been sold yet, so funding cannot be closed. Withdraw the listing instead.',
  publishNeeds: (missing: string[]) => `Before publishing, add: ${missing.join(', ')}.`,
  deadlinePast: 'The funding deadline must be after today.',
  photoLimit: 'A property can have at most 24 photos.',
  documentLimit: 'A property can have at most 30 documents.',
  alt: 'Describe the photo in 3 to 200 characters, for people using screen readers.',
  docTitle: 'Give the document a title of 3 to 120 characters.',
  note: 'Keep the note to 500 characters.',
  series: 'Choose one of the market index series.',
  month: 'The period must be a month as YYYY-MM.',
  value: 'The value must be a number with at most two decimals, like 142.35.',
} as const;

/** Largest amount any field takes: AED 10 billion. */
export const MAX_PROPERTY_FILS = 1_000_000_000_000n;

export const dateInput = (label: string) =>
  z
    .string({ error: propertyMessages.date(label) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, propertyMessages.date(label))
    .refine(isIsoDate, propertyMessages.date(label));

/** Fils as a JSON integer or a string of digits. */
export const filsInput = (label: string, opts: { positive?: boolean } = {}) =>
  z
    .union([z.number().int().nonnegative(), z.string().regex(/^\d{1,16}$/)], {
      error: opts.positive ? propertyMessages.positiveFils(label) : propertyMessages.fils(label),
    })
    .transform((v) => BigInt(v))
    .refine((v) => !opts.positive || v > 0n, opts.positive ? propertyMessages.positiveFils(label) : propertyMessages.fils(label))
    .refine((v) => v <= MAX_PROPERTY_FILS, propertyMessages.tooLarge(label));

const bpsInput = (label: string, max: number) =>
  z.coerce.number({ error: propertyMessages.bps(label, max) }).int(propertyMessages.bps(label, max)).min(0, propertyMessages.bps(label, max)).max(max, propertyMessages.bps(label, max));

const intInput = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

const propertyFields = {
  title: z.string({ error: propertyMessages.title }).trim().min(3, propertyMessages.title).max(120, propertyMessages.title),
  summary: z.string({ error: propertyMessages.summary }).trim().max(300, propertyMessages.summary),
  description: z.string({ error: propertyMessages.description }).trim().max(8000, propertyMessages.description),
  community: z.string({ error: propertyMessages.community }).trim().min(2, propertyMessages.community).max(80, propertyMessages.community),
  city: z.enum(CITIES, { error: propertyMessages.city }),
  propertyType: z.enum(PROPERTY_TYPES, { error: propertyMessages.type }),
  bedrooms: intInput(propertyMessages.bedrooms, 0, 20),
  bathrooms: intInput(propertyMessages.bathrooms, 0, 20),
  sizeSqft: intInput(propertyMessages.size, 100, 200_000),
  yearBuilt: intInput(propertyMessages.yearBuilt, 1950, 2040).nullable(),
  features: z
    .array(z.string().trim().min(1, propertyMessages.features).max(80, propertyMessages.features), { error: propertyMessages.features })
    .max(20, propertyMessages.features),
  sharePrice: filsInput('Share price', { positive: true }).refine((v) => v >= 100n && v <= 100_000_000n, propertyMessages.sharePriceRange),
  /** Share units (SHARE_SCALE to a share). */
  totalShares: z
    .union([z.number().int().positive(), z.string().regex(/^\d{1,18}$/)], { error: propertyMessages.totalShares })
    .transform((v) => BigInt(v))
    .refine((v) => v > 0n && v <= 1_000_000_000_000n, propertyMessages.totalShares),
  fundingDeadline: dateInput('The funding deadline').nullable(),
  purchasePrice: filsInput('Purchase price', { positive: true }),
  acquisitionCosts: filsInput('Acquisition costs'),
  valuation: filsInput('Valuation', { positive: true }),
  valuedOn: dateInput('The valuation date').nullable(),
  annualRent: filsInput('Annual rent'),
  serviceCharges: filsInput('Service charges'),
  maintenanceCosts: filsInput('Maintenance costs'),
  managementFeeBps: bpsInput('The management fee', 3000),
  occupancyBps: bpsInput('Occupancy', 10_000),
  projectedAppreciationBps: bpsInput('Projected appreciation', 3000),
  holdYears: intInput(propertyMessages.holdYears, 1, 20),
  reference: z.string({ error: propertyMessages.reference }).trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9-]{2,23}$/, propertyMessages.reference),
  slug: z.string({ error: propertyMessages.slug }).trim().toLowerCase().regex(/^[a-z0-9](?:[a-z0-9-]{1,78})[a-z0-9]$/, propertyMessages.slug),
};

/** Share price × units must come to whole fils (the funding target). */
export const fundingTargetOf = (sharePrice: bigint, totalShares: bigint): bigint | null =>
  (sharePrice * totalShares) % SHARE_SCALE === 0n ? (sharePrice * totalShares) / SHARE_SCALE : null;

export const propertyInput = z
  .object({
    ...propertyFields,
    summary: propertyFields.summary.default(''),
    description: propertyFields.description.default(''),
    yearBuilt: propertyFields.yearBuilt.optional(),
    features: propertyFields.features.default([]),
    fundingDeadline: propertyFields.fundingDeadline.optional(),
    acquisitionCosts: propertyFields.acquisitionCosts.default(0n),
    valuedOn: propertyFields.valuedOn.optional(),
    serviceCharges: propertyFields.serviceCharges.default(0n),
    maintenanceCosts: propertyFields.maintenanceCosts.default(0n),
    managementFeeBps: propertyFields.managementFeeBps.default(0),
    occupancyBps: propertyFields.occupancyBps.default(10_000),
    projectedAppreciationBps: propertyFields.projectedAppreciationBps.default(0),
    holdYears: propertyFields.holdYears.default(5),
    reference: propertyFields.reference.optional(),
    slug: propertyFields.slug.optional(),
  })
  .refine((v) => fundingTargetOf(v.sharePrice, v.totalShares) !== null, { message: propertyMessages.fundingTargetFils, path: ['totalShares'] });
export type PropertyInput = z.infer<typeof propertyInput>;

/** Edits: any subset of the fields (no defaults: what is left out stays as it is). */
export const propertyPatch = z.object(propertyFields).partial();
export type PropertyPatch = z.infer<typeof propertyPatch>;

export const listQuery = z.object({
  q: z.string().trim().max(100).optional(),
  city: z.string().trim().max(60).optional(),
  community: z.string().trim().max(80).optional(),
  type: z.enum(PROPERTY_TYPES).optional(),
  status: z.enum(PROPERTY_STATUSES).optional(),
  /** Minimum net yield, bps. */
  minYieldBps: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Property value range, fils. */
  minValue: z.string().regex(/^\d{1,16}$/).optional(),
  maxValue: z.string().regex(/^\d{1,16}$/).optional(),
  sort: z.enum(['featured', 'newest', 'yield', 'value_asc', 'value_desc', 'funded', 'deadline']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const photoInput = z.object({
  alt: z.string({ error: propertyMessages.alt }).trim().min(3, propertyMessages.alt).max(200, propertyMessages.alt),
});
export const documentInput = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: 'Choose the kind of document.' }),
  title: z.string({ error: propertyMessages.docTitle }).trim().min(3, propertyMessages.docTitle).max(120, propertyMessages.docTitle),
});

export const valuationInput = z.object({
  valuedOn: dateInput('The valuation date'),
  valuation: filsInput('Valuation', { positive: true }),
  source: z.string().trim().max(120, 'Keep the source to 120 characters.').default(''),
  note: z.string().trim().max(500, propertyMessages.note).default(''),
});
export const rentInput = z.object({
  effectiveOn: dateInput('The effective date'),
  annualRent: filsInput('Annual rent'),
  occupancyBps: bpsInput('Occupancy', 10_000),
  note: z.string().trim().max(500, propertyMessages.note).default(''),
});
export const marketFigureInput = z.object({
  series: z.enum(MARKET_SERIES_KEYS, { error: propertyMessages.series }),
  month: z.string({ error: propertyMessages.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, propertyMessages.month),
  /** Hundredths of the series' unit, as an integer or digit string (142.35 → 14235). */
  value: z
    .union([z.number().int(), z.string().regex(/^-?\d{1,15}$/)], { error: propertyMessages.value })
    .transform((v) => BigInt(v)),
  source: z.string().trim().max(120, 'Keep the source to 120 characters.').default(''),
});

/** "142.35" → 14235n; null if malformed (used by the admin form before sending hundredths). */
export function parseHundredths(text: string): bigint | null {
  const m = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!m) return null;
  const v = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -v : v;
}

export * from './json-contract';
