/** What the payroll screens share: API addresses (a query key is its URL), refreshing after a change, tones and choosers. */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Tone } from '@site/components/admin/table';
import { formatAed, parseFils } from '@modules/platform/money';
import type { PayrollStatus } from '../../contract';

export const PAYROLL = '/api/admin/payroll';
export const EMPLOYEES = `${PAYROLL}/employees`;
export const RUNS = `${PAYROLL}/runs`;
export const SETTINGS = `${PAYROLL}/settings`;
export const COSTS = `${PAYROLL}/runs/costs`;
export const enc = encodeURIComponent;

export const aed = (v: string | bigint | null | undefined) => formatAed(v ?? 0n);
export const runTone: Record<PayrollStatus, Tone> = { draft: 'neutral', approved: 'brand', paid: 'success' };
export const runLabels: Record<PayrollStatus, string> = { draft: 'Draft', approved: 'Approved', paid: 'Paid' };

/** After any payroll change: every payroll list and the ledger figures. */
export const refreshPayroll = (client: QueryClient) => client.invalidateQueries({ predicate: (q) => [PAYROLL, '/api/admin/ledger'].some((p) => String(q.queryKey[0] ?? '').startsWith(p)) });

export const useCostCenters = () => useQuery<{ items: { code: string; name: string; archived: boolean }[] }>({ queryKey: ['/api/admin/ledger/cost-centers?limit=200'], staleTime: 60_000 });
export const useBankAccounts = () => useQuery<{ items: { id: string; name: string; iban: string }[] }>({ queryKey: ['/api/admin/bank-accounts'], staleTime: 60_000 });

/** "12,000.50" typed in dirhams → fils as a string, or null when it is not an amount. */
export function filsFromText(text: string): string | null {
  const fils = parseFils(text.trim() || '0');
  return fils === null || fils < 0n ? null : fils.toString();
}
