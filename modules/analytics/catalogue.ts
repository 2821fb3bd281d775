/**
 * The metric catalogue: every ledger account (ledger.account.<code>), every account type
 * (ledger.group.<type>) and the operational metrics (ops.*). Ledger entries are read from the chart of
 * accounts each time, so a new account is a metric at once; the investors' own client-money sub-accounts
 * are left out (their group, 2100, stands for them).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { sqlRows } from '@api/list';
import { DEBIT_NORMAL, LEDGER_ACCOUNTS, type AccountType } from '../ledger/contract';
import type { MetricDef } from './contract';
import { OPS_METRICS } from './ops-metrics';

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const satisfies readonly AccountType[];
const typeLabels: Record<AccountType, string> = { asset: 'Assets', liability: 'Liabilities', equity: 'Equity', income: 'Income', expense: 'Expenses' };
const FLOW_TYPES: readonly AccountType[] = ['income', 'expense'];

export type LedgerAccountRow = { id: string; code: string; name: string; type: AccountType; parent_id: string | null; is_group: boolean; description: string; archived: boolean };

/** The chart of accounts; without `all`, the investors' client-money sub-accounts are left out. */
export const loadChart = (db: Db, opts: { all?: boolean } = {}) =>
  sqlRows<LedgerAccountRow>(
    db,
    sql`select a.id, a.code, a.name, a.type, a.parent_id, a.is_group, a.description, a.archived_at is not null as archived
          from ledger_accounts a
         where ${opts.all ? sql`true` : sql`(a.ref is null or not exists (select 1 from ledger_accounts g where g.id = a.parent_id and g.code = ${LEDGER_ACCOUNTS.investorClientMoney}))`}
         order by a.code`,
  );

const sideText = (type: AccountType) => (DEBIT_NORMAL.includes(type) ? 'debits less credits' : 'credits less debits');

function accountMetric(a: LedgerAccountRow): MetricDef {
  const flow = FLOW_TYPES.includes(a.type);
  const what = flow ? `Posted ${sideText(a.type)} in each period (year-end closing entries left out)` : `Balance (${sideText(a.type)}) at the end of each period`;
  return {
    key: `ledger.account.${a.code}`,
    label: `${a.code} ${a.name}${a.archived ? ' (archived)' : ''}`,
    group: `Ledger: ${typeLabels[a.type]}`,
    description: `${what}${a.is_group ? ', with its sub-accounts' : ''}.${a.description ? ` ${a.description}` : ''}`,
    unit: 'money',
    aggregation: flow ? 'flow' : 'stock',
    dimensions: ['costCenter', 'property'],
    ledgerAccount: a.code,
  };
}

function typeMetric(type: AccountType): MetricDef {
  const flow = FLOW_TYPES.includes(type);
  return {
    key: `ledger.group.${type}`,
    label: `All ${typeLabels[type].toLowerCase()}`,
    group: 'Ledger: totals',
    description: flow
      ? `Every ${type} account together: posted ${sideText(type)} in each period (year-end closing entries left out).`
      : `Every ${type} account together: balance (${sideText(type)}) at the end of each period.`,
    unit: 'money',
    aggregation: flow ? 'flow' : 'stock',
    dimensions: ['costCenter', 'property'],
  };
}

export async function listMetrics(db: Db): Promise<MetricDef[]> {
  const chart = await loadChart(db);
  return [...ACCOUNT_TYPES.map(typeMetric), ...chart.map(accountMetric), ...OPS_METRICS];
}

export async function getMetric(db: Db, key: string): Promise<MetricDef | null> {
  if (key.startsWith('ledger.group.')) {
    const type = key.slice('ledger.group.'.length) as AccountType;
    return ACCOUNT_TYPES.includes(type) ? typeMetric(type) : null;
  }
  if (key.startsWith('ledger.account.')) {
    const code = key.slice('ledger.account.'.length);
    const chart = await loadChart(db);
    const found = chart.find((a) => a.code === code);
    return found ? accountMetric(found) : null;
  }
  return OPS_METRICS.find((m) => m.key === key) ?? null;
}

/** The ids of an account and every account beneath it. */
export function subtreeIds(chart: LedgerAccountRow[], rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const a of chart) if (a.parent_id) children.set(a.parent_id, [...(children.get(a.parent_id) ?? []), a.id]);
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) ids.push(...(children.get(ids[i]!) ?? []));
  return ids;
}
