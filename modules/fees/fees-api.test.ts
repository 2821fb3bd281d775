import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { LEDGER_ACCOUNTS } from '@modules/ledger';
import { createSandboxProvider } from '@modules/payments';
import { addDays, addMonths, dayInMonth, monthEnd, monthStart, todayInDubai } from '@modules/platform/dates';
import { big, q } from '@modules/wallet';
import type { ReconciliationJson } from '@modules/investing/contract';
import { clientWith, createProperty, fundWallet, moneyTestDatabase } from '@modules/investing/test-helpers';
import type { FeePreviewJson, FeeReceivablesPage, FeeRunDetailJson, FeeRunResultJson, FeeRunsPage, FeeStatsJson, InvestorFeesJson } from './contract';
import { availableOf, chargesOf, grossFor, handAccrual, holder } from './test-helpers';

const TODAY = todayInDubai();
const THIS_MONTH = monthStart(TODAY);
/** Bought on the 10th three months ago; charged to the 20th, then across the month end to the 25th of the next month. */
const BUY = dayInMonth(addMonths(THIS_MONTH, -3), 10);
const T1 = dayInMonth(addMonths(THIS_MONTH, -3), 20);
/** A new valuation (AED 1.1M instead of 1M) from the 16th two months ago. */
const REVALUED = dayInMonth(addMonths(THIS_MONTH, -2), 16);
const T2 = dayInMonth(addMonths(THIS_MONTH, -2), 25);
const CONTRACT_KEYS = ['collected', 'fee', 'id', 'investors', 'number', 'receivable', 'through', 'vat'];

describeEachDb('platform fee API', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  const provider = createSandboxProvider({ confirmAfterMs: null });

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  const run = (through: unknown) => admin.json<FeeRunResultJson & { message?: string; error?: string }>('POST', '/api/admin/fees/platform/run', { through });
  const reconcile = async () => {
    const r = await admin.json<ReconciliationJson>('GET', '/api/admin/reconciliation');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });
  };
  /** The balance of an account code (debit − credit), fils. */
  const balance = async (code: string) => {
    const [b] = await q<{ b: string }>(database.db, sql`select coalesce(sum(b.debit - b.credit), 0)::text as b from ledger_balances b join ledger_accounts a on a.id = b.account_id where a.code = ${code}`);
    return big(b?.b ?? '0');
  };
  /** Σ of what the runs' charges came to, from the rows. */
  const chargeTotals = async (runId: string) => {
    const [t] = await q<{ fee: string; vat: string; paid: string; outstanding: string; n: number }>(
      database.db,
      sql`select coalesce(sum(fee), 0)::text as fee, coalesce(sum(vat), 0)::text as vat, coalesce(sum(paid), 0)::text as paid, coalesce(sum(outstanding), 0)::text as outstanding, count(*)::int as n from platform_fee_charges where run_id = ${runId}`,
    );
    return t!;
  };

  it('charges by the hand calculation across a month end and a valuation change; a second run charges nothing; an unpaid fee stays owed and the next run collects it', async () => {
    const db = database.db;
    const property = await createProperty(db, { shares: 1_000n, sharePrice: 100_000n }); // AED 1,000,000 for 10,000,000 units
    // Aisha: 12 shares (AED 12,000) and plenty in her wallet. Omar: 100 shares (AED 100,000) and AED 5 left.
    const aisha = await holder(db, provider, property.id, 1_200_000n, BUY, 1_000_000n);
    const omar = await holder(db, provider, property.id, 10_000_000n, BUY, 500n);
    await db.execute(sql`insert into property_valuations (property_id, valued_on, valuation, source) values (${property.id}, ${REVALUED}, 110000000, 'Independent valuer')`);
    const omarBefore = await availableOf(db, omar.id);
    expect(omarBefore).toBeGreaterThanOrEqual(500n);
    expect(omarBefore).toBeLessThan(520n);

    // Preview first: nothing is written.
    const preview = await admin.json<FeePreviewJson>('GET', `/api/admin/fees/platform/preview?through=${T1}`);
    expect(preview.status).toBe(200);
    expect(preview.body.investors).toBe(2);
    const [{ n: runsBefore }] = await q<{ n: number }>(db, sql`select count(*)::int as n from platform_fee_runs`);
    expect(runsBefore).toBe(0);

    const first = await run(T1);
    expect(first.status).toBe(201);
    expect(Object.keys(first.body).sort()).toEqual(CONTRACT_KEYS);
    expect(first.body).toMatchObject({ through: T1, investors: 2, number: 'FEE-000001' });
    for (const k of ['fee', 'vat', 'collected', 'receivable'] as const) expect(first.body[k]).toMatch(/^\d+$/);
    expect(first.body.fee).toBe(preview.body.fee);
    expect(first.body.vat).toBe(preview.body.vat);
    await reconcile();

    // Aisha, 10th–20th: 11 days of AED 12,000.
    const [a1] = await chargesOf(db, aisha.id);
    const accrued1 = handAccrual(BUY, T1, () => 1_200_000n, (d) => addDays(d, 1));
    expect(a1).toMatchObject({ from_date: BUY, through: T1, days: 11, accrued_micro: accrued1.toString(), average_value: '1200000', carry_in_micro: '0' });
    const fee1 = (accrued1 + 500_000n) / 1_000_000n; // no tie possible here: checked by the carry below
    expect(BigInt(a1!.fee)).toBe(fee1);
    expect(BigInt(a1!.carry_out_micro)).toBe(accrued1 - fee1 * 1_000_000n);
    expect(BigInt(a1!.vat)).toBe((fee1 * 5n + 50n) / 100n);
    expect(a1).toMatchObject({ paid: String(BigInt(a1!.fee) + BigInt(a1!.vat)), outstanding: '0' });

    // Omar could pay only what his wallet had; the rest is owed (1310).
    const [o1] = await chargesOf(db, omar.id);
    const owed = BigInt(o1!.fee) + BigInt(o1!.vat) - omarBefore;
    expect(o1).toMatchObject({ paid: omarBefore.toString(), outstanding: owed.toString() });
    expect(await availableOf(db, omar.id)).toBe(0n);
    expect(await balance(LEDGER_ACCOUNTS.feesReceivable)).toBe(owed);
    expect(first.body.receivable).toBe(owed.toString());
    expect(first.body.collected).toBe(String(BigInt(a1!.fee) + BigInt(a1!.vat) + omarBefore));
    const totals1 = await chargeTotals(first.body.id);
    expect(totals1).toMatchObject({ fee: first.body.fee, vat: first.body.vat, n: 2 });

    // The wallet line and the notification carry the calculation.
    const [line] = await q<{ amount: string; description: string; kind: string; ref_type: string; journal_reference: string }>(
      db,
      sql`select amount::text, description, kind, ref_type, journal_reference from wallet_transactions where user_id = ${aisha.id} and kind = 'fee'`,
    );
    expect(line).toMatchObject({ kind: 'fee', ref_type: 'platform_fee', amount: `-${BigInt(a1!.fee) + BigInt(a1!.vat)}`, journal_reference: a1!.journal_reference });
    expect(line!.description).toMatch(/^Platform fee 0\.5% a year on AED 12,000\.00 average value, 10–20 \w{3} \d{4} \(11 days\): AED \d+\.\d\d \+ VAT AED \d+\.\d\d$/);
    const notes = await q<{ kind: string; title: string; link: string }>(db, sql`select kind, title, link from notifications where user_id = ${omar.id} and kind = 'fee'`);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toContain('is owed');
    expect(notes[0]!.link).toBe('/wallet?action=deposit');

    // The same date again charges nothing.
    const again = await run(T1);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ investors: 0, fee: '0', vat: '0', receivable: '0', collected: '0' });
    expect(await chargesOf(db, aisha.id)).toHaveLength(1);
    await reconcile();

    // Omar adds money; the next run collects what he owes before charging the new window.
    await fundWallet(db, omar.id, grossFor(100_000n), provider);
    const second = await run(T2);
    expect(second.status).toBe(201);
    expect(second.body.investors).toBe(2);
    await reconcile();

    // Aisha, 21st to the 25th of the next month: across the month end, AED 13,200 from the revaluation on.
    const [, a2] = await chargesOf(db, aisha.id);
    const accrued2 = handAccrual(addDays(T1, 1), T2, (d) => (d >= REVALUED ? 1_320_000n : 1_200_000n), (d) => addDays(d, 1));
    expect(a2).toMatchObject({ from_date: addDays(T1, 1), through: T2, accrued_micro: accrued2.toString(), carry_in_micro: a1!.carry_out_micro });
    const total2 = accrued2 + BigInt(a1!.carry_out_micro);
    const fee2 = (total2 + 500_000n) / 1_000_000n;
    expect(BigInt(a2!.fee)).toBe(fee2);
    expect(BigInt(a2!.carry_out_micro)).toBe(total2 - fee2 * 1_000_000n);

    const omarCharges = await chargesOf(db, omar.id);
    expect(omarCharges.map((c) => c.outstanding)).toEqual(['0', '0']);
    const collections = await q<{ amount: string; source: string; source_id: string; charge_id: string }>(db, sql`select amount::text, source, source_id::text, charge_id::text from platform_fee_collections where user_id = ${omar.id}`);
    expect(collections).toEqual([{ amount: owed.toString(), source: 'wallet', source_id: second.body.id, charge_id: o1!.id }]);
    expect(await balance(LEDGER_ACCOUNTS.feesReceivable)).toBe(0n);
    const detail = await admin.json<FeeRunDetailJson>('GET', `/api/admin/fees/platform/runs/${second.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.collections).toEqual([expect.objectContaining({ userId: omar.id, amount: owed.toString() })]);
    expect(BigInt(second.body.collected)).toBe(owed + BigInt((await chargeTotals(second.body.id)).paid));
    const omarCharge2 = detail.body.charges.find((c) => c.userId === omar.id)!;
    expect(omarCharge2.calculation).toEqual([expect.objectContaining({ propertyId: property.id, days: omarCharge2.days })]);
    expect(omarCharge2.explanation).toContain('Platform fee 0.5% a year on AED');

    // Income and VAT in the books equal what was charged.
    const [{ fee, vat }] = await q<{ fee: string; vat: string }>(db, sql`select sum(fee)::text as fee, sum(vat)::text as vat from platform_fee_charges`);
    // (Deposits and purchases post VAT of their own: only the fee entries count here.)
    const posted = async (code: string) => {
      const [p] = await q<{ c: string }>(
        db,
        sql`select coalesce(sum(l.credit - l.debit), 0)::text as c from ledger_journal_lines l join ledger_journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
             where e.source_module = 'fees.charge' and a.code = ${code}`,
      );
      return big(p?.c ?? '0');
    };
    expect(await posted(LEDGER_ACCOUNTS.platformFees)).toBe(BigInt(fee));
    expect(await posted(LEDGER_ACCOUNTS.vatOutput)).toBe(BigInt(vat));
    expect(-(await balance(LEDGER_ACCOUNTS.platformFees))).toBe(BigInt(fee));

    // The investor sees their charges with the calculation, nothing owed, and this month accruing.
    const mine = await clientWith(app, aisha.token).json<InvestorFeesJson>('GET', '/api/fees');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ rateBps: 50, vatBps: 500, outstanding: '0', total: 2 });
    expect(mine.body.charges.map((c) => c.through)).toEqual([T2, T1]);
    expect(mine.body.accruing).toMatchObject({ fromDate: addDays(T2, 1), through: TODAY });
    expect(BigInt(mine.body.accruing!.fee)).toBeGreaterThan(0n);
  });

  it('lists runs and receivables on the list contract with CSV, previews without writing, and shows the stats', async () => {
    const db = database.db;
    const property = await createProperty(db, { shares: 1_000n, sharePrice: 100_000n });
    const owing = await holder(db, provider, property.id, 5_000_000n, BUY, 0n);
    const r = await run(T1);
    expect(r.status).toBe(201);
    expect(r.body.investors).toBe(1);
    await reconcile();

    const runs = await admin.json<FeeRunsPage>('GET', '/api/admin/fees/platform/runs?sort=-createdAt&limit=2');
    expect(runs.status).toBe(200);
    expect(runs.body.total).toBeGreaterThanOrEqual(4);
    expect(runs.body.items).toHaveLength(2);
    expect(runs.body.items[0]).toMatchObject({ id: r.body.id, trigger: 'admin', startedBy: expect.stringContaining('@') });
    const searched = await admin.json<FeeRunsPage>('GET', `/api/admin/fees/platform/runs?q=${r.body.number}`);
    expect(searched.body.items.map((i) => i.id)).toEqual([r.body.id]);
    const csv = await admin.request('GET', '/api/admin/fees/platform/runs/export?trigger=admin');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toContain('Run,Through');
    expect(text).toContain(r.body.number);

    const receivables = await admin.json<FeeReceivablesPage>('GET', '/api/admin/fees/platform/receivables');
    expect(receivables.status).toBe(200);
    const row = receivables.body.items.find((i) => i.userId === owing.id)!;
    expect(row).toMatchObject({ charges: 1, since: BUY, available: '0' });
    expect(row.outstanding).toBe(r.body.receivable);
    expect(receivables.body.outstanding).toBe(row.outstanding);
    const rcsv = await admin.request('GET', '/api/admin/fees/platform/receivables/export');
    expect(await rcsv.text()).toContain(row.unicode);

    const investor = await clientWith(app, owing.token).json<InvestorFeesJson>('GET', '/api/fees');
    expect(investor.body.outstanding).toBe(row.outstanding);

    const stats = await admin.json<FeeStatsJson>('GET', '/api/admin/fees/platform/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ today: TODAY, outstanding: row.outstanding, investorsOwing: 1, lastRun: { id: r.body.id } });
    expect(stats.body.byMonth).toHaveLength(12);
    expect(BigInt(stats.body.accruedUncharged)).toBeGreaterThan(0n);
    const month = stats.body.byMonth.find((m) => m.month === T1.slice(0, 7))!;
    expect(BigInt(month.fee)).toBeGreaterThan(0n);
    expect(BigInt(month.fee) + BigInt(month.vat)).toBe(BigInt(month.collected) + BigInt(month.outstanding));

    // A preview writes nothing.
    const before = await q<{ n: number }>(db, sql`select (select count(*) from platform_fee_charges) + (select count(*) from wallet_transactions) + (select count(*) from ledger_journal_entries) as n`);
    const preview = await admin.json<FeePreviewJson>('GET', `/api/admin/fees/platform/preview?through=${T2}`);
    expect(preview.status).toBe(200);
    expect(preview.body.items.find((i) => i.userId === owing.id)).toMatchObject({ fromDate: addDays(T1, 1), outstanding: row.outstanding });
    const after = await q<{ n: number }>(db, sql`select (select count(*) from platform_fee_charges) + (select count(*) from wallet_transactions) + (select count(*) from ledger_journal_entries) as n`);
    expect(after).toEqual(before);
  });

  it('refuses visitors and investors, dates after this month, invalid dates and malformed requests, and changes nothing', async () => {
    const db = database.db;
    const visitor = new TestClient(app);
    expect((await visitor.request('GET', '/api/fees')).status).toBe(401);
    expect((await visitor.request('POST', '/api/admin/fees/platform/run', { through: T1 })).status).toBe(401);
    const property = await createProperty(db);
    const someone = await holder(db, provider, property.id, 100_000n, BUY, 0n);
    const inv = clientWith(app, someone.token);
    for (const path of ['/api/admin/fees/platform/runs', '/api/admin/fees/platform/stats', '/api/admin/fees/platform/receivables', '/api/admin/fees/platform/preview']) {
      expect((await inv.request('GET', path)).status, path).toBe(403);
    }
    expect((await inv.request('POST', '/api/admin/fees/platform/run', { through: T1 })).status).toBe(403);

    const counts = () =>
      q<Record<string, number>>(
        db,
        sql`select (select count(*)::int from platform_fee_runs) as runs, (select count(*)::int from platform_fee_charges) as charges, (select count(*)::int from wallet_transactions) as movements,
                   (select count(*)::int from ledger_journal_entries) as entries, (select coalesce(sum(balance), 0)::text from wallets) as wallets`,
      );
    const before = await counts();

    const nextMonth = addDays(monthEnd(TODAY), 1);
    const future = await run(nextMonth);
    expect(future.status).toBe(422);
    expect(future.body.message).toContain(`up to the last day of the current month (${monthEnd(TODAY)})`);
    for (const bad of ['2026-02-30', '2026-13-01', 'x', "' or 1=1 --", '2026-01-01\u0000', '1999-12-31', '9999-12-31', '20260101', ' ', '']) {
      const res = await run(bad);
      expect([400, 422], JSON.stringify(bad)).toContain(res.status);
    }
    for (const body of [{}, { through: 20260131 }, { through: null }, { through: ['2026-01-31'] }, { through: { $gt: '' } }, { through: 'a'.repeat(10_000) }, { through: true }]) {
      const res = await admin.request('POST', '/api/admin/fees/platform/run', body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const huge = await admin.request('POST', '/api/admin/fees/platform/run', { through: T1, padding: 'x'.repeat(2_000_000) });
    expect([400, 413]).toContain(huge.status);
    const raw = await admin.request('POST', '/api/admin/fees/platform/run', '{"through": "2026-');
    expect(raw.status).toBe(400);
    expect((await admin.request('GET', `/api/admin/fees/platform/preview?through=${nextMonth}`)).status).toBe(422);
    expect((await admin.request('GET', '/api/admin/fees/platform/preview?through=nope')).status).toBe(422);
    expect((await admin.request('GET', `/api/admin/fees/platform/preview?through=${monthEnd(TODAY)}`)).status).toBe(200);
    for (const id of ['x', "' or 1=1", '00000000-0000-0000-0000-000000000000', 'a'.repeat(65)]) {
      expect([400, 404], id).toContain((await admin.request('GET', `/api/admin/fees/platform/runs/${encodeURIComponent(id)}`)).status);
    }
    for (const query of ['sort=bogus', 'limit=-1', 'limit=x', 'offset=1.5', 'trigger=robot', `q=${'x'.repeat(300)}`]) {
      expect((await admin.request('GET', `/api/admin/fees/platform/runs?${query}`)).status, query).toBe(400);
    }
    expect((await admin.request('GET', '/api/admin/fees/platform/receivables?sort=-bogus')).status).toBe(400);
    for (const path of ['/api/admin/fees/platform/preview?through=2026-01-01%00', '/api/admin/fees/platform/runs?q=%00', '/api/admin/fees/platform/runs/%00', '/api/fees?x=%00']) {
      const res = await admin.request('GET', path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    expect(await counts()).toEqual(before);
  });

  it('charges up to the last day of the current month, and not a day further', async () => {
    const end = monthEnd(TODAY);
    const r = await run(end);
    expect(r.status).toBe(201);
    expect(r.body.through).toBe(end);
    expect((await run(end)).body.investors).toBe(0);
    await reconcile();
  });
});
