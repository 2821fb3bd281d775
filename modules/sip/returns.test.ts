import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { addMonths, dayInMonth, monthStart, todayInDubai } from '@modules/platform/dates';
import { createSandboxProvider } from '@modules/payments';
import { clientWith, createInvestor, createProperty, fundWallet, moneyTestDatabase } from '@modules/investing/test-helpers';
import { noonInDubai, payDistribution } from '@modules/statements/test-helpers';
import type { SipPlanDetailJson, SipPlanJson, SipSummaryJson } from './contract';

const DAY = 10;
const LAST_MONTH = addMonths(monthStart(todayInDubai()), -1);
const DUE = dayInMonth(LAST_MONTH, DAY);

describeEachDb('SIP returns with rental income', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  const provider = createSandboxProvider({ confirmAfterMs: null });

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    await database.db.execute(sql`update properties set status = 'funded' where status = 'funding'`);
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  it("counts the plan's pro-rata share of each paid distribution as its income", async () => {
    const db = database.db;
    const property = await createProperty(db);
    const inv = await createInvestor(db);
    const client = clientWith(app, inv.token);
    await fundWallet(db, inv.id, 400_000n, provider);
    // One share bought through the plan, one bought directly: the plan earns half of what the holding is paid.
    const plan = (await client.json<SipPlanJson>('POST', '/api/sip/plans', { amount: 100_000, dayOfMonth: DAY, mode: 'manual', allocations: [{ propertyId: property.id, percent: 100 }] })).body;
    await db.execute(sql`update sip_plans set start_month = ${LAST_MONTH}::date, day_of_month = ${DAY} where id = ${plan.id}`);
    expect((await admin.json('POST', '/api/admin/sip/runs', { date: DUE })).status).toBe(200);
    expect((await client.json('POST', '/api/investments', { propertyId: property.id, amount: '100000' })).status).toBe(201);

    const before = await client.json<SipPlanDetailJson>('GET', `/api/sip/plans/${plan.id}`);
    expect(before.body.returns).toMatchObject({ invested: '100000', income: '0' });

    const today = todayInDubai();
    await payDistribution(db, { propertyId: property.id, period: today.slice(0, 7), recordDate: today, at: new Date(), lines: [{ ...inv, units: 20_000n, amount: 30_001n }] });
    // A run before the plan bought anything pays the plan nothing.
    await payDistribution(db, { propertyId: property.id, period: addMonths(LAST_MONTH, -1).slice(0, 7), recordDate: addMonths(LAST_MONTH, -1), at: noonInDubai(addMonths(LAST_MONTH, -1)), lines: [{ ...inv, units: 20_000n, amount: 9_999n }] });

    // 30,001 × 10,000 plan units ÷ 20,000 units, rounded down.
    const after = await client.json<SipPlanDetailJson>('GET', `/api/sip/plans/${plan.id}`);
    expect(after.body.returns).toMatchObject({ invested: '100000', income: '15000' });
    const summary = await client.json<SipSummaryJson>('GET', '/api/sip/summary');
    expect(summary.body.returns.income).toBe('15000');
    expect(summary.body.plans[0].returns.income).toBe('15000');
  });
});
