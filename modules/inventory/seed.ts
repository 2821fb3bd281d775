/**
 * Demo inventory, written through the real services so stock, valuation and the ledger agree: the main store
 * in Al Quoz with two bins, eight items (both valuation methods), receipts at two different costs, issues to
 * two demo properties, a transfer between bins and a stock-count adjustment. Idempotent: it does nothing once
 * the first demo item exists.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { createItemInput, createMoveInput, type CreateItemInput } from './contract';
import { createItem } from './items';
import { seedMainStore } from './locations';
import { recordMove } from './record-move';
import { rows } from './shared';

const DEMO_ADMIN_EMAIL = 'admin@manzil.ae';

const ITEMS: (Omit<Partial<CreateItemInput>, 'reorderLevel' | 'reorderQuantity'> & { sku: string; name: string; reorderLevel?: string; reorderQuantity?: string; costs: [number, number]; bin: string })[] = [
  { sku: 'FUR-SOFA-3S', name: 'Three-seat sofa, grey fabric', category: 'furniture', valuationMethod: 'fifo', reorderLevel: '2', reorderQuantity: '4', costs: [420_000, 455_000], bin: 'WH-AQ-A1' },
  { sku: 'FUR-DINING-6', name: 'Dining set, table and six chairs', category: 'furniture', unit: 'set', valuationMethod: 'fifo', reorderLevel: '1', reorderQuantity: '2', costs: [610_000, 640_000], bin: 'WH-AQ-A1' },
  { sku: 'APP-WM-8KG', name: 'Washing machine, 8 kg front loader', category: 'appliance', valuationMethod: 'average', reorderLevel: '2', reorderQuantity: '3', costs: [165_000, 172_500], bin: 'WH-AQ-A1' },
  { sku: 'APP-AC-1.5T', name: 'Split AC unit, 1.5 ton inverter', category: 'appliance', valuationMethod: 'average', reorderLevel: '3', reorderQuantity: '4', costs: [189_900, 199_900], bin: 'WH-AQ-A1' },
  { sku: 'FIT-LED-12W', name: 'LED downlight, 12 W warm white', category: 'fit_out_material', valuationMethod: 'average', reorderLevel: '40', reorderQuantity: '100', costs: [2_450, 2_600], bin: 'WH-AQ-B1' },
  { sku: 'FIT-PAINT-W', name: 'Interior emulsion paint, white', category: 'fit_out_material', unit: 'litre', valuationMethod: 'average', reorderLevel: '50', reorderQuantity: '120', costs: [1_800, 1_950], bin: 'WH-AQ-B1' },
  { sku: 'SP-HANDLE-SS', name: 'Door handle set, stainless steel', category: 'spare_part', unit: 'set', valuationMethod: 'fifo', reorderLevel: '10', reorderQuantity: '24', costs: [8_500, 9_200], bin: 'WH-AQ-B1' },
  { sku: 'SP-HEATER-80L', name: 'Water heater, 80 litre', category: 'spare_part', valuationMethod: 'fifo', reorderLevel: '2', reorderQuantity: '3', costs: [54_000, 57_500], bin: 'WH-AQ-B1' },
];

export async function seedInventory(db: Db, opts: { today?: string } = {}): Promise<{ seeded: boolean }> {
  await seedMainStore(db);
  const [admin] = await rows<{ id: string }>(db, sql`select id from users where lower(email) = ${DEMO_ADMIN_EMAIL}`);
  const [exists] = await rows<{ id: string }>(db, sql`select id from inventory_items where sku = ${ITEMS[0]!.sku}`);
  if (exists) return { seeded: false };
  const me = admin?.id ?? null;
  const today = opts.today ?? todayInDubai();
  const ago = (n: number) => addDays(today, -n);
  const properties = await rows<{ reference: string }>(db, sql`select reference from properties order by reference limit 2`);

  const ids: Record<string, string> = {};
  for (const { costs: _costs, bin: _bin, ...item } of ITEMS) ids[item.sku] = (await createItem(db, me, createItemInput.parse(item))).id;
  const move = (input: Record<string, unknown>) => recordMove(db, me, createMoveInput.parse(input));

  // Two receipts per item at different costs: the first a month ago on credit, the second last week.
  for (const item of ITEMS) {
    const big = ['FIT-LED-12W', 'FIT-PAINT-W', 'SP-HANDLE-SS'].includes(item.sku);
    await move({ itemId: ids[item.sku], type: 'receipt', quantity: big ? 120 : 6, unitCost: item.costs[0], to: item.bin, date: ago(30), note: 'Opening purchase' });
    await move({ itemId: ids[item.sku], type: 'receipt', quantity: big ? 60 : 3, unitCost: item.costs[1], to: item.bin, date: ago(7), note: 'Restock' });
  }
  const [first, second] = properties;
  if (first) {
    await move({ itemId: ids['FUR-SOFA-3S'], type: 'issue', quantity: 1, from: 'WH-AQ-A1', to: first.reference, date: ago(5), note: 'Furnishing before the first tenancy' });
    await move({ itemId: ids['APP-WM-8KG'], type: 'issue', quantity: 1, from: 'WH-AQ-A1', to: first.reference, date: ago(5), note: 'Laundry fitted' });
    await move({ itemId: ids['FIT-LED-12W'], type: 'issue', quantity: 14, from: 'WH-AQ-B1', to: first.reference, date: ago(4), note: 'Living room lighting upgrade' });
  }
  if (second) {
    await move({ itemId: ids['FUR-DINING-6'], type: 'issue', quantity: 1, from: 'WH-AQ-A1', to: second.reference, date: ago(3), note: 'Dining area furnished' });
    await move({ itemId: ids['APP-AC-1.5T'], type: 'issue', quantity: 2, from: 'WH-AQ-A1', to: second.reference, date: ago(3), note: 'Bedroom AC replaced' });
  }
  await move({ itemId: ids['SP-HANDLE-SS'], type: 'transfer', quantity: 20, from: 'WH-AQ-B1', to: 'WH-AQ-A1', date: ago(2), note: 'Kept with the furniture for quick fitting' });
  await move({ itemId: ids['FIT-PAINT-W'], type: 'adjustment', quantity: '-4.5', to: 'WH-AQ-B1', date: ago(1), note: 'Quarterly count: two tins found dried out' });
  return { seeded: true };
}
