/**
 * The JSON shapes of the properties API (split from contract.ts, which re-exports them). Amounts are strings of
 * integer fils of AED; share counts are strings of share units; rates are integer basis points.
 */
import type { DocumentKind, PropertyFinancials, PropertyStatus, PropertyType } from './contract';

export type PropertyPhotoJson = { id: string; url: string; alt: string; position: number };
export type PropertyDocumentJson = { id: string; kind: DocumentKind; title: string; url: string; sizeBytes: number | null };

/** One card of the catalogue (GET /api/properties). */
export type PropertyCardJson = {
  id: string;
  reference: string;
  slug: string;
  title: string;
  summary: string;
  community: string;
  city: string;
  propertyType: PropertyType;
  bedrooms: number;
  bathrooms: number;
  sizeSqft: number;
  status: PropertyStatus;
  sharePrice: string;
  /** Share units. */
  totalShares: string;
  sharesSold: string;
  /** Basis points of the shares sold (0..10000), and the same as a percentage with up to 2 decimals. */
  fundedBps: number;
  fundedPercent: number;
  fundingTarget: string;
  fundingDeadline: string | null;
  valuation: string;
  grossYieldBps: number;
  netYieldBps: number;
  projectedAppreciationBps: number;
  cover: PropertyPhotoJson | null;
  publishedAt: string | null;
};

/** GET /api/properties/{id}: the card plus everything the detail page shows. */
export type PropertyDetailJson = PropertyCardJson & {
  updatedAt: string;
  description: string;
  yearBuilt: number | null;
  features: string[];
  purchasePrice: string;
  acquisitionCosts: string;
  valuedOn: string | null;
  annualRent: string;
  serviceCharges: string;
  maintenanceCosts: string;
  managementFeeBps: number;
  occupancyBps: number;
  holdYears: number;
  collectedRent: string;
  managementFee: string;
  netIncome: string;
  photos: PropertyPhotoJson[];
  documents: PropertyDocumentJson[];
  valuations: { valuedOn: string; valuation: string; source: string }[];
  rents: { effectiveOn: string; annualRent: string; occupancyBps: number }[];
};

export type PropertyListJson = { items: PropertyCardJson[]; total: number; page: number; pageSize: number; pages: number };

/** The financials of a detail JSON as bigints, for quoteInvestment. */
export function financialsOf(p: Pick<PropertyDetailJson, 'valuation' | 'fundingTarget' | 'annualRent' | 'occupancyBps' | 'serviceCharges' | 'maintenanceCosts' | 'managementFeeBps'>): PropertyFinancials {
  return {
    valuation: BigInt(p.valuation),
    fundingTarget: BigInt(p.fundingTarget),
    annualRent: BigInt(p.annualRent),
    occupancyBps: p.occupancyBps,
    serviceCharges: BigInt(p.serviceCharges),
    maintenanceCosts: BigInt(p.maintenanceCosts),
    managementFeeBps: p.managementFeeBps,
  };
}
