import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { describeEachDb } from '@tests/helpers/db';
import { poolUserId } from '@modules/exchange/pool-setup';
import { reconciliation } from '@modules/investing';
import { createSandboxProvider } from '@modules/payments';
import { addDays, addMonths, dayInMonth, monthEnd, monthStart, todayInDubai } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import { createProperty, moneyTestDatabase } from '@modules/investing/test-helpers';
import { loadHoldings } from './inputs';
import { feeSchedulerTick } from './scheduler';
import { seedDemoFees } from './seed';
import { feeStats, previousMonthEnd } from './stats';
import { dubaiMorning, holder } from './test-helpers';

const THIS_MONTH = monthStart(todayInDubai());
const BUY = dayInMonth(addMonths(THIS_MONTH, -2), 10);

describeEachDb('platform fee scheduler and seed', (kind) => {
  let database: Database;
  const provider = createSandboxProvider({ confirmAfterMs: null });
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });
  const runs = () => q<{ through: string; trigger: string; investors: number }>(database.db, sql`select through::text, trigger, investors from platform_fee_runs order by number`);

  it('records nothing while nobody holds units', async () => {
    expect(await feeSchedulerTick(database.db)).toBeNull();
    expect(await runs()).toEqual([]);
  });

  it('leaves the liquidity pool out: its units are the operator’s own', async () => {
    const db = database.db;
    const property = await createProperty(db);
    const pool = await poolUserId(db);
    await db.execute(sql`insert into investments (user_id, property_id, units, share_price, amount, principal, fee, vat, total, wallet_balance_after, status, created_at)
      values (${pool}, ${property.id}, 10000, 100000, 100000, 100000, 0, 0, 100000, 0, 'active', ${dubaiMorning(BUY).toISOString()}::timestamptz)`);
    const holdings = await loadHoldings(db, { through: todayInDubai() });
    expect(holdings.has(pool)).toBe(false);
    expect(await feeSchedulerTick(db)).toBeNull();
    await db.execute(sql`delete from investments where user_id = ${pool}`);
  });

  it('charges the previous month once it has ended, once, and the next month when it ends', async () => {
    const db = database.db;
    const property = await createProperty(db);
    const inv = await holder(db, provider, property.id, 500_000n, BUY, 100_000n);
    expect((await feeStats(db)).dueThrough).toBe(previousMonthEnd());

    const first = await feeSchedulerTick(db);
    expect(first).toMatchObject({ through: previousMonthEnd(), investors: 1 });
    expect(await feeSchedulerTick(db)).toBeNull();
    expect(await runs()).toEqual([{ through: previousMonthEnd(), trigger: 'scheduler', investors: 1 }]);
    expect((await feeStats(db)).dueThrough).toBeNull();
    const [charge] = await q<{ from_date: string; through: string }>(db, sql`select from_date::text, through::text from platform_fee_charges where user_id = ${inv.id}`);
    expect(charge).toEqual({ from_date: BUY, through: previousMonthEnd() });

    // On the 2nd of next month, this month is charged up to its last day.
    const later = dubaiMorning(addDays(monthEnd(THIS_MONTH), 2));
    const next = await feeSchedulerTick(db, { now: later });
    expect(next).toMatchObject({ through: monthEnd(THIS_MONTH), investors: 1 });
    expect(await feeSchedulerTick(db, { now: later })).toBeNull();
    expect((await reconciliation(db)).ok).toBe(true);
  });

  it('the demo seed makes one run up to the end of last month, once', async () => {
    const db = database.db;
    const property = await createProperty(db);
    await holder(db, provider, property.id, 300_000n, BUY, 0n);
    // The earlier test already charged up to last month's end: the seed finds that run and does nothing.
    expect(await seedDemoFees(db)).toBeNull();
    const fresh = await seedDemoFees(db, { now: dubaiMorning(addDays(monthEnd(addMonths(THIS_MONTH, 1)), 1)) });
    expect(fresh).toMatchObject({ through: monthEnd(addMonths(THIS_MONTH, 1)) });
    const [seeded] = await q<{ trigger: string }>(db, sql`select trigger from platform_fee_runs where id = ${fresh!.id}`);
    expect(seeded!.trigger).toBe('seed');
    expect(await seedDemoFees(db, { now: dubaiMorning(addDays(monthEnd(addMonths(THIS_MONTH, 1)), 1)) })).toBeNull();
    expect((await reconciliation(db)).ok).toBe(true);
  });
});
