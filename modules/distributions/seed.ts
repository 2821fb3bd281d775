/**
 * Demo books and distributions: for each demo property open or funded with holders, the last three full months of
 * rent and costs are recorded through the books service (rent ≈ annual rent ÷ 12; service charges and
 * maintenance from the property's yearly figures ÷ 12; the management fee at the property's rate of the rent;
 * one month at 93% occupancy with a re-letting cost), and the two oldest months are distributed and paid
 * through the real run and pay services, so wallets, the ledger and the reconciliation agree. The latest month
 * stays recorded but undistributed, so /admin shows something payable. Idempotent: a month with records is not
 * recorded again, and a period with a run is not distributed again.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { holdersAt } from '@modules/investing/unit-history';
import { big, q } from '@modules/wallet';
import { recordEntry, setMonth } from './books';
import type { RecordKind } from './contract';
import { payRun } from './pay';
import { periodFigures } from './pnl';
import { approveRun } from './run-actions';
import { createRun } from './runs';
import { addPeriods, currentPeriod, periodEnd } from './shared';

const DEMO_ADMIN_EMAIL = 'admin@manzil.ae';
const MONTHS = 3;
const PAID_MONTHS = 2;
/** A re-letting cost in the month a demo property was 93% let (agency commission and utilities while empty), fils. */
const RELETTING_COST = 250_000n;

type DemoProperty = { id: string; reference: string; total_shares: string; annual_rent: string; service_charges: string; maintenance_costs: string; management_fee_bps: number };

export async function seedDemoDistributions(db: Db, opts: { now?: Date } = {}): Promise<{ records: number; paid: number }> {
  const now = opts.now ?? new Date();
  const [admin] = await q<{ id: string }>(db, sql`select id from users where lower(email) = ${DEMO_ADMIN_EMAIL}`);
  if (!admin) return { records: 0, paid: 0 };
  const properties = await q<DemoProperty>(
    db,
    sql`select id, reference, total_shares::text, annual_rent::text, service_charges::text, maintenance_costs::text, management_fee_bps
          from properties where status in ('funding', 'funded') and annual_rent > 0 order by reference`,
  );
  const current = currentPeriod(now);
  const periods = Array.from({ length: MONTHS }, (_, i) => addPeriods(current, i - MONTHS));
  let records = 0;
  let paid = 0;
  for (const [index, p] of properties.entries()) {
    if ((await holdersAt(db, p.id, periodEnd(periods[0]))).size === 0) continue;
    for (const [m, period] of periods.entries()) {
      const [done] = await q(db, sql`select 1 from property_ledger_records where property_id = ${p.id} and period = ${period} limit 1`);
      if (done) continue;
      // One property has a month with an empty week: 93% let, and a re-letting cost.
      const vacant = index === 0 && m === 1;
      const fullRent = big(p.annual_rent) / 12n;
      const rent = vacant ? (fullRent * 9_300n) / 10_000n : fullRent;
      const costs: [RecordKind, bigint, string][] = [
        ['rent', rent, vacant ? 'Rent received (the unit was empty for two days between tenants)' : 'Rent received from the tenant'],
        ['service_charges', big(p.service_charges) / 12n, 'Building service charges (one twelfth of the year)'],
        ['maintenance', big(p.maintenance_costs) / 12n, 'Maintenance and repairs'],
        ['management', (rent * BigInt(p.management_fee_bps)) / 10_000n, 'Property manager’s fee on the rent collected'],
      ];
      if (vacant) costs.push(['vacancy', RELETTING_COST, 'Agency commission and utilities while the unit was empty']);
      for (const [kind, amount, description] of costs) {
        if (amount <= 0n) continue;
        await recordEntry(db, admin.id, p.id, { period, kind, amount, description }, now);
        records += 1;
      }
      await setMonth(db, admin.id, p.id, period, { occupancyBps: vacant ? 9_300 : 10_000, note: vacant ? 'A new tenant moved in after two empty days.' : '' }, now);
    }
    for (const period of periods.slice(0, PAID_MONTHS)) {
      const [run] = await q(db, sql`select 1 from distribution_runs where property_id = ${p.id} and period = ${period} and status <> 'cancelled'`);
      if (run) continue;
      // The holders' share of the month: the distributable over every share, times the shares held at the record date
      // (the demo catalogue's older purchases are few, and the unsold or later-sold shares' part stays with the property).
      const [{ distributable }, holders] = await Promise.all([periodFigures(db, p, period), holdersAt(db, p.id, periodEnd(period))]);
      const held = [...holders.values()].reduce((s, u) => s + u, 0n);
      const amount = (distributable * (held < big(p.total_shares) ? held : big(p.total_shares))) / big(p.total_shares);
      if (amount <= 0n) continue;
      // Created by the system, so the demo admin may approve it when it is above the approval threshold.
      const { body } = await createRun(db, null, { propertyId: p.id, period, amount }, now);
      if (body.needsApproval) await approveRun(db, admin.id, body.id);
      await payRun(db, admin.id, body.id, now);
      paid += 1;
    }
  }
  return { records, paid };
}
