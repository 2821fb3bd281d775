import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { describeEachDb } from '@tests/helpers/db';
import { addDays, addMonths, dayInMonth, monthStart, startOfDubaiDay, todayInDubai } from '@modules/platform/dates';
import { createSandboxProvider } from '@modules/payments';
import { q } from '@modules/wallet';
import { clientWith, createInvestor, createProperty, fundWallet, moneyTestDatabase } from '@modules/investing/test-helpers';
import type { SipPlanJson } from './contract';
import { runCollections } from './run';
import { schedulerTick } from './scheduler';

/** Noon in Dubai on `date`, as the scheduler's clock. */
const noon = (date: string) => new Date(startOfDubaiDay(date).getTime() + 12 * 3_600_000);
const LAST_MONTH = addMonths(monthStart(todayInDubai()), -1);

describeEachDb('SIP scheduler', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const provider = createSandboxProvider({ confirmAfterMs: null });

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider });
    await database.db.execute(sql`update properties set status = 'funded' where status = 'funding'`);
    await createProperty(database.db, { shares: 100_000n });
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  const planFor = async (fils: bigint, day: number, body: Record<string, unknown> = {}) => {
    const inv = await createInvestor(database.db);
    if (fils > 0n) await fundWallet(database.db, inv.id, (fils * 10_000n) / (10_000n - 53n) + 1n, provider);
    const client = clientWith(app, inv.token);
    const res = await client.json<SipPlanJson>('POST', '/api/sip/plans', { amount: 20_000, dayOfMonth: day, mode: 'automated', ...body });
    expect(res.status).toBe(201);
    await database.db.execute(sql`update sip_plans set start_month = ${LAST_MONTH}::date where id = ${res.body.id}`);
    return { inv, client, plan: res.body };
  };
  const instalments = (planId: string) =>
    q<{ status: string; due_date: string; month: string }>(database.db, sql`select status, due_date::text, month::text from sip_instalments where plan_id = ${planId} order by month`);

  it('after downtime runs each missed date once, with the date it was due, and never again', async () => {
    const { plan } = await planFor(100_000n, 5);
    const due = dayInMonth(LAST_MONTH, 5);
    // The server was last up two days before the collection and comes back a week after it.
    await database.db.execute(sql`insert into sip_scheduler (key, last_date) values ('collections', ${addDays(due, -2)}::date)
                                  on conflict (key) do update set last_date = excluded.last_date`);
    const back = addDays(due, 7);
    const first = await schedulerTick(database.db, { now: noon(back) });
    expect(first.dates[0]).toBe(addDays(due, -1));
    expect(first.dates.at(-1)).toBe(back);
    expect(first.runs.length).toBeGreaterThanOrEqual(1);
    const rows = await instalments(plan.id);
    expect(rows).toEqual([{ status: 'collected', due_date: due, month: LAST_MONTH }]);
    const [run] = await q<{ run_date: string; trigger: string }>(database.db, sql`select run_date::text, trigger from sip_runs where id = ${first.runs[0]}`);
    expect(run).toEqual({ run_date: due, trigger: 'schedule' });

    // A restart ticks again: nothing is collected twice, and only today is looked at.
    const second = await schedulerTick(database.db, { now: noon(back) });
    expect(second.dates).toEqual([back]);
    expect(second.runs).toEqual([]);
    expect(await instalments(plan.id)).toHaveLength(1);
  });

  it('reminds three days ahead when the wallet will not cover a collection, once, and tops up through a mandate', async () => {
    const day = 20;
    const short = await planFor(5_000n, day);
    const covered = await planFor(100_000n, day);
    const mandated = await planFor(0n, day);
    const added = await mandated.client.json<SipPlanJson>('POST', `/api/sip/plans/${mandated.plan.id}/mandate`, { action: 'add' });
    expect(added.status).toBe(200);
    expect(added.body.mandate?.label).toContain('sandbox');

    const today = addDays(dayInMonth(LAST_MONTH, day), -3);
    await database.db.execute(sql`update sip_scheduler set last_date = ${addDays(today, -1)}::date where key = 'collections'`);
    const tick = await schedulerTick(database.db, { now: noon(today), provider });
    expect(tick.topUps).toBe(1);
    const notes = await q<{ user_id: string; kind: string; title: string }>(
      database.db,
      sql`select user_id, kind, title from notifications where kind in ('sip', 'sip_alert') and created_at > now() - interval '1 minute'`,
    );
    expect(notes.filter((n) => n.user_id === short.inv.id).map((n) => n.kind)).toEqual(['sip_alert']);
    expect(notes.filter((n) => n.user_id === short.inv.id)[0].title).toMatch(/add AED 1(49\.\d\d|50) before /);
    expect(notes.some((n) => n.user_id === covered.inv.id)).toBe(false);
    expect(notes.filter((n) => n.user_id === mandated.inv.id).map((n) => n.kind)).toEqual(['sip']);
    const [dep] = await q<{ n: number; method: string }>(database.db, sql`select count(*)::int as n, max(method) as method from wallet_deposits where user_id = ${mandated.inv.id}`);
    expect(dep).toEqual({ n: 1, method: 'debit-card' });

    const again = await schedulerTick(database.db, { now: noon(today), provider });
    expect(again.reminders).toBe(0);
    expect(again.topUps).toBe(0);
  });
});

/** Two servers running the same date at once: PostgreSQL only (PGlite runs one statement at a time). */
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('SIP runs under concurrency [postgres]', () => {
  let database: Database;
  const provider = createSandboxProvider({ confirmAfterMs: null });
  beforeAll(async () => {
    database = await moneyTestDatabase('postgres');
    await database.db.execute(sql`update properties set status = 'funded' where status = 'funding'`);
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  it('two runners for the same date collect each plan exactly once, overdraw nothing, and the books reconcile', async () => {
    const small = await createProperty(database.db, { shares: 40n });
    await createProperty(database.db, { shares: 100_000n });
    const day = 7;
    const due = dayInMonth(LAST_MONTH, day);
    const users: string[] = [];
    for (let i = 0; i < 120; i++) {
      const inv = await createInvestor(database.db);
      users.push(inv.id);
      // Every fifth investor cannot pay.
      if (i % 5 !== 0) await fundWallet(database.db, inv.id, 80_000n, provider);
      await database.db.execute(sql`insert into sip_plans (user_id, mode, amount, day_of_month, start_month, allocations, preferences)
                                    values (${inv.id}, 'automated', ${20_000 + (i % 4) * 10_000}, ${day}, ${LAST_MONTH}::date, '[]'::jsonb, '{"cities":[],"propertyTypes":[]}'::jsonb)`);
    }
    const [before] = await q<{ total: string }>(database.db, sql`select sum(balance)::text as total from wallets`);
    const [a, b] = await Promise.all([
      runCollections(database.db, { date: due, trigger: 'schedule', chunkSize: 25 }),
      runCollections(database.db, { date: due, trigger: 'admin', chunkSize: 40 }),
    ]);
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();

    const [counts] = await q<{ plans: number; instalments: number; distinct_plans: number; collected: number; retrying: number }>(
      database.db,
      sql`select (select count(*)::int from sip_plans) as plans, count(*)::int as instalments, count(distinct plan_id)::int as distinct_plans,
                 count(*) filter (where status = 'collected')::int as collected, count(*) filter (where status = 'retrying')::int as retrying
            from sip_instalments`,
    );
    expect(counts.instalments).toBe(120);
    expect(counts.distinct_plans).toBe(120);
    expect(counts.retrying).toBe(24);
    expect(counts.collected).toBe(96);
    const [runs] = await q<{ collected: number }>(database.db, sql`select sum(collected)::int as collected from sip_runs`);
    expect(runs.collected).toBe(96);

    const [w] = await q<{ negative: number; total: string }>(database.db, sql`select count(*) filter (where balance < held or balance < 0)::int as negative, sum(balance)::text as total from wallets`);
    expect(w.negative).toBe(0);
    const [spent] = await q<{ paid: string }>(database.db, sql`select coalesce(sum(total), 0)::text as paid from investments where sip_instalment_id is not null`);
    expect(BigInt(before.total) - BigInt(w.total)).toBe(BigInt(spent.paid));
    const [p] = await q<{ sold: string; total: string }>(database.db, sql`select shares_sold::text as sold, total_shares::text as total from properties where id = ${small.id}`);
    expect(BigInt(p.sold) <= BigInt(p.total)).toBe(true);
    const [holdings] = await q<{ diff: number }>(
      database.db,
      sql`select count(*)::int as diff from properties pr where pr.shares_sold <> coalesce((select sum(units) from holdings h where h.property_id = pr.id), 0)`,
    );
    expect(holdings.diff).toBe(0);
    const { reconciliation } = await import('@modules/investing');
    expect(await reconciliation(database.db)).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });
    expect(users).toHaveLength(120);
  }, 120_000);
});
