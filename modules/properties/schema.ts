import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/*
 * Properties: the catalogue investors buy shares of.
 *
 * Money is integer fils of AED (bigint). Shares are fixed-point integers: total_shares and shares_sold
 * count SHARE UNITS, SHARE_SCALE (10,000) units to a share (modules/properties/contract.ts), so
 * fractional shares never touch floats. share_price is the price of one whole share in fils;
 * funding_target = share_price × total_shares / SHARE_SCALE (a CHECK keeps it so).
 *
 * gross_yield_bps and net_yield_bps are derived from the financials by the service on every write
 * (propertyYields in contract.ts, the one formula) so the catalogue can filter and sort on them in SQL.
 *
 * Purchases (helper money-api) update shares_sold with a conditional UPDATE; the CHECK
 * (0 <= shares_sold <= total_shares) lives in the custom migration 00xx_property_guards.sql.
 */
export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Human reference, unique and stable: "MZ-DXB-001", "MZ-AUH-002". */
    reference: text('reference').notNull(),
    /** URL slug, unique: "marina-gate-two-bedroom". /property/{id} accepts the uuid, the slug or the reference. */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** One or two sentences for cards, meta descriptions and link previews. */
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    community: text('community').notNull(),
    city: text('city').notNull(),
    /** 'apartment' | 'villa' | 'townhouse' | 'penthouse' | 'duplex' (PROPERTY_TYPES in contract.ts). */
    propertyType: text('property_type').notNull(),
    /** 0 is a studio. */
    bedrooms: integer('bedrooms').notNull().default(0),
    bathrooms: integer('bathrooms').notNull().default(1),
    sizeSqft: integer('size_sqft').notNull(),
    yearBuilt: integer('year_built'),
    /** Amenities and selling points, short phrases. */
    features: jsonb('features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** 'draft' | 'coming_soon' | 'funding' | 'funded' | 'exited' | 'closed'. */
    status: text('status').notNull().default('draft'),

    /** Price of one whole share, fils. */
    sharePrice: bigint('share_price', { mode: 'bigint' }).notNull(),
    /** Share units (SHARE_SCALE per share). */
    totalShares: bigint('total_shares', { mode: 'bigint' }).notNull(),
    /** Share units sold so far. */
    sharesSold: bigint('shares_sold', { mode: 'bigint' }).notNull().default(sql`0`),
    /** fils = share_price × total_shares / SHARE_SCALE. */
    fundingTarget: bigint('funding_target', { mode: 'bigint' }).notNull(),
    fundingDeadline: date('funding_deadline', { mode: 'string' }),

    /** What the vehicle pays the seller, fils. */
    purchasePrice: bigint('purchase_price', { mode: 'bigint' }).notNull(),
    /** DLD transfer fee, registration, broker and legal costs, fils (paid once, inside the funding target). */
    acquisitionCosts: bigint('acquisition_costs', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Latest valuation, fils (history in property_valuations). */
    valuation: bigint('valuation', { mode: 'bigint' }).notNull(),
    valuedOn: date('valued_on', { mode: 'string' }),

    /** Contracted or expected annual rent at full occupancy, fils (history in property_rents). */
    annualRent: bigint('annual_rent', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Annual service charges (owners' association), fils. */
    serviceCharges: bigint('service_charges', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Annual maintenance reserve and insurance, fils. */
    maintenanceCosts: bigint('maintenance_costs', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Property manager's fee, basis points of collected rent. */
    managementFeeBps: integer('management_fee_bps').notNull().default(0),
    /** Expected occupancy, basis points (9500 = 95%). */
    occupancyBps: integer('occupancy_bps').notNull().default(10_000),
    /** Projected annual capital appreciation, basis points. */
    projectedAppreciationBps: integer('projected_appreciation_bps').notNull().default(0),
    /** Planned holding period before the exit, years. */
    holdYears: integer('hold_years').notNull().default(5),
    /** Derived (contract.ts propertyYields): annual rent / valuation. */
    grossYieldBps: integer('gross_yield_bps').notNull().default(0),
    /** Derived: net rental income / funding target. */
    netYieldBps: integer('net_yield_bps').notNull().default(0),

    publishedAt: timestamp('published_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('properties_reference_unique').on(t.reference),
    uniqueIndex('properties_slug_unique').on(t.slug),
    index('properties_status_idx').on(t.status),
    index('properties_city_idx').on(t.city),
    check(
      'properties_status_check',
      sql`${t.status} in ('draft', 'coming_soon', 'funding', 'funded', 'exited', 'closed')`,
    ),
    check('properties_share_price_positive', sql`${t.sharePrice} > 0`),
    check('properties_total_shares_positive', sql`${t.totalShares} > 0`),
    check('properties_money_nonnegative', sql`${t.purchasePrice} >= 0 and ${t.acquisitionCosts} >= 0 and ${t.valuation} >= 0 and ${t.annualRent} >= 0 and ${t.serviceCharges} >= 0 and ${t.maintenanceCosts} >= 0`),
    check('properties_bps_range', sql`${t.occupancyBps} between 0 and 10000 and ${t.managementFeeBps} between 0 and 10000`),
  ],
);

/** Photos, in gallery order (position 0 is the cover). Either a stored file (modules/files) or a bundled asset path. */
export const propertyPhotos = pgTable(
  'property_photos',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** A modules/files id (visibility 'public'), or null for a bundled asset. */
    fileId: uuid('file_id'),
    /** Where the browser loads it: "/properties/marina-gate-1.svg" or "/api/files/{fileId}". */
    url: text('url').notNull(),
    alt: text('alt').notNull(),
    position: integer('position').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('property_photos_property_idx').on(t.propertyId, t.position)],
);

/** Documents investors can read before investing: title deed, valuation report, vehicle (SPV) documents… */
export const propertyDocuments = pgTable(
  'property_documents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** 'title_deed' | 'valuation_report' | 'vehicle_documents' | 'tenancy_contract' | 'other'. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    fileId: uuid('file_id'),
    url: text('url').notNull(),
    sizeBytes: integer('size_bytes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('property_documents_property_idx').on(t.propertyId)],
);

/** Every valuation of a property over time; the latest also sits on properties.valuation. */
export const propertyValuations = pgTable(
  'property_valuations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    valuedOn: date('valued_on', { mode: 'string' }).notNull(),
    valuation: bigint('valuation', { mode: 'bigint' }).notNull(),
    /** Who valued it: "Independent RICS valuer", "Acquisition price". */
    source: text('source').notNull().default(''),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('property_valuations_day_unique').on(t.propertyId, t.valuedOn),
    check('property_valuations_positive', sql`${t.valuation} > 0`),
  ],
);

/** Rent and occupancy over time; the latest also sits on properties.annual_rent / occupancy_bps. */
export const propertyRents = pgTable(
  'property_rents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    annualRent: bigint('annual_rent', { mode: 'bigint' }).notNull(),
    occupancyBps: integer('occupancy_bps').notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('property_rents_day_unique').on(t.propertyId, t.effectiveOn),
    check('property_rents_nonnegative', sql`${t.annualRent} >= 0 and ${t.occupancyBps} between 0 and 10000`),
  ],
);

/**
 * Market index figures: one value per series and period (month). Values are fixed-point integers in
 * hundredths (an index of 142.35 is 14235; a price per sq ft of AED 1,850.00 is 185000 fils; a yield
 * of 6.4% is 640 bps), the series' unit says which (MARKET_SERIES in contract.ts).
 */
export const marketIndexFigures = pgTable(
  'market_index_figures',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** 'dubai-price-index', 'abu-dhabi-rent-index', … */
    series: text('series').notNull(),
    /** First day of the month the figure is for. */
    period: date('period', { mode: 'string' }).notNull(),
    value: bigint('value', { mode: 'bigint' }).notNull(),
    source: text('source').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('market_index_figures_series_period_unique').on(t.series, t.period),
    check('market_index_figures_period_first_day', sql`extract(day from ${t.period}) = 1`),
  ],
);

export type Property = typeof properties.$inferSelect;
export type NewProperty = typeof properties.$inferInsert;
export type PropertyPhoto = typeof propertyPhotos.$inferSelect;
export type PropertyDocument = typeof propertyDocuments.$inferSelect;
export type PropertyValuation = typeof propertyValuations.$inferSelect;
export type PropertyRent = typeof propertyRents.$inferSelect;
export type MarketIndexFigure = typeof marketIndexFigures.$inferSelect;
