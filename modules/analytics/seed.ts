/**
 * The demo's "Operator overview": a dashboard shared with all admins, owned by the first admin, with cash
 * at bank over the last year, platform fee income by month, assets under management against last month and
 * the year's expenses by cost center. Idempotent (by name).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { sqlRows } from '@api/list';
import { LEDGER_ACCOUNTS } from '../ledger/contract';
import { createDashboardInput, type Widget } from './dashboard-contract';
import { createDashboard } from './dashboards';

export const OPERATOR_OVERVIEW = 'Operator overview';

export const operatorOverviewWidgets: Widget[] = [
  { id: 'cash', title: 'Cash at bank (operating account)', metric: `ledger.account.${LEDGER_ACCOUNTS.bankOperating}`, chart: 'line', period: { preset: 'last_12_months' }, bucket: 'month', comparison: 'none', filters: {}, breakdown: null, layout: { x: 0, y: 0, w: 6, h: 4 } },
  { id: 'fees', title: 'Platform fee income', metric: `ledger.account.${LEDGER_ACCOUNTS.platformFees}`, chart: 'bar', period: { preset: 'last_12_months' }, bucket: 'month', comparison: 'previous_year', filters: {}, breakdown: null, layout: { x: 6, y: 0, w: 6, h: 4 } },
  { id: 'aum', title: 'Assets under management', metric: 'ops.aum', chart: 'number', period: { preset: 'this_month' }, bucket: 'month', comparison: 'previous_period', filters: {}, breakdown: null, layout: { x: 0, y: 4, w: 4, h: 4 } },
  { id: 'expenses', title: 'Expenses by cost center, year to date', metric: 'ledger.group.expense', chart: 'pie', period: { preset: 'year_to_date' }, bucket: 'month', comparison: 'none', filters: {}, breakdown: 'costCenter', layout: { x: 4, y: 4, w: 8, h: 4 } },
];

export async function seedDashboards(db: Db): Promise<{ created: number }> {
  const [existing] = await sqlRows<{ id: string }>(db, sql`select id from dashboards where name = ${OPERATOR_OVERVIEW} limit 1`);
  if (existing) return { created: 0 };
  const [owner] = await sqlRows<{ id: string }>(db, sql`select id from users where role = 'admin' order by created_at, id limit 1`);
  if (!owner) return { created: 0 };
  const input = createDashboardInput.parse({ name: OPERATOR_OVERVIEW, description: 'Cash, fee income, assets under management and spend by cost center, for the whole team.', sharedWithAll: true, widgets: operatorOverviewWidgets });
  await createDashboard(db, owner.id, input);
  return { created: 1 };
}
