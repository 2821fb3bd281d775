/** Sample JSON the inventory screen tests serve (not a test file itself). */
import type { ItemJson, LocationJson, MoveJson } from '../../contract';

export const item = (over: Partial<ItemJson> = {}): ItemJson => ({
  id: '11111111-1111-4111-8111-111111111111',
  sku: 'APP-AC-1.5T',
  name: 'Split AC unit, 1.5 ton inverter',
  category: 'appliance',
  unit: 'each',
  barcode: null,
  reorderLevel: '3',
  reorderQuantity: '4',
  valuationMethod: 'average',
  defaultSupplierId: null,
  onHand: '7',
  value: '1359300',
  unitCost: '194186',
  hasMoves: true,
  createdAt: '2026-03-01T08:00:00.000Z',
  ...over,
});

export const store = (over: Partial<LocationJson> = {}): LocationJson => ({
  id: '22222222-2222-4222-8222-222222222222',
  code: 'WH-AQ-A1',
  name: 'Bin A1, furniture and appliances',
  kind: 'bin',
  parentId: null,
  parentCode: 'WH-AQ',
  property: null,
  items: 4,
  value: '1359300',
  ...over,
});

export const move = (over: Partial<MoveJson> = {}): MoveJson => ({
  id: 'm1',
  number: 'SM-000012',
  type: 'issue',
  date: '2026-03-20',
  itemId: item().id,
  sku: 'APP-AC-1.5T',
  itemName: 'Split AC unit, 1.5 ton inverter',
  quantity: '2',
  unitCost: '194186',
  value: '388371',
  from: { id: store().id, code: 'WH-AQ-A1', name: 'Bin A1' },
  to: { id: 'p1', code: 'MZ-DXB-002', name: 'Downtown Views studio' },
  purchaseOrderId: null,
  note: '',
  journalReference: 'JE-2026-000031',
  createdAt: '2026-03-20T08:00:00.000Z',
  ...over,
});
