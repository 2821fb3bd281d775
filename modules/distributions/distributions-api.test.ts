import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { chargePosting } from '@modules/fees/postings';
import { post } from '@modules/ledger';
import { clientWith, createInvestor, createProperty, moneyTestDatabase } from '@modules/investing/test-helpers';
import { createSandboxProvider } from '@modules/payments';
import { SHARE_SCALE } from '@modules/properties/contract';
import { q } from '@modules/wallet';
import type { DistributionJson, DistributionPreviewJson, DistributionRunJson, DistributionSummaryJson, InvestorDistributionsJson, PreferenceJson, PropertyPnlJson, PropertyRecordJson } from './contract';
import { reinvestRun } from './reinvest';
import { current, distributionFixtures, lastDay, periodBefore } from './test-helpers';

const S = SHARE_SCALE;
const sum = (lines: { amount: string }[]) => lines.reduce((s, l) => s + BigInt(l.amount), 0n);

describeEachDb('distributions API', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  let second: TestClient;
  const provider = createSandboxProvider({ confirmAfterMs: null });
  const fx = distributionFixtures(() => ({ database, app, admin, provider }));

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    const other = await createInvestor(database.db, { role: 'admin', firstName: 'Second' });
    second = clientWith(app, other.token);
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  it('records rent and costs as journal entries on the property, reads the P&L from them, and runs the contract: create, repeat, pay once, investor list', async () => {
    const { property, people } = await fx.holdersOf([30n, 20n, 7n]);
    const [a, b, c] = people;
    const P1 = periodBefore(1);

    const rent = await fx.record(property.id, { period: P1, kind: 'rent', amount: 1_000_000 }) as PropertyRecordJson;
    expect(rent).toMatchObject({ propertyId: property.id, period: P1, kind: 'rent', amount: '1000000', date: lastDay(P1), reversedAt: null });
    expect(rent.number).toMatch(/^REC-\d{6}$/);
    expect(rent.journalReference).toMatch(/^JE-/);
    await fx.record(property.id, { period: P1, kind: 'service_charges', amount: '100000', date: `${P1}-15`, description: 'Q service charge' });
    await fx.record(property.id, { period: P1, kind: 'maintenance', amount: 50_000 });
    expect(await fx.entryFor('distributions.record', rent.id)).toEqual([
      { code: '1140', debit: '1000000', credit: '0', property: property.reference },
      { code: '4200', debit: '0', credit: '1000000', property: property.reference },
    ]);

    const books = await admin.json<PropertyPnlJson>('GET', `/api/admin/property-books/${property.id}?from=${P1}&to=${P1}`);
    expect(books.status).toBe(200);
    expect(books.body.months).toHaveLength(1);
    expect(books.body.months[0]).toMatchObject({
      period: P1,
      rent: '1000000',
      costs: { service_charges: '100000', maintenance: '50000', management: '0', insurance: '0', vacancy: '0' },
      totalCosts: '150000',
      netIncome: '850000',
      reserveBps: 1000,
      reserve: '85000',
      distributable: '765000',
      distributed: null,
      status: 'open',
    });
    expect(books.body.records).toHaveLength(3);
    const open = await new TestClient(app).json<PropertyPnlJson>('GET', `/api/properties/${property.slug}/pnl?from=${P1}&to=${P1}`);
    expect(open.status).toBe(200);
    expect(open.body.months[0]).toEqual(books.body.months[0]);
    expect(open.body).not.toHaveProperty('records');
    // The default range: the last 12 months to the current one.
    const defaults = await new TestClient(app).json<PropertyPnlJson>('GET', `/api/properties/${property.id}/pnl`);
    expect(defaults.body.months.map((m) => m.period).at(-1)).toBe(current());
    expect(defaults.body.months).toHaveLength(12);
    expect(defaults.body.totals.rent).toBe('1000000');

    const preview = await admin.json<DistributionPreviewJson>('GET', `/api/admin/distributions/preview?propertyId=${property.id}&period=${P1}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ recordDate: lastDay(P1), amount: '765000', distributable: '765000', holders: 3, units: String(57n * S), reserve: '85000', reserveBps: 1000, heldPart: String((765_000n * 57n) / 1_000n) });
    // Only 57 of the 1,000 shares are held: the preview says what that does to the amount per share.
    expect(preview.body.warnings).toEqual([
      "Holders had 57 of the property's 1,000 shares at the record date: AED 7,650 pays them AED 134.21 a share, against AED 7.65 a share if the distributable were spread over every share.",
    ]);
    expect(sum(preview.body.lines)).toBe(765_000n);

    const created = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P1, amount: 765_000 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', amount: '765000', recordDate: lastDay(P1), holders: 3, needsApproval: false, reserve: '85000' });
    expect(created.body.number).toMatch(/^DIST-\d{6}$/);
    expect(sum(created.body.lines)).toBe(765_000n);
    for (const l of created.body.lines) expect(Object.keys(l)).toEqual(expect.arrayContaining(['userId', 'units', 'amount']));
    expect(new Map(created.body.lines.map((l) => [l.userId, l.units]))).toEqual(new Map([[a.id, String(30n * S)], [b.id, String(20n * S)], [c.id, String(7n * S)]]));
    for (const l of created.body.lines) {
      const diff = BigInt(l.amount) * 57n - 765_000n * (BigInt(l.units) / S);
      expect(diff < 0n ? -diff : diff).toBeLessThan(57n);
    }

    const repeat = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P1, amount: '765000' });
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(created.body.id);
    const other = await admin.json('POST', '/api/admin/distributions', { propertyId: property.id, period: P1, amount: 700_000 });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('distribution_exists');

    const before = new Map(await Promise.all(people.map(async (p) => [p.id, await fx.available(p.id)] as const)));
    const paid = await admin.json<DistributionJson>('POST', `/api/admin/distributions/${created.body.id}/pay`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', paidBy: 'admin@manzil.ae' });
    expect(paid.body.journalReference).toMatch(/^JE-/);
    for (const l of paid.body.lines) expect(await fx.available(l.userId)).toBe(before.get(l.userId)! + BigInt(l.amount));
    const entry = await fx.entryFor('distributions.run', created.body.id);
    expect(entry.filter((l) => l.code === '3300')).toEqual([{ code: '3300', debit: '850000', credit: '0', property: property.reference }]);
    expect(entry.filter((l) => l.code === '2210')).toEqual([{ code: '2210', debit: '0', credit: '85000', property: property.reference }]);
    expect(entry.filter((l) => l.code.startsWith('2100-')).reduce((s, l) => s + BigInt(l.credit), 0n)).toBe(765_000n);
    expect(entry.find((l) => l.code === '1120')).toMatchObject({ debit: '765000' });
    expect(entry.find((l) => l.code === '1140')).toMatchObject({ credit: '765000' });
    expect(await fx.balanceOf('1140', property.reference)).toBe(1_000_000n - 150_000n - 765_000n);
    const [movement] = await q<{ description: string; amount: string; journal_reference: string }>(
      database.db,
      sql`select description, amount::text, journal_reference from wallet_transactions where user_id = ${a.id} and kind = 'distribution'`,
    );
    expect(movement.description).toMatch(new RegExp(`^Rent for .+ from ${property.title}: your 30 shares at AED [\\d.,]+ a share$`));
    expect(movement.journal_reference).toBe(paid.body.journalReference);
    const [notice] = await q<{ title: string }>(database.db, sql`select title from notifications where user_id = ${a.id} and kind = 'distribution'`);
    expect(notice.title).toBe(`Rent paid: ${property.title}`);
    await fx.reconcile();

    // A second pay answers with the paid run and pays nothing.
    const snap = await fx.snapshot();
    const again = await admin.json<DistributionJson>('POST', `/api/admin/distributions/${created.body.id}/pay`);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('paid');
    expect(await fx.snapshot()).toEqual(snap);

    const mine = await a.client.json<InvestorDistributionsJson>('GET', '/api/distributions');
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(1);
    const aLine = created.body.lines.find((l) => l.userId === a.id)!;
    expect(mine.body.items[0]).toMatchObject({ runId: created.body.id, propertyId: property.id, period: P1, units: String(30n * S), amount: aLine.amount, feeNetted: '0', net: aLine.amount, reinvested: '0', perShare: '13421' });
    expect(mine.body.totals).toEqual({ amount: aLine.amount, feeNetted: '0', net: aLine.amount });
    expect((await a.client.json<InvestorDistributionsJson>('GET', `/api/distributions?year=${Number(P1.slice(0, 4)) - 1}`)).body.total).toBe(0);

    const after = await admin.json<PropertyPnlJson>('GET', `/api/admin/property-books/${property.id}?from=${P1}&to=${P1}`);
    expect(after.body.months[0]).toMatchObject({ status: 'paid', distributed: '765000', perShare: '13421', reserve: '85000', distributionId: created.body.id });

    // The month is closed: no new record, no reversal.
    const closed = await admin.json('POST', `/api/admin/property-books/${property.id}/records`, { period: P1, kind: 'insurance', amount: 1_000 });
    expect(closed.status).toBe(422);
    expect(closed.body.error).toBe('period_distributed');
    const reversal = await admin.json('POST', `/api/admin/property-books/records/${rent.id}/reverse`, { reason: 'Too late' });
    expect(reversal.status).toBe(422);
    expect(reversal.body.error).toBe('period_distributed');
  });

  it('reverses a record (its month drops it), refuses a second reversal, a future month, a date outside the month and an unknown property', async () => {
    const { property } = await fx.holdersOf([5n]);
    const P2 = periodBefore(2);
    const rent = (await fx.record(property.id, { period: P2, kind: 'rent', amount: 500_000 })) as PropertyRecordJson;
    await fx.record(property.id, { period: P2, kind: 'insurance', amount: 20_000 });
    const month = async () => (await admin.json<PropertyPnlJson>('GET', `/api/admin/property-books/${property.reference}?from=${P2}&to=${P2}`)).body;
    expect((await month()).months[0]).toMatchObject({ rent: '500000', totalCosts: '20000', netIncome: '480000' });

    const reversed = await admin.json<PropertyRecordJson>('POST', `/api/admin/property-books/records/${rent.id}/reverse`, { reason: 'Recorded twice' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.reversedAt).not.toBeNull();
    const m = await month();
    expect(m.months[0]).toMatchObject({ rent: '0', totalCosts: '20000', netIncome: '-20000', reserve: '0', distributable: '0' });
    expect(m.records!.find((r) => r.id === rent.id)!.reversedAt).not.toBeNull();
    expect(await fx.balanceOf('4200', property.reference)).toBe(0n);
    const [entry] = await q<{ reversed: boolean }>(database.db, sql`select reversed_by_id is not null as reversed from ledger_journal_entries where source_module = 'distributions.record' and source_id = ${rent.id}`);
    expect(entry.reversed).toBe(true);

    const twice = await admin.json('POST', `/api/admin/property-books/records/${rent.id}/reverse`, { reason: 'Recorded twice' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('record_reversed');
    const future = await admin.json('POST', `/api/admin/property-books/${property.id}/records`, { period: `${Number(current().slice(0, 4)) + 1}-01`, kind: 'rent', amount: 1 });
    expect(future.status).toBe(422);
    expect(future.body.error).toBe('period_in_future');
    const outside = await admin.json('POST', `/api/admin/property-books/${property.id}/records`, { period: P2, kind: 'rent', amount: 1, date: `${periodBefore(3)}-10` });
    expect(outside.status).toBe(400);
    expect((await admin.json('POST', '/api/admin/property-books/MZ-NOPE-1/records', { period: P2, kind: 'rent', amount: 1 })).status).toBe(404);
    expect((await admin.json('POST', `/api/admin/property-books/records/${crypto.randomUUID()}/reverse`, { reason: 'nothing' })).status).toBe(404);

    // Occupancy, a note and the reserve policy.
    const occ = await admin.json('PUT', `/api/admin/property-books/${property.id}/months/${P2}`, { occupancyBps: 9_300, note: 'Two empty days' });
    expect(occ.status).toBe(200);
    expect(occ.body).toEqual({ propertyId: property.id, period: P2, occupancyBps: 9300, note: 'Two empty days' });
    expect((await admin.json('PUT', `/api/admin/property-books/${property.id}/reserve`, { reserveBps: 2_500 })).body).toEqual({ propertyId: property.id, reserveBps: 2500 });
    await fx.record(property.id, { period: P2, kind: 'rent', amount: 400_000 });
    expect((await month()).months[0]).toMatchObject({ occupancyBps: 9300, note: 'Two empty days', reserveBps: 2500, netIncome: '380000', reserve: '95000', distributable: '285000' });
    await fx.reconcile();
  });

  it('needs a second administrator above the threshold: the creator cannot approve; a cancelled run frees its period', async () => {
    expect((await admin.json('PUT', '/api/admin/settings/distributionApprovalThreshold', { value: '100000' })).status).toBe(200);
    try {
      const { property } = await fx.holdersOf([10n, 10n]);
      const P2 = periodBefore(2);
      await fx.record(property.id, { period: P2, kind: 'rent', amount: 2_000_000 });
      const draft = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P2, amount: 1_500_000 });
      expect(draft.status).toBe(201);
      expect(draft.body.needsApproval).toBe(true);
      const [alert] = await q<{ title: string }>(database.db, sql`select title from notifications where audience = 'admin' and kind = 'distribution_approval' order by created_at desc limit 1`);
      expect(alert.title).toContain(draft.body.number);

      const early = await admin.json('POST', `/api/admin/distributions/${draft.body.id}/pay`);
      expect(early.status).toBe(422);
      expect(early.body.error).toBe('approval_required');
      const own = await admin.json('POST', `/api/admin/distributions/${draft.body.id}/approve`);
      expect(own.status).toBe(403);
      expect(own.body.error).toBe('approval_by_creator');
      const approved = await second.json<DistributionJson>('POST', `/api/admin/distributions/${draft.body.id}/approve`);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'approved', createdBy: 'admin@manzil.ae' });
      expect(approved.body.approvedById).not.toBe(approved.body.createdById);
      expect((await second.json('POST', `/api/admin/distributions/${draft.body.id}/approve`)).status).toBe(409);
      const paid = await admin.json<DistributionJson>('POST', `/api/admin/distributions/${draft.body.id}/pay`);
      expect(paid.status).toBe(200);
      expect(paid.body.status).toBe('paid');
      expect((await admin.json('POST', `/api/admin/distributions/${draft.body.id}/cancel`)).status).toBe(409);

      // Below the threshold no approval is needed; a cancelled draft frees the period for another amount.
      const P3 = periodBefore(3);
      await fx.record(property.id, { period: P3, kind: 'rent', amount: 90_000 });
      const small = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P3, amount: 50_000 });
      expect(small.body.needsApproval).toBe(false);
      const cancelled = await admin.json<DistributionJson>('POST', `/api/admin/distributions/${small.body.id}/cancel`);
      expect(cancelled.body).toMatchObject({ status: 'cancelled' });
      expect(cancelled.body.cancelledAt).not.toBeNull();
      const unpaid = await admin.json('POST', `/api/admin/distributions/${small.body.id}/pay`);
      expect(unpaid.status).toBe(409);
      const again = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P3, amount: 60_000 });
      expect(again.status).toBe(201);
      expect(again.body.id).not.toBe(small.body.id);
      expect((await admin.json<DistributionJson>('POST', `/api/admin/distributions/${again.body.id}/pay`)).body.status).toBe('paid');
      await fx.reconcile();
    } finally {
      await admin.json('PUT', '/api/admin/settings/distributionApprovalThreshold', { value: '10000000' });
    }
  });

  it('nets unpaid platform fees out of a payment (oldest charge first), the rest to the wallet; a payment smaller than the debt settles part of it', async () => {
    const { property, people } = await fx.holdersOf([10n, 10n]);
    const [a, b] = people;
    const [run] = await q<{ id: string }>(database.db, sql`insert into platform_fee_runs (through, trigger) values (${lastDay(periodBefore(2))}, 'admin') returning id`);
    const charge = async (userId: string, from: string, through: string, outstanding: bigint) => {
      const [row] = await q<{ id: string }>(
        database.db,
        sql`insert into platform_fee_charges (run_id, user_id, from_date, through, days, average_value, accrued_micro, fee, vat, paid, outstanding, calculation)
            values (${run.id}, ${userId}, ${from}, ${through}, 30, 1000000, 0, ${outstanding.toString()}::bigint, 0, 0, ${outstanding.toString()}::bigint, '[]'::jsonb) returning id`,
      );
      // The fee module's own builder, as a fee run posts a charge the wallet could not cover.
      await post(
        database.db,
        chargePosting({ id: row.id, reference: 'FEE-TEST', investorUnicode: 'TEST', fromDate: from, through, fee: outstanding, vat: 0n, paid: 0n, outstanding }, { date: through, investorAccount: '', authorId: null }),
      );
      return row.id;
    };
    const older = await charge(a.id, `${periodBefore(3)}-01`, lastDay(periodBefore(3)), 1_000n);
    const newer = await charge(a.id, `${periodBefore(2)}-01`, lastDay(periodBefore(2)), 2_500n);
    const big = await charge(b.id, `${periodBefore(2)}-01`, lastDay(periodBefore(2)), 60_000n);
    const receivable = await fx.balanceOf('1310');

    const P1 = periodBefore(1);
    await fx.record(property.id, { period: P1, kind: 'rent', amount: 150_000 });
    const preview = await admin.json<DistributionPreviewJson>('GET', `/api/admin/distributions/preview?propertyId=${property.id}&period=${P1}&amount=100000`);
    expect(preview.body.warnings.some((w) => /2 holders owe AED 635/.test(w))).toBe(true);
    const created = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P1, amount: 100_000 });
    const [aBefore, bBefore] = [await fx.available(a.id), await fx.available(b.id)];
    const paid = await admin.json<DistributionJson>('POST', `/api/admin/distributions/${created.body.id}/pay`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const line = (id: string) => paid.body.lines.find((l) => l.userId === id)!;
    expect(line(a.id)).toMatchObject({ amount: '50000', feeNetted: '3500' });
    expect(line(b.id)).toMatchObject({ amount: '50000', feeNetted: '50000' });
    expect(await fx.available(a.id)).toBe(aBefore + 46_500n);
    expect(await fx.available(b.id)).toBe(bBefore);

    const charges = await q<{ id: string; outstanding: string }>(database.db, sql`select id, outstanding::text from platform_fee_charges where id in (${older}, ${newer}, ${big})`);
    expect(new Map(charges.map((c) => [c.id, c.outstanding]))).toEqual(new Map([[older, '0'], [newer, '0'], [big, '10000']]));
    const collections = await q<{ charge_id: string; amount: string; source: string; source_id: string; journal_reference: string }>(
      database.db,
      sql`select charge_id, amount::text, source, source_id, journal_reference from platform_fee_collections where source_id = ${created.body.id} order by amount`,
    );
    expect(collections.map((c) => [c.charge_id, c.amount, c.source])).toEqual([
      [older, '1000', 'distribution'],
      [newer, '2500', 'distribution'],
      [big, '50000', 'distribution'],
    ]);
    expect(collections.every((c) => c.journal_reference === paid.body.journalReference)).toBe(true);
    expect(await fx.balanceOf('1310')).toBe(receivable - 53_500n);
    const entry = await fx.entryFor('distributions.run', created.body.id);
    expect(entry.find((l) => l.code === '1310')).toMatchObject({ credit: '53500' });
    expect(entry.filter((l) => l.code.startsWith('2100-'))).toHaveLength(1);

    const mine = await a.client.json<InvestorDistributionsJson>('GET', '/api/distributions');
    expect(mine.body.items[0]).toMatchObject({ amount: '50000', feeNetted: '3500', net: '46500' });
    const [desc] = await q<{ description: string }>(database.db, sql`select description from wallet_transactions where user_id = ${a.id} and kind = 'distribution'`);
    expect(desc.description).toContain('less AED 35 of unpaid platform fees');
    await fx.reconcile();
  });

  it('reinvests in the same property while it is open (once, whatever the retries); others keep theirs in the wallet', async () => {
    const { property, people } = await fx.holdersOf([100n, 50n]);
    const [a, b] = people;
    const none = await a.client.json<PreferenceJson>('GET', '/api/distributions/preferences');
    expect(none.body).toEqual({ reinvest: 'wallet', label: 'Keep distributions in my wallet', hasSipPlan: false });
    const chosen = await a.client.json<PreferenceJson>('PUT', '/api/distributions/preferences', { reinvest: 'same_property' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.reinvest).toBe('same_property');

    const P1 = periodBefore(1);
    await fx.record(property.id, { period: P1, kind: 'rent', amount: 4_000_000 });
    const created = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P1, amount: 3_000_000 });
    const [aBefore, bBefore] = [await fx.available(a.id), await fx.available(b.id)];
    const unitsOf = async (userId: string) => BigInt((await q<{ u: string }>(database.db, sql`select coalesce(sum(units), 0)::text as u from holdings where user_id = ${userId} and property_id = ${property.id}`))[0].u);
    const aUnits = await unitsOf(a.id);
    const paid = await admin.json<DistributionJson>('POST', `/api/admin/distributions/${created.body.id}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body.lines.find((l) => l.userId === a.id)).toMatchObject({ amount: '2000000', reinvested: '2000000' });
    expect(paid.body.lines.find((l) => l.userId === b.id)).toMatchObject({ amount: '1000000', reinvested: '0' });
    expect(await unitsOf(a.id)).toBe(aUnits + 20n * S);
    expect(await fx.available(a.id)).toBe(aBefore);
    expect(await fx.available(b.id)).toBe(bBefore + 1_000_000n);

    const investments = async () => Number((await q<{ n: string }>(database.db, sql`select count(*)::text as n from investments where user_id = ${a.id}`))[0].n);
    const count = await investments();
    await database.db.execute(sql`update distribution_lines set reinvested = 0 where run_id = ${created.body.id}`);
    await reinvestRun(database.db, created.body.id);
    expect(await investments()).toBe(count);
    expect(await unitsOf(a.id)).toBe(aUnits + 20n * S);
    await fx.reconcile();

    // A closed property: the payment stays in the wallet.
    await database.db.execute(sql`update properties set status = 'funded' where id = ${property.id}`);
    const P2 = periodBefore(2);
    await fx.record(property.id, { period: P2, kind: 'rent', amount: 1_000_000 });
    const next = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P2, amount: 900_000 });
    const before = await fx.available(a.id);
    const line = next.body.lines.find((l) => l.userId === a.id)!;
    const paid2 = await admin.json<DistributionJson>('POST', `/api/admin/distributions/${next.body.id}/pay`);
    expect(paid2.body.lines.find((l) => l.userId === a.id)!.reinvested).toBe('0');
    expect(await fx.available(a.id)).toBe(before + BigInt(line.amount));
    await fx.reconcile();
  });

  it("reinvests through the investor's plan allocation when they chose 'sip'", async () => {
    const { property, people } = await fx.holdersOf([40n], { status: 'funded' });
    const [a] = people;
    const target = await createProperty(database.db, { shares: 1000n, sharePrice: 100_000n });
    const plan = await a.client.json('POST', '/api/sip/plans', { amount: 100_000, dayOfMonth: 28, mode: 'manual', allocations: [{ propertyId: target.id, percent: 100 }] });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const chosen = await a.client.json<PreferenceJson>('PUT', '/api/distributions/preferences', { reinvest: 'sip' });
    expect(chosen.body).toMatchObject({ reinvest: 'sip', hasSipPlan: true });

    const P1 = periodBefore(1);
    await fx.record(property.id, { period: P1, kind: 'rent', amount: 600_000 });
    const created = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P1, amount: 550_050 });
    const before = await fx.available(a.id);
    const paid = await admin.json<DistributionJson>('POST', `/api/admin/distributions/${created.body.id}/pay`);
    // AED 5,500.50 buys 5.5005 shares of the plan's property at AED 1,000 a share; nothing is left over.
    expect(paid.body.lines[0]).toMatchObject({ amount: '550050', reinvested: '550050' });
    const [held] = await q<{ units: string }>(database.db, sql`select units::text from holdings where user_id = ${a.id} and property_id = ${target.id}`);
    expect(held.units).toBe('55005');
    expect(await fx.available(a.id)).toBe(before);
    await fx.reconcile();
  });

  it('pays once when two administrators press pay at the same moment', async () => {
    const { property, people } = await fx.holdersOf([10n, 30n]);
    const P1 = periodBefore(1);
    await fx.record(property.id, { period: P1, kind: 'rent', amount: 80_000 });
    const created = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P1, amount: 80_000 });
    const before = await Promise.all(people.map((p) => fx.available(p.id)));
    const [x, y] = await Promise.all([admin.json<DistributionJson>('POST', `/api/admin/distributions/${created.body.id}/pay`), second.json<DistributionJson>('POST', `/api/admin/distributions/${created.body.id}/pay`)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect([x.body.status, y.body.status]).toEqual(['paid', 'paid']);
    expect(await Promise.all(people.map((p) => fx.available(p.id)))).toEqual([before[0] + 20_000n, before[1] + 60_000n]);
    const [entries] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from ledger_journal_entries where source_module = 'distributions.run' and source_id = ${created.body.id}`);
    expect(entries.n).toBe(1);
    // Two identical creations at once answer with one run.
    await fx.record(property.id, { period: periodBefore(2), kind: 'rent', amount: 80_000 });
    const both = await Promise.all([1, 2].map(() => admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: periodBefore(2), amount: 40_000 })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0].body.id).toBe(both[1].body.id);
    await fx.reconcile();
  });

  it('lists runs (filters, search, CSV) and sums up what is payable, waiting and paid', async () => {
    const { property } = await fx.holdersOf([10n]);
    const P1 = periodBefore(1);
    const P2 = periodBefore(2);
    await fx.record(property.id, { period: P1, kind: 'rent', amount: 300_000 });
    await fx.record(property.id, { period: P2, kind: 'rent', amount: 200_000 });
    const draft = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P2, amount: 100_000 });

    const summary = await admin.json<DistributionSummaryJson>('GET', '/api/admin/distributions/summary');
    expect(summary.status).toBe(200);
    const mine = summary.body.payable.find((p) => p.propertyId === property.id)!;
    expect(mine).toEqual({ propertyId: property.id, reference: property.reference, title: property.title, periods: [P1], amount: '270000' });
    expect(summary.body.waiting).toBeGreaterThanOrEqual(1);
    expect(BigInt(summary.body.waitingAmount)).toBeGreaterThanOrEqual(100_000n);
    expect(summary.body.byMonth).toHaveLength(12);
    expect(summary.body.byMonth.at(-1)!.period).toBe(current());
    // Every run of this suite was paid today: this month's bar and this year's total are all of them.
    const [paidAll] = await q<{ n: number; s: string }>(database.db, sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as s from distribution_runs where status = 'paid'`);
    expect(summary.body.byMonth.at(-1)!.amount).toBe(paidAll.s);
    expect(summary.body.paidThisYear).toBe(paidAll.s);
    expect(summary.body.paidRuns).toBe(Number(paidAll.n));
    expect(summary.body.paidRuns).toBeGreaterThan(0);

    const list = await admin.json<{ items: DistributionRunJson[]; total: number }>('GET', `/api/admin/distributions?propertyId=${property.id}`);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({ id: draft.body.id, status: 'draft', propertyReference: property.reference, holders: 1 });
    expect(list.body.items[0]).not.toHaveProperty('lines');
    const drafts = await admin.json<{ items: DistributionRunJson[]; total: number }>('GET', '/api/admin/distributions?status=draft&sort=-amount&limit=1');
    expect(drafts.body.items).toHaveLength(1);
    expect(drafts.body.items.every((r) => r.status === 'draft')).toBe(true);
    const search = await admin.json<{ items: DistributionRunJson[] }>('GET', `/api/admin/distributions?q=${draft.body.number}`);
    expect(search.body.items.map((r) => r.id)).toEqual([draft.body.id]);
    expect((await admin.json('GET', `/api/admin/distributions?period=${P2}&propertyId=${property.reference}`)).body.total).toBe(1);
    const csv = await admin.get(`/api/admin/distributions/export?propertyId=${property.id}`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('Distribution,Property,Reference,Period,Record date,Status,Amount (AED),Distributable (AED),Reserve (AED),Holders,Per share (AED),Created by,Approved by,Paid at,Journal entry,Created at');
    expect(text).toContain(`${draft.body.number},${property.title},${property.reference},${P2}`);
    expect((await admin.json<DistributionJson>('GET', `/api/admin/distributions/${draft.body.id}`)).body.lines).toHaveLength(1);

    // The public P&L shows only what the catalogue shows.
    await database.db.execute(sql`update properties set status = 'draft' where id = ${property.id}`);
    expect((await new TestClient(app).json('GET', `/api/properties/${property.id}/pnl`)).status).toBe(404);
    expect((await admin.json('GET', `/api/admin/property-books/${property.id}`)).status).toBe(200);
    // Investors and visitors cannot reach the admin routes.
    const inv = await fx.investor(0n);
    expect((await inv.client.json('GET', '/api/admin/distributions')).status).toBe(403);
    expect((await new TestClient(app).json('GET', '/api/distributions')).status).toBe(401);
  });
});
