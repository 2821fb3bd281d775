/** Shared set-up for the sales suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '@db/client';
import type { DbKind } from '@tests/helpers/db';
import { inventoryWorld } from '@modules/inventory/test-helpers';
import { q } from '@modules/wallet';
import type { ProductJson } from './contract';

/** Σ debit − credit of an account (all dates). */
export async function balanceOf(db: Db, code: string): Promise<bigint> {
  const [r] = await q<{ b: string }>(db, sql`select coalesce(sum(l.debit - l.credit), 0)::text as b from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id where a.code = ${code}`);
  return BigInt(r!.b);
}

/** The lines of the journal entries posted by a module for a source id: [code, debit, credit]. */
export const entryLines = async (db: Db, module: string, id: string) =>
  (
    await q<{ code: string; debit: string; credit: string }>(
      db,
      sql`select a.code, l.debit::text, l.credit::text from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
            join ledger_journal_entries e on e.id = l.entry_id where e.source_module = ${module} and e.source_id = ${id} order by l.line_no`,
    )
  ).map((l) => [l.code, l.debit, l.credit]);

/**
 * A fresh database and app (inventory's world: main store, the admin signed in) with a customer, a FIFO item
 * with 10 in store (4 at AED 400, 6 at AED 450), a service product and a stock product for the item.
 */
export async function salesWorld(kind: DbKind) {
  const w = await inventoryWorld(kind);
  const ok = async <T = any>(method: string, path: string, body?: unknown, status = 200, headers?: Record<string, string>) => {
    const r = headers ? await w.admin.request(method, path, body, { headers }) : await w.admin.request(method, path, body);
    const text = await r.text();
    expect(r.status, `${method} ${path} → ${text.slice(0, 300)}`).toBe(status);
    return (text ? JSON.parse(text) : null) as T;
  };
  const customer = await ok<{ id: string }>('POST', '/api/admin/customers', { name: 'Palm Residences Owners LLC', email: 'owners@palm.test', paymentTermsDays: 30 }, 201);
  const item = await ok<{ id: string }>('POST', '/api/admin/inventory/items', { name: 'Three-seat sofa', sku: 'FUR-SOFA', valuationMethod: 'fifo', category: 'furniture' }, 201);
  await ok('POST', '/api/admin/inventory/moves', { itemId: item.id, type: 'receipt', quantity: 4, unitCost: 400_000, to: 'WH-AQ' }, 201);
  await ok('POST', '/api/admin/inventory/moves', { itemId: item.id, type: 'receipt', quantity: 6, unitCost: 450_000, to: 'WH-AQ' }, 201);
  const service = await ok<ProductJson>('POST', '/api/admin/sales/products', { code: 'SVC-PM', name: 'Property management', kind: 'service', unit: 'month', defaultPrice: 350_000 }, 201);
  const sofa = await ok<ProductJson>('POST', '/api/admin/sales/products', { code: 'STK-SOFA', name: 'Sofa, supplied', kind: 'stock', defaultPrice: 700_000, itemId: item.id }, 201);
  return { ...w, ok, customer, item, service, sofa };
}
