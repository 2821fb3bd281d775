/**
 * The investor SIP screens' data: query keys (URLs, fetched by the app's default query function),
 * the calls that change a plan, and API failures sorted to the field they belong to.
 */
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api, errorText } from '@site/lib/api';
import type { SipPlanDetailJson, SipPlanJson, SipSetupPreviewJson, SipSummaryJson } from '../contract';

export const PLANS_URL = '/api/sip/plans';
export const SUMMARY_URL = '/api/sip/summary';
export const PREVIEW_URL = '/api/sip/preview';
/** Properties open for funding: the ones a manual split may name. */
export const OPEN_PROPERTIES_URL = '/api/properties?status=funding&pageSize=100&sort=deadline';
export const planUrl = (id: string) => `${PLANS_URL}/${encodeURIComponent(id)}`;
export const planPageHref = (id: string) => `/sip/plan?id=${encodeURIComponent(id)}`;

/** What POST /api/sip/plans and /api/sip/preview take (amount in fils of AED, as a JSON number). */
export type PlanBody = {
  amount: number;
  dayOfMonth: number;
  mode: 'automated' | 'manual';
  allocations?: { propertyId: string; percent: number }[];
  stepUpPercent: number;
  startMonth?: string;
  currency: string;
};

export type PlanPatch = Partial<Pick<PlanBody, 'amount' | 'dayOfMonth' | 'allocations' | 'stepUpPercent'>> & { status?: 'active' | 'paused' | 'cancelled' };

export const usePlans = (enabled = true) => useQuery<{ items: SipPlanJson[] }>({ queryKey: [PLANS_URL], enabled });
export const usePlan = (id: string | null) => useQuery<SipPlanDetailJson>({ queryKey: [planUrl(id ?? '')], enabled: !!id });
export const useSummary = (enabled = true) => useQuery<SipSummaryJson>({ queryKey: [SUMMARY_URL], enabled });

/** The value once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** What the first instalment would buy today, asked again (debounced) whenever the form settles on a valid plan. */
export function usePreview(body: PlanBody | null, ms = 400) {
  const settled = useDebounced(body, ms);
  const key = settled ? JSON.stringify(settled) : '';
  return useQuery<SipSetupPreviewJson>({
    queryKey: [PREVIEW_URL, key],
    queryFn: ({ signal }) => api.post<SipSetupPreviewJson>(PREVIEW_URL, settled, { signal }),
    enabled: !!settled,
    staleTime: 30_000,
  });
}

/** After a plan changes: the plans, the summary, the dashboard and the wallet are read again. */
export function refreshSip(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0] ?? '');
      return k.startsWith('/api/sip') || k.startsWith('/api/dashboard') || k.startsWith('/api/wallet');
    },
  });
}
export const useRefreshSip = () => {
  const client = useQueryClient();
  return () => refreshSip(client);
};

export const createPlan = (body: PlanBody) => api.post<SipPlanJson>(PLANS_URL, body);
export const updatePlan = (id: string, patch: PlanPatch) => api.patch<SipPlanJson>(planUrl(id), patch);
export const skipNext = (id: string) => api.post<SipPlanDetailJson>(`${planUrl(id)}/skip`, {});
export const setMandate = (id: string, action: 'add' | 'remove') => api.post<SipPlanDetailJson>(`${planUrl(id)}/mandate`, { action });

export type FormField = 'amount' | 'dayOfMonth' | 'startMonth' | 'stepUpPercent' | 'mode' | 'allocations' | 'form';
export type FieldErrors = Partial<Record<FormField, string>>;

const FIELD_OF: Record<string, FormField> = {
  amount: 'amount',
  dayOfMonth: 'dayOfMonth',
  startMonth: 'startMonth',
  stepUpPercent: 'stepUpPercent',
  mode: 'mode',
  allocations: 'allocations',
};

/**
 * Sorts an API failure to the fields it names: a 400's `fields` (amount, dayOfMonth, allocations.0.percent
 * …), a property the split names that is unknown or not open, or else the form as a whole.
 */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  const body = error instanceof ApiError ? (error.body as { error?: string; message?: string; fields?: Record<string, string> } | null) : null;
  if (body?.fields) {
    for (const [path, message] of Object.entries(body.fields)) {
      const field = FIELD_OF[path.split('.')[0]] ?? 'form';
      out[field] ??= message;
    }
    if (Object.keys(out).length) return out;
  }
  const code = body?.error ?? '';
  const message = errorText(error, 'Something went wrong. Please try again.');
  if (['property_not_open', 'property_not_found', 'sip_allocation_invalid'].includes(code)) out.allocations = message;
  else out.form = message;
  return out;
}

/** The machine code of an API failure ('payments_not_configured', 'kyc_required', …), if any. */
export const errorCodeOf = (error: unknown): string | null =>
  error instanceof ApiError ? ((error.body as { error?: unknown } | null)?.error as string | undefined) ?? null : null;
