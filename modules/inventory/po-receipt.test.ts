/**
 * Receiving a purchase order that buys stock: the stock line goes into the store through inventory (Dr 1810 /
 * Cr 2330 at the order price), the service line is expensed by purchasing, the bill clears 2330 to the fil, and
 * the valuation still equals 1810. Reorder requests carry the item to the order.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@tests/helpers/db';
import { todayInDubai } from '@modules/platform/dates';
import type { BillDetailJson, PurchaseOrderDetailJson, PurchaseRequestDetailJson } from '@modules/purchasing';
import { q } from '@modules/wallet';
import type { ItemJson, MoveJson, StockRowJson, ValuationJson } from './contract';
import { debitBalance, inventoryWorld } from './test-helpers';

const today = todayInDubai();

describeEachDb('purchase orders that buy stock', (kind) => {
  let w: Awaited<ReturnType<typeof inventoryWorld>>;
  beforeAll(async () => {
    w = await inventoryWorld(kind);
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  it('a stock line is received into the store at the order price, billed against 2330, and the valuation equals 1810', async () => {
    const { admin } = w;
    const item = (await admin.json<ItemJson>('POST', '/api/admin/inventory/items', { name: 'Split AC unit 1.5 t', sku: 'APL-AC15', valuationMethod: 'fifo', category: 'appliance' })).body;
    const supplier = (await admin.json<{ id: string }>('POST', '/api/admin/suppliers', { name: 'Cool Breeze Trading LLC', email: 'orders@coolbreeze.ae' })).body;
    const unknown = await admin.json('POST', '/api/admin/purchase-orders', {
      supplierId: supplier.id,
      lines: [{ description: 'Ghost', quantity: 1, unitPrice: 100, stockItemId: '00000000-0000-4000-8000-000000000009' }],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('Line 1 names a stock item that does not exist.');
    const po = await admin.json<PurchaseOrderDetailJson>('POST', '/api/admin/purchase-orders', {
      supplierId: supplier.id,
      lines: [
        { description: 'Split AC unit 1.5 t', quantity: 5, unitPrice: 183_333, stockItemId: item.id },
        { description: 'Installation visit', quantity: 1, unitPrice: 50_000 },
      ],
    });
    expect(po.status, JSON.stringify(po.body)).toBe(201);
    const [acLine, visitLine] = po.body.lines;
    expect(acLine).toMatchObject({ stockItemId: item.id, expenseAccountCode: '5520' });
    expect(visitLine!.stockItemId).toBeNull();
    expect((await admin.json('POST', `/api/admin/purchase-orders/${po.body.id}/send`, {})).status).toBe(200);

    // Two ACs and the visit arrive: 2 × 1,833.33 = 3,666.66 into the store, 500.00 expensed.
    const got = await admin.json<PurchaseOrderDetailJson>('POST', `/api/admin/purchase-orders/${po.body.id}/receipts`, {
      lines: [
        { poLineId: acLine!.id, quantity: 2 },
        { poLineId: visitLine!.id, quantity: 1 },
      ],
    });
    expect(got.status, JSON.stringify(got.body)).toBe(201);
    expect(got.body.lines[0]).toMatchObject({ received: '2', receivedValue: '366666' });
    const moves = (await admin.json<{ items: MoveJson[] }>('GET', `/api/admin/inventory/moves?itemId=${item.id}`)).body.items;
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ type: 'receipt', quantity: '2', value: '366666', purchaseOrderId: po.body.id, to: { code: 'WH-AQ' } });
    const stock = (await admin.json<{ items: StockRowJson[] }>('GET', `/api/admin/inventory/stock?itemId=${item.id}`)).body.items;
    expect(stock.map((s) => [s.locationCode, s.quantity])).toEqual([['WH-AQ', '2']]);
    expect(await debitBalance(w.db, '2330')).toBe(-(366_666n + 50_000n));

    // The third AC: value of 3 received (5,499.99) less the 2 before, so the receipts never drift by a fil.
    await admin.json('POST', `/api/admin/purchase-orders/${po.body.id}/receipts`, { lines: [{ poLineId: acLine!.id, quantity: 1 }] });
    const valuation = (await admin.json<ValuationJson>('GET', `/api/admin/inventory/valuation?asOf=${today}`)).body;
    expect(valuation.total).toBe('549999');
    expect(BigInt(valuation.total)).toBe(await debitBalance(w.db, '1810'));

    // The bill for the three ACs and the visit clears 2330 exactly.
    const bill = await admin.json<BillDetailJson>('POST', '/api/admin/bills', {
      supplierId: supplier.id,
      purchaseOrderId: po.body.id,
      supplierBillNumber: 'CB-7781',
      billDate: today,
      lines: [
        { poLineId: acLine!.id, quantity: 3, unitPrice: 183_333 },
        { poLineId: visitLine!.id, quantity: 1, unitPrice: 50_000 },
      ],
    });
    expect(bill.status, JSON.stringify(bill.body)).toBe(201);
    expect(bill.body.status).toBe('posted');
    expect(await debitBalance(w.db, '2330')).toBe(0n);
    expect(BigInt(valuation.total)).toBe(await debitBalance(w.db, '1810'));
    const [moveEntries] = await q<{ n: number }>(w.db, sql`select count(*)::int as n from ledger_journal_entries where source_module = 'inventory.move'`);
    expect(moveEntries!.n).toBe(2);
  });

  it('reorder requests name the item, and the order raised from the request receives into the store', async () => {
    const { admin } = w;
    const item = (await admin.json<ItemJson>('POST', '/api/admin/inventory/items', { name: 'Water filter cartridge', sku: 'SPR-FILTER', valuationMethod: 'average', category: 'spare_part', reorderLevel: 5, reorderQuantity: 10 })).body;
    await admin.json('POST', '/api/admin/inventory/moves', { itemId: item.id, type: 'receipt', quantity: 1, unitCost: 4_500, to: 'WH-AQ' });
    const made = await admin.json<{ requests: { id: string }[] }>('POST', '/api/admin/inventory/reorder/requests', { itemIds: [item.id] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const request = (await admin.json<PurchaseRequestDetailJson>('GET', `/api/admin/purchase-requests/${made.body.requests[0]!.id}`)).body;
    expect(request.lines[0]).toMatchObject({ stockItemId: item.id, quantity: '10' });
  });

  it('a move sent twice with the same Idempotency-Key is recorded once; the same key with another body is refused', async () => {
    const { admin } = w;
    const item = (await admin.json<ItemJson>('POST', '/api/admin/inventory/items', { name: 'Door stop', sku: 'SPR-DOORSTOP', valuationMethod: 'average' })).body;
    const body = { itemId: item.id, type: 'receipt', quantity: 10, unitCost: 1_500, to: 'WH-AQ' };
    const headers = { 'idempotency-key': 'b7e7a0c4-5d0e-4a37-9d53-0c7d8a9b2f11' };
    const send = async (b: object) => {
      const res = await admin.request('POST', '/api/admin/inventory/moves', b, { headers });
      return { status: res.status, body: (await res.json()) as MoveJson };
    };
    const first = await send(body);
    const again = await send(body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
    expect((await send({ ...body, quantity: 11 })).status).toBe(422);
    const moves = (await admin.json<{ total: number }>('GET', `/api/admin/inventory/moves?itemId=${item.id}`)).body;
    expect(moves.total).toBe(1);
  });
});

