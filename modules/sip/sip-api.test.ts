import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { addMonths, dayInMonth, monthStart, todayInDubai } from '@modules/platform/dates';
import { createSandboxProvider } from '@modules/payments';
import { SHARE_SCALE } from '@modules/properties/contract';
import { q } from '@modules/wallet';
import type { ReconciliationJson } from '@modules/investing/contract';
import { clientWith, createInvestor, createProperty, fundWallet, moneyTestDatabase, snapshot } from '@modules/investing/test-helpers';
import type { SipPlanDetailJson, SipPlanJson, SipPropertyJson, SipRunResultJson, SipSummaryJson, SipUpcomingJson } from './contract';

/** The collection day every test plan uses, in the month before this one (so a run for it is never in the future). */
const DAY = 10;
const LAST_MONTH = addMonths(monthStart(todayInDubai()), -1);
const DUE = dayInMonth(LAST_MONTH, DAY);
const RETRY = dayInMonth(LAST_MONTH, DAY + 3);

describeEachDb('SIP API', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  const provider = createSandboxProvider({ confirmAfterMs: null });

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    // Only the properties a test creates are open for funding.
    await database.db.execute(sql`update properties set status = 'funded' where status = 'funding'`);
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  const investor = async (fils: bigint) => {
    const inv = await createInvestor(database.db);
    if (fils > 0n) await fundWallet(database.db, inv.id, (fils * 10_000n) / (10_000n - 53n) + 1n, provider);
    return { ...inv, client: clientWith(app, inv.token) };
  };
  /** Moves a plan's start back to last month so that `DUE` is its (past) collection date. */
  const backdate = (planId: string) => database.db.execute(sql`update sip_plans set start_month = ${LAST_MONTH}::date, day_of_month = ${DAY} where id = ${planId}`);
  const available = async (userId: string) => {
    const [w] = await q<{ a: string }>(database.db, sql`select (balance - held)::text as a from wallets where user_id = ${userId}`);
    return BigInt(w?.a ?? '0');
  };
  const runFor = (date: string) => admin.json<SipRunResultJson>('POST', '/api/admin/sip/runs', { date });
  const reconcile = async () => {
    const r = await admin.json<ReconciliationJson>('GET', '/api/admin/reconciliation');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });
  };
  /** Closes every plan the earlier tests left active, so each run below sees only its own. */
  const onlyThese = (ids: string[]) =>
    database.db.execute(sql`update sip_plans set status = 'cancelled' where status <> 'cancelled' and not (id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid))`);

  it('refuses visitors, investors on admin routes, and bad plans with the message the investor reads', async () => {
    const visitor = new TestClient(app);
    expect((await visitor.request('GET', '/api/sip/plans')).status).toBe(401);
    expect((await visitor.request('POST', '/api/sip/plans', { amount: 1 })).status).toBe(401);
    const inv = await investor(0n);
    for (const path of ['/api/admin/sip/stats', '/api/admin/sip/runs', '/api/admin/sip/upcoming']) expect((await inv.client.request('GET', path)).status, path).toBe(403);
    expect((await inv.client.request('POST', '/api/admin/sip/runs', { date: DUE })).status).toBe(403);

    const low = await inv.client.json<{ error: string; message: string }>('POST', '/api/sip/plans', { amount: 19_999, dayOfMonth: 5, mode: 'automated' });
    expect(low.status).toBe(400);
    expect(low.body.message).toContain('The monthly amount must be at least AED 200.');
    const day = await inv.client.json<{ message: string }>('POST', '/api/sip/plans', { amount: 20_000, dayOfMonth: 29, mode: 'automated' });
    expect(day.status).toBe(400);
    expect(day.body.message).toContain('Choose a collection day from 1 to 28.');

    const open = await createProperty(database.db);
    const closed = await createProperty(database.db, { status: 'funded', title: 'Closed Tower' });
    const split90 = await inv.client.json<{ message: string }>('POST', '/api/sip/plans', {
      amount: 50_000,
      dayOfMonth: 5,
      mode: 'manual',
      allocations: [{ propertyId: open.id, percent: 90 }],
    });
    expect(split90.status).toBe(400);
    expect(split90.body.message).toContain('The split adds up to 90%; it must add up to exactly 100%.');
    const notOpen = await inv.client.json<{ error: string; message: string }>('POST', '/api/sip/plans', {
      amount: 50_000,
      dayOfMonth: 5,
      mode: 'manual',
      allocations: [
        { propertyId: open.id, percent: 50 },
        { propertyId: closed.id, percent: 50 },
      ],
    });
    expect(notOpen.status).toBe(422);
    expect(notOpen.body).toMatchObject({ error: 'property_not_open', message: 'Closed Tower is not open for funding, so it cannot be part of a plan.' });
    const unknown = await inv.client.json<{ error: string }>('POST', '/api/sip/plans', { amount: 50_000, dayOfMonth: 5, mode: 'manual', allocations: [{ propertyId: 'MZ-NOPE-1', percent: 100 }] });
    expect(unknown.status).toBe(404);
    expect((await inv.client.json<{ items: unknown[] }>('GET', '/api/sip/plans')).body.items).toHaveLength(0);
  });

  it('runs a plan through its life: create, edit, pause, resume, skip, cancel', async () => {
    const inv = await investor(0n);
    const created = await inv.client.json<SipPlanJson>('POST', '/api/sip/plans', { amount: 25_000, dayOfMonth: 15, mode: 'automated', stepUpPercent: 10, currency: 'INR' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'active', mode: 'automated', amount: '25000', dayOfMonth: 15, stepUpPercent: 10, currency: 'INR' });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.nextCollectionDate).toMatch(/^\d{4}-\d{2}-15$/);
    expect(created.body.nextCollectionDate! >= todayInDubai()).toBe(true);
    const id = created.body.id;

    const edited = await inv.client.json<SipPlanJson>('PATCH', `/api/sip/plans/${id}`, { amount: 30_000, dayOfMonth: 20 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ amount: '30000', dayOfMonth: 20 });
    expect(edited.body.nextCollectionDate).toMatch(/-20$/);

    expect((await inv.client.json<SipPlanJson>('PATCH', `/api/sip/plans/${id}`, { status: 'paused' })).body.status).toBe('paused');
    const skipPaused = await inv.client.json<{ error: string }>('POST', `/api/sip/plans/${id}/skip`, {});
    expect(skipPaused.status).toBe(409);
    expect(skipPaused.body.error).toBe('sip_plan_not_active');
    expect((await inv.client.json<SipPlanJson>('PATCH', `/api/sip/plans/${id}`, { status: 'active' })).body.status).toBe('active');

    const before = (await inv.client.json<SipPlanJson>('GET', `/api/sip/plans/${id}`)).body.nextCollectionDate!;
    const skipped = await inv.client.json<SipPlanDetailJson>('POST', `/api/sip/plans/${id}/skip`, {});
    expect(skipped.status).toBe(200);
    expect(skipped.body.nextCollectionDate! > before).toBe(true);
    const detail = await inv.client.json<SipPlanDetailJson>('GET', `/api/sip/plans/${id}`);
    expect(detail.body.instalments.map((i) => i.status)).toEqual(['skipped']);
    expect(detail.body.totals.skipped).toBe(1);
    const again = await inv.client.json<{ error: string }>('POST', `/api/sip/plans/${id}/skip`, { month: before.slice(0, 7) });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('sip_month_handled');

    // Another investor cannot see or touch it.
    const other = await investor(0n);
    expect((await other.client.request('GET', `/api/sip/plans/${id}`)).status).toBe(404);
    expect((await other.client.request('PATCH', `/api/sip/plans/${id}`, { status: 'cancelled' })).status).toBe(404);
    expect((await other.client.request('GET', '/api/sip/plans/not-a-uuid')).status).toBe(404);

    const cancelled = await inv.client.json<SipPlanJson>('PATCH', `/api/sip/plans/${id}`, { status: 'cancelled' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', nextCollectionDate: null });
    const afterCancel = await inv.client.json<{ error: string }>('PATCH', `/api/sip/plans/${id}`, { amount: 40_000 });
    expect(afterCancel.status).toBe(409);
    expect(afterCancel.body.error).toBe('sip_plan_cancelled');
  });

  it('collects a month once: the run buys, debits and posts in one go, and a second run for the date collects nothing', async () => {
    const a = await createProperty(database.db, { city: 'Dubai' });
    const b = await createProperty(database.db, { city: 'Abu Dhabi' });
    const inv = await investor(300_000n);
    const plan = (await inv.client.json<SipPlanJson>('POST', '/api/sip/plans', { amount: 100_000, dayOfMonth: DAY, mode: 'manual', allocations: [{ propertyId: a.id, percent: 60 }, { propertyId: b.id, percent: 40 }] })).body;
    await backdate(plan.id);
    await onlyThese([plan.id]);

    const upcoming = await admin.json<SipUpcomingJson>('GET', `/api/admin/sip/upcoming?date=${DUE}`);
    expect(upcoming.status).toBe(200);
    expect(upcoming.body).toMatchObject({ date: DUE, plans: 1, amountDue: '100000', expectedToFail: [] });

    const walletBefore = await available(inv.id);
    const run = await runFor(DUE);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ collected: 1, failed: 0, runDate: DUE });
    expect(run.body.items).toHaveLength(1);
    const item = run.body.items[0];
    expect(item).toMatchObject({ planId: plan.id, status: 'collected', amount: '100000' });
    const byProperty = new Map(item.investments.map((i) => [i.propertyId, i]));
    expect(byProperty.get(a.id)!.amount).toBe('60000');
    expect(byProperty.get(b.id)!.amount).toBe('40000');
    expect(BigInt(byProperty.get(a.id)!.units)).toBe((60_000n * SHARE_SCALE) / 100_000n);
    // The preview was computed by the same code: it named the same properties and amounts.
    expect(upcoming.body.properties.map((p) => [p.propertyId, p.amount]).sort()).toEqual(item.investments.map((i) => [i.propertyId, i.amount]).sort());

    // The wallet paid exactly what was invested (the fee on purchases included).
    const spent = walletBefore - (await available(inv.id));
    expect(spent).toBeGreaterThanOrEqual(100_000n);
    const [inv2] = await q<{ n: number; principal: string }>(database.db, sql`select count(*)::int as n, sum(principal)::text as principal from investments where user_id = ${inv.id}`);
    expect(inv2).toMatchObject({ n: 2, principal: '100000' });
    const [h] = await q<{ units: string }>(database.db, sql`select units::text from holdings where user_id = ${inv.id} and property_id = ${a.id}`);
    expect(BigInt(h.units)).toBe(BigInt(byProperty.get(a.id)!.units));

    const again = await runFor(DUE);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ collected: 0, failed: 0, items: [] });
    expect(await available(inv.id)).toBe(walletBefore - spent);

    const fetched = await admin.json<SipRunResultJson>('GET', `/api/admin/sip/runs/${run.body.id}`);
    expect(fetched.body).toMatchObject({ id: run.body.id, collected: 1 });
    expect(fetched.body.items[0].planReference).toBe(plan.reference);
    // The operator drills into the plan from the run; an investor cannot use the admin route.
    const drill = await admin.json<SipPlanDetailJson>('GET', `/api/admin/sip/plans/${plan.id}`);
    expect(drill.status).toBe(200);
    expect(drill.body.instalments[0]).toMatchObject({ status: 'collected', dueDate: DUE });
    expect((await inv.client.request('GET', `/api/admin/sip/plans/${plan.id}`)).status).toBe(403);
    const detail = await inv.client.json<SipPlanDetailJson>('GET', `/api/sip/plans/${plan.id}`);
    expect(detail.body.instalments[0]).toMatchObject({ status: 'collected', dueDate: DUE, amount: '100000', invested: '100000' });
    expect(detail.body.instalments[0].purchases).toHaveLength(2);
    expect(detail.body.instalments[0].explanation.length).toBeGreaterThan(0);
    expect(detail.body.totals).toMatchObject({ collected: 1, invested: '100000' });
    const summary = await inv.client.json<SipSummaryJson>('GET', '/api/sip/summary');
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ activePlans: 1, totalInvested: '100000' });
    expect(summary.body.returns.invested).toBe('100000');
    expect(BigInt(summary.body.returns.valueChange) + BigInt(summary.body.returns.invested)).toBe(BigInt(summary.body.returns.currentValue));
    await reconcile();
  });

  it('fails for want of funds without debiting, notifies, retries once and then marks the instalment failed', async () => {
    await createProperty(database.db);
    const inv = await investor(10_000n);
    const plan = (await inv.client.json<SipPlanJson>('POST', '/api/sip/plans', { amount: 50_000, dayOfMonth: DAY, mode: 'automated' })).body;
    await backdate(plan.id);
    await onlyThese([plan.id]);
    const upcoming = await admin.json<SipUpcomingJson>('GET', `/api/admin/sip/upcoming?date=${DUE}`);
    expect(upcoming.body.expectedToFail.map((f) => f.planId)).toEqual([plan.id]);

    const before = await snapshot(database.db);
    const first = await runFor(DUE);
    expect(first.body).toMatchObject({ collected: 0, retrying: 1 });
    expect(first.body.items[0]).toMatchObject({ planId: plan.id, status: 'retrying', failureCode: 'insufficient_funds' });
    const after = await snapshot(database.db);
    expect({ ...after, keys: before.keys }).toEqual(before);

    const [note] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from notifications where user_id = ${inv.id} and kind in ('sip', 'sip_alert')`);
    expect(note.n).toBeGreaterThan(0);

    const second = await runFor(RETRY);
    expect(second.body).toMatchObject({ failed: 1 });
    const detail = await inv.client.json<SipPlanDetailJson>('GET', `/api/sip/plans/${plan.id}`);
    expect(detail.body.instalments[0]).toMatchObject({ status: 'failed', attempts: 2, failureCode: 'insufficient_funds' });
    expect(detail.body.instalments[0].failureReason).toBeTruthy();
    expect(await available(inv.id)).toBeGreaterThanOrEqual(10_000n);
    await reconcile();
  });

  it('spills to the next eligible property when one fills up, and keeps a remainder below one unit in the wallet', async () => {
    const small = await createProperty(database.db, { shares: 1n, sharePrice: 100_000n, title: 'Almost Full' });
    const next = await createProperty(database.db, { title: 'Spill Target' });
    await database.db.execute(sql`update properties set status = 'funded' where status = 'funding' and id not in (${small.id}, ${next.id})`);
    const inv = await investor(400_000n);
    const plan = (await inv.client.json<SipPlanJson>('POST', '/api/sip/plans', { amount: 300_000, dayOfMonth: DAY, mode: 'manual', allocations: [{ propertyId: small.id, percent: 100 }] })).body;
    await backdate(plan.id);
    await onlyThese([plan.id]);

    const run = await runFor(DUE);
    expect(run.body.collected).toBe(1);
    const inv1 = new Map(run.body.items[0].investments.map((i) => [i.propertyId, i]));
    expect(inv1.get(small.id)!.amount).toBe('100000');
    expect(inv1.get(next.id)!.amount).toBe('200000');
    const [p] = await q<{ sold: string; status: string }>(database.db, sql`select shares_sold::text as sold, status from properties where id = ${small.id}`);
    expect(BigInt(p.sold)).toBe(SHARE_SCALE);
    const detail = await inv.client.json<SipPlanDetailJson>('GET', `/api/sip/plans/${plan.id}`);
    expect(detail.body.instalments[0].explanation.join(' ')).toMatch(/Spill Target/);
    const i0 = detail.body.instalments[0];
    expect(BigInt(i0.invested) + BigInt(i0.unspent)).toBe(300_000n);
    await reconcile();
  });

  it('pauses a plan that would pass the retail limit, with a notice, and debits nothing', async () => {
    await createProperty(database.db, { shares: 10_000n });
    const inv = await investor(20_000_000n);
    const plan = (await inv.client.json<SipPlanJson>('POST', '/api/sip/plans', { amount: 19_000_000, dayOfMonth: DAY, mode: 'automated' })).body;
    await backdate(plan.id);
    await onlyThese([plan.id]);
    const walletBefore = await available(inv.id);
    const run = await runFor(DUE);
    expect(run.body.collected).toBe(0);
    expect(run.body.items[0]).toMatchObject({ planId: plan.id, failureCode: 'retail_limit_exceeded' });
    const detail = await inv.client.json<SipPlanDetailJson>('GET', `/api/sip/plans/${plan.id}`);
    expect(detail.body.status).toBe('paused');
    expect(detail.body.pauseReason).toBeTruthy();
    expect(await available(inv.id)).toBe(walletBefore);
    const [note] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from notifications where user_id = ${inv.id} and kind = 'sip_alert'`);
    expect(note.n).toBeGreaterThan(0);
    await reconcile();
  });

  it('pauses and resumes a property for automated plans, asks a reason to pause, and refuses a closed property without writing anything', async () => {
    const open = await createProperty(database.db, { title: 'Pause Me' });
    const closed = await createProperty(database.db, { status: 'funded', title: 'Closed Pause' });
    const eligible = async () => (await admin.json<{ propertiesEligible: number }>('GET', '/api/admin/sip/stats')).body.propertiesEligible;
    const before = await eligible();

    const noReason = await admin.json<{ message: string }>('PUT', `/api/admin/sip/properties/${open.id}`, { paused: true });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Say why the property is taken out of automated allocation.');

    const paused = await admin.json<SipPropertyJson>('PUT', `/api/admin/sip/properties/${open.id}`, { paused: true, reason: 'Valuation under review' });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ propertyId: open.id, paused: true, reason: 'Valuation under review' });
    const listed = await admin.json<{ items: SipPropertyJson[] }>('GET', '/api/admin/sip/properties');
    expect(listed.body.items.find((p) => p.propertyId === open.id)).toMatchObject({ paused: true, reason: 'Valuation under review', manualPlans: 0 });
    expect(await eligible()).toBe(before - 1);

    const resumed = await admin.json<SipPropertyJson>('PUT', `/api/admin/sip/properties/${open.id}`, { paused: false });
    expect(resumed.body).toMatchObject({ paused: false, reason: null });
    expect(await eligible()).toBe(before);

    const refused = await admin.json<{ error: string }>('PUT', `/api/admin/sip/properties/${closed.id}`, { paused: true, reason: 'Closed anyway' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('property_not_open');
    const [trace] = await q<{ settings: number; audits: number }>(
      database.db,
      sql`select (select count(*)::int from sip_property_settings where property_id = ${closed.id}) as settings,
                 (select count(*)::int from audit_log where entity_id = ${closed.id}::text) as audits`,
    );
    expect(trace).toEqual({ settings: 0, audits: 0 });
  });

  it('lists runs on the list contract with a CSV export, and answers 404 to an unknown run', async () => {
    const list = await admin.json<{ items: { id: string; runDate: string }[]; total: number }>('GET', '/api/admin/sip/runs?sort=-createdAt&limit=2');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(4);
    expect(list.body.items).toHaveLength(2);
    const csv = await admin.request('GET', '/api/admin/sip/runs/export');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await csv.text()).split('\r\n').filter(Boolean).length).toBe(list.body.total + 1);
    expect((await admin.request('GET', `/api/admin/sip/runs/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await admin.request('GET', '/api/admin/sip/runs/%00')).status).toBe(400);
    const stats = await admin.json<{ activePlans: number; propertiesEligible: number }>('GET', '/api/admin/sip/stats');
    expect(stats.status).toBe(200);
    expect(stats.body.propertiesEligible).toBeGreaterThan(0);
    const future = await admin.json<{ message: string }>('POST', '/api/admin/sip/runs', { date: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('A run can only be made for today or an earlier date.');
  });
});
