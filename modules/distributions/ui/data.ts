/**
 * The distribution screens' data: API addresses (a query key is its URL, fetched by the app's default
 * query function) and the hooks the investor screens use. Shapes: ../contract.ts.
 */
import { useQuery } from '@tanstack/react-query';
import type { PortfolioJson } from '@modules/investing/contract';
import type { InvestorDistributionsJson, PropertyPnlJson } from '../contract';

/** The public P&L of a property (any visitor). */
export const pnlUrl = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}/pnl`;
export const PORTFOLIO_URL = '/api/portfolio';
/** An investor's payments from one property (the list contract; up to 200, newest first). */
export const myDistributionsUrl = (propertyId: string) => `/api/distributions?propertyId=${encodeURIComponent(propertyId)}&limit=200`;
/** The investor's holding page. */
export const holdingHref = (propertyId: string) => `/portfolio/holding?property=${encodeURIComponent(propertyId)}`;

export const usePnl = (propertyId: string | null) => useQuery<PropertyPnlJson>({ queryKey: [pnlUrl(propertyId ?? '')], enabled: Boolean(propertyId) });
export const usePortfolio = (enabled = true) => useQuery<PortfolioJson>({ queryKey: [PORTFOLIO_URL], enabled });
export const useMyDistributions = (propertyId: string | null) => useQuery<InvestorDistributionsJson>({ queryKey: [myDistributionsUrl(propertyId ?? '')], enabled: Boolean(propertyId) });
