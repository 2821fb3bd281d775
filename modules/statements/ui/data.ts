/**
 * The returns, income and statement screens' data: query keys (URLs, fetched by the app's default query
 * function), the reinvestment choice's save, and small labels. Browser-safe.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvestorDistributionsJson, PreferenceJson, ReinvestChoice } from '@modules/distributions/contract';
import { bpsToPercent } from '@modules/properties/contract';
import { api } from '@site/lib/api';
import type { IncomeCalendarJson, ReturnsJson, StatementsIndexJson } from '../contract';

export const RETURNS_URL = '/api/returns';
export const CALENDAR_URL = '/api/returns/calendar';
export const STATEMENTS_URL = '/api/statements';
export const DISTRIBUTIONS_URL = '/api/distributions';
export const PREFERENCES_URL = '/api/distributions/preferences';
export const distributionsUrl = (limit: number) => `${DISTRIBUTIONS_URL}?${new URLSearchParams({ limit: String(limit), offset: '0', sort: '-paidAt' })}`;

export const useReturns = () => useQuery<ReturnsJson>({ queryKey: [RETURNS_URL] });
export const useCalendar = () => useQuery<IncomeCalendarJson>({ queryKey: [CALENDAR_URL] });
export const useStatementsIndex = () => useQuery<StatementsIndexJson>({ queryKey: [STATEMENTS_URL] });
export const useDistributions = (limit: number) => useQuery<InvestorDistributionsJson>({ queryKey: [distributionsUrl(limit)], placeholderData: (previous) => previous });
export const usePreference = () => useQuery<PreferenceJson>({ queryKey: [PREFERENCES_URL] });

/** Saves the reinvestment choice and puts the answer in the cache. */
export function useSavePreference() {
  const client = useQueryClient();
  return async (reinvest: ReinvestChoice) => {
    const saved = await api.put<PreferenceJson>(PREFERENCES_URL, { reinvest });
    client.setQueryData([PREFERENCES_URL], saved);
    return saved;
  };
}

/** A rate in basis points with its sign: 1250 → "+12.5%", -300 → "−3%"; null → null. */
export function signedPercent(bps: number | null): string | null {
  if (bps === null) return null;
  return `${bps > 0 ? '+' : bps < 0 ? '−' : ''}${bpsToPercent(Math.abs(bps))}%`;
}
