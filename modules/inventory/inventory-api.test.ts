import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import type { ItemJson, ItemLedgerJson, LocationJson, MoveJson, ReorderJson, ReorderRequestsJson, StockRowJson, ValuationJson } from './contract';
import { debitBalance, entryFor, inventoryWorld } from './test-helpers';

const today = todayInDubai();
const lines = (e: Awaited<ReturnType<typeof entryFor>>) => e.map((l) => [l.code, l.debit, l.credit, l.property]);

describeEachDb('inventory API', (kind) => {
  let w: Awaited<ReturnType<typeof inventoryWorld>>;
  let admin: TestClient;
  let sofa: ItemJson;
  let bulbs: ItemJson;

  beforeAll(async () => {
    w = await inventoryWorld(kind);
    admin = w.admin;
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  const move = async (body: Record<string, unknown>, status = 201) => {
    const r = await admin.json<MoveJson & { message: string; error: string }>('POST', '/api/admin/inventory/moves', body);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    return r.body;
  };

  it('items: created with the contract shape, SKU unique, listed and exported, method fixed after the first move', async () => {
    const r = await admin.json<ItemJson>('POST', '/api/admin/inventory/items', { name: 'Three-seat sofa', sku: 'FUR-SOFA', valuationMethod: 'fifo', category: 'furniture', reorderLevel: 2, reorderQuantity: '4' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    sofa = r.body;
    expect(sofa).toMatchObject({ sku: 'FUR-SOFA', valuationMethod: 'fifo', onHand: '0', value: '0', reorderLevel: '2', reorderQuantity: '4', unit: 'each', hasMoves: false });
    bulbs = (await admin.json<ItemJson>('POST', '/api/admin/inventory/items', { name: 'LED downlight 12 W', sku: 'FIT-LED', valuationMethod: 'average', category: 'fit_out_material' })).body;
    const dup = await admin.json('POST', '/api/admin/inventory/items', { name: 'Another sofa', sku: 'fur-sofa', valuationMethod: 'average' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('duplicate_sku');
    const bad = await admin.json('POST', '/api/admin/inventory/items', { name: 'X sofa', sku: 'A', valuationMethod: 'lifo' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('fifo');
    const list = await admin.json<{ items: ItemJson[]; total: number }>('GET', '/api/admin/inventory/items?q=sofa');
    expect(list.body.total).toBe(1);
    const csv = await (await admin.get('/api/admin/inventory/items/export?category=furniture')).text();
    expect(csv.split('\r\n')[1]).toContain('FUR-SOFA');
    expect((await admin.json('GET', '/api/admin/inventory/items/nope')).status).toBe(404);
  });

  it('receipt: Dr 1810 / Cr 2310 on credit, Cr 2330 against an order; FIFO layers consumed oldest first on issue to a property (Dr 1720 with the property)', async () => {
    const a = await move({ itemId: sofa.id, type: 'receipt', quantity: 3, unitCost: 400_000, to: 'WH-AQ', date: addDays(today, -10) });
    expect(a).toMatchObject({ type: 'receipt', quantity: '3', value: '1200000', unitCost: '400000', to: { code: 'WH-AQ' } });
    expect(a.journalReference).not.toBe('');
    expect(lines(await entryFor(w.db, a.id))).toEqual([
      ['1810', '1200000', '0', null],
      ['2310', '0', '1200000', null],
    ]);
    const order = '00000000-0000-4000-8000-000000000001';
    const b = await move({ itemId: sofa.id, type: 'receipt', quantity: 2, unitCost: '450000', to: 'WH-AQ-A1', purchaseOrderId: order, date: addDays(today, -5) });
    expect(lines(await entryFor(w.db, b.id))).toEqual([
      ['1810', '900000', '0', null],
      ['2330', '0', '900000', null],
    ]);
    // 4 out of WH-AQ? only 3 there: refused, naming item, location and quantity on hand.
    const refused = await move({ itemId: sofa.id, type: 'issue', quantity: 4, from: 'WH-AQ', to: w.properties[0]!.reference }, 422);
    expect(refused.error).toBe('insufficient_stock');
    expect(refused.message).toContain('FUR-SOFA');
    expect(refused.message).toContain('WH-AQ');
    expect(refused.message).toContain('3 on hand');
    // Issue 3 from WH-AQ: FIFO takes the 3 at 4,000.00 (the older layer), though it sits with newer stock.
    const c = await move({ itemId: sofa.id, type: 'issue', quantity: 3, from: 'WH-AQ', to: w.properties[0]!.reference, date: addDays(today, -2) });
    expect(c).toMatchObject({ value: '1200000', to: { code: w.properties[0]!.reference } });
    expect(lines(await entryFor(w.db, c.id))).toEqual([
      ['1720', '1200000', '0', w.properties[0]!.reference],
      ['1810', '0', '1200000', null],
    ]);
    const item = (await admin.json<ItemJson>('GET', `/api/admin/inventory/items/${sofa.id}`)).body;
    expect(item).toMatchObject({ onHand: '2', value: '900000', unitCost: '450000', hasMoves: true });
    const fixed = await admin.json('PATCH', `/api/admin/inventory/items/${sofa.id}`, { valuationMethod: 'average' });
    expect(fixed.status).toBe(409);
    // A change touches only the fields given.
    const renamed = await admin.json<ItemJson>('PATCH', `/api/admin/inventory/items/${sofa.id}`, { name: 'Three-seat sofa, grey' });
    expect(renamed.body).toMatchObject({ name: 'Three-seat sofa, grey', category: 'furniture', reorderLevel: '2', reorderQuantity: '4', valuationMethod: 'fifo' });
    // The property is a location: what is installed there is its stock.
    const installed = await admin.json<{ items: StockRowJson[] }>('GET', `/api/admin/inventory/stock?kind=property`);
    expect(installed.body.items).toEqual([expect.objectContaining({ sku: 'FUR-SOFA', locationCode: w.properties[0]!.reference, quantity: '3', value: '1200000', property: w.properties[0]!.reference })]);
  });

  it('moving average, transfers (no entry between bins; Dr 1720 into a property), maintenance job (Dr 5120), count adjustments (5520)', async () => {
    await move({ itemId: bulbs.id, type: 'receipt', quantity: 100, unitCost: 2_400, to: 'WH-AQ-B1', date: addDays(today, -9) });
    const paid = await move({ itemId: bulbs.id, type: 'receipt', quantity: 50, unitCost: 2_700, to: 'WH-AQ-B1', date: addDays(today, -8), paidFrom: await bankId() });
    expect(lines(await entryFor(w.db, paid.id))).toEqual([
      ['1810', '135000', '0', null],
      ['1110', '0', '135000', null],
    ]);
    // average: (240,000 + 135,000) / 150 = 2,500 a unit
    const t = await move({ itemId: bulbs.id, type: 'transfer', quantity: 30, from: 'WH-AQ-B1', to: 'WH-AQ-A1', date: addDays(today, -7) });
    expect(t).toMatchObject({ value: '75000', journalReference: '' });
    expect(await entryFor(w.db, t.id)).toEqual([]);
    const job = await admin.json<LocationJson>('POST', '/api/admin/inventory/locations', { code: 'JOB-1042', name: 'Job 1042: lighting repair', kind: 'maintenance_job', property: w.properties[1]!.reference });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const i = await move({ itemId: bulbs.id, type: 'issue', quantity: 10, from: 'WH-AQ-A1', to: 'JOB-1042', date: addDays(today, -6) });
    expect(lines(await entryFor(w.db, i.id))).toEqual([
      ['5120', '25000', '0', w.properties[1]!.reference],
      ['1810', '0', '25000', null],
    ]);
    const tp = await move({ itemId: bulbs.id, type: 'transfer', quantity: 12, from: 'WH-AQ-A1', to: w.properties[1]!.id, date: addDays(today, -6) });
    expect(lines(await entryFor(w.db, tp.id))).toEqual([
      ['1720', '30000', '0', w.properties[1]!.reference],
      ['1810', '0', '30000', null],
    ]);
    const lost = await move({ itemId: bulbs.id, type: 'adjustment', quantity: '-3', to: 'WH-AQ-B1', date: addDays(today, -1), note: 'Count: three broken' });
    expect(lines(await entryFor(w.db, lost.id))).toEqual([
      ['5520', '7500', '0', null],
      ['1810', '0', '7500', null],
    ]);
    const found = await move({ itemId: bulbs.id, type: 'adjustment', quantity: 1, to: 'WH-AQ-A1', date: today });
    expect(lines(await entryFor(w.db, found.id))).toEqual([
      ['1810', '2500', '0', null],
      ['5520', '0', '2500', null],
    ]);
    const tooMany = await move({ itemId: bulbs.id, type: 'adjustment', quantity: -500, to: 'WH-AQ-B1' }, 422);
    expect(tooMany.error).toBe('insufficient_stock');
    expect((await move({ itemId: bulbs.id, type: 'issue', quantity: 1, from: 'WH-AQ-B1', to: 'WH-AQ-A1' }, 422)).error).toBe('invalid_stock_move');
    expect((await move({ itemId: bulbs.id, type: 'receipt', quantity: 1, to: 'WH-AQ' }, 422)).message).toContain('unit cost');
    expect((await move({ itemId: bulbs.id, type: 'receipt', quantity: -1, unitCost: 1, to: 'WH-AQ' }, 400)).message).toContain('quantity');
    expect((await move({ itemId: bulbs.id, type: 'receipt', quantity: 10_000_000, unitCost: '100000000000', to: 'WH-AQ' }, 422)).message).toContain('at most');
    expect((await move({ itemId: bulbs.id, type: 'transfer', quantity: 1, from: 'WH-AQ', to: 'NOWHERE' }, 404)).error).toBe('inventory_location_not_found');

    const ledger = (await admin.json<ItemLedgerJson>('GET', `/api/admin/inventory/items/${bulbs.id}/ledger`)).body;
    expect(ledger.rows.map((r) => [r.type, r.quantityIn, r.quantityOut, r.value, r.runningQuantity, r.runningValue])).toEqual([
      ['receipt', '100', '0', '240000', '100', '240000'],
      ['receipt', '50', '0', '135000', '150', '375000'],
      ['transfer', '30', '30', '75000', '150', '375000'],
      ['issue', '0', '10', '25000', '140', '350000'],
      ['transfer', '0', '12', '30000', '128', '320000'],
      ['adjustment', '0', '3', '7500', '125', '312500'],
      ['adjustment', '1', '0', '2500', '126', '315000'],
    ]);
    const moves = await admin.json<{ items: MoveJson[]; total: number }>('GET', `/api/admin/inventory/moves?itemId=${bulbs.id}&type=transfer`);
    expect(moves.body.total).toBe(2);
    const csv = await (await admin.get(`/api/admin/inventory/moves/export?itemId=${bulbs.id}`)).text();
    expect(csv.trim().split('\r\n')).toHaveLength(8);
  });

  it('valuation as at today and a past date equals the 1810 balance at that date', async () => {
    const now = (await admin.json<ValuationJson>('GET', '/api/admin/inventory/valuation')).body;
    expect(BigInt(now.total)).toBe(await debitBalance(w.db, '1810', today));
    expect(now.total).toBe(String(900_000 + 315_000));
    expect(now.items.map((i) => [i.sku, i.quantity, i.value])).toEqual([
      ['FIT-LED', '126', '315000'],
      ['FUR-SOFA', '2', '900000'],
    ]);
    const past = addDays(today, -7);
    const then = (await admin.json<ValuationJson>('GET', `/api/admin/inventory/valuation?asOf=${past}`)).body;
    expect(then.items.map((i) => [i.sku, i.quantity, i.value])).toEqual([
      ['FIT-LED', '150', '375000'],
      ['FUR-SOFA', '3', '1200000'],
    ]);
    expect(BigInt(then.total)).toBe(await debitBalance(w.db, '1810', past));
    expect((await admin.json('GET', '/api/admin/inventory/valuation?asOf=2026-13-01')).status).toBe(400);
    const stores = await admin.json<{ items: LocationJson[] }>('GET', '/api/admin/inventory/locations?kind=bin');
    expect(stores.body.items.map((l) => l.code)).toEqual(['WH-AQ-A1', 'WH-AQ-B1']);
  });

  it('reorder: items at or below their level are suggested, and a purchase request is raised through purchasing', async () => {
    const r = (await admin.json<ReorderJson>('GET', '/api/admin/inventory/reorder')).body;
    expect(r.items.map((i) => [i.sku, i.shortfall])).toEqual([['FUR-SOFA', '0']]);
    const noCost = (await admin.json<ItemJson>('POST', '/api/admin/inventory/items', { name: 'Water heater 80 l', sku: 'SP-HEATER', valuationMethod: 'fifo', reorderQuantity: 2 })).body;
    const refused = await admin.json('POST', '/api/admin/inventory/reorder/requests', { itemIds: [noCost.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('reorder_cost_unknown');
    const created = await admin.json<ReorderRequestsJson>('POST', '/api/admin/inventory/reorder/requests', { itemIds: [sofa.id] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.requests).toHaveLength(1);
    const [req] = await q<{ title: string; estimate_net: string; quantity: string; status: string }>(
      w.db,
      sql`select r.title, r.estimate_net::text, l.quantity::text, r.status from purchase_requests r join purchase_request_lines l on l.request_id = r.id where r.id = ${created.body.requests[0]!.id}`,
    );
    // 4 sofas at the last receipt cost of 4,500.00
    expect(req).toMatchObject({ status: 'submitted', estimate_net: '1800000', quantity: '4000' });
    expect(req!.title).toContain('FUR-SOFA');
  });

  it('parallel issues never take a location below zero: the item lock lets exactly the stock on hand through', async () => {
    const heater = (await admin.json<ItemJson>('POST', '/api/admin/inventory/items', { name: 'Water heater 50 l', sku: 'SP-HEATER-50', valuationMethod: 'fifo' })).body;
    await move({ itemId: heater.id, type: 'receipt', quantity: 3, unitCost: 50_000, to: 'WH-AQ-B1' });
    await move({ itemId: heater.id, type: 'receipt', quantity: 2, unitCost: 56_000, to: 'WH-AQ-B1' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => admin.json('POST', '/api/admin/inventory/moves', { itemId: heater.id, type: 'issue', quantity: 1, from: 'WH-AQ-B1', to: 'JOB-1042' })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422)).toHaveLength(3);
    expect(results.map((r) => r.body.value).filter(Boolean).sort()).toEqual(['50000', '50000', '50000', '56000', '56000']);
    const item = (await admin.json<ItemJson>('GET', `/api/admin/inventory/items/${heater.id}`)).body;
    expect(item).toMatchObject({ onHand: '0', value: '0' });
    const now = (await admin.json<ValuationJson>('GET', '/api/admin/inventory/valuation')).body;
    expect(BigInt(now.total)).toBe(await debitBalance(w.db, '1810'));
  });

  async function bankId() {
    const bank = await admin.json<{ id: string }>('POST', '/api/admin/bank-accounts', { name: 'Emirates NBD operating', iban: 'AE070331234567890123456', ledgerAccountCode: '1110', bankName: 'Emirates NBD' });
    expect(bank.status, JSON.stringify(bank.body)).toBe(201);
    return bank.body.id;
  }
});
