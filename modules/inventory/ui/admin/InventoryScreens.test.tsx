// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@site/components/admin/ledger/test-utils';
import InventoryScreen from './InventoryScreen';
import OperationsTab from './OperationsTab';
import ProductsTab from './ProductsTab';
import { item, move, store } from './test-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const valuation = {
  asOf: '2026-03-25',
  items: [{ itemId: item().id, sku: 'APP-AC-1.5T', name: 'Split AC unit', category: 'appliance', valuationMethod: 'average', quantity: '7', value: '1359300' }],
  total: '1359300',
  byCategory: [
    { category: 'furniture', value: '0' },
    { category: 'appliance', value: '1359300' },
    { category: 'fit_out_material', value: '0' },
    { category: 'spare_part', value: '0' },
  ],
};

describe('/admin/inventory', () => {
  it('shows the stock value from the valuation, the chart by category, locations, installed items, and raises purchase requests for items to reorder', async () => {
    const calls = mockFetch({
      'GET /api/admin/inventory/valuation': () => json(valuation),
      'GET /api/admin/inventory/reorder': () => json({ items: [{ ...item({ id: 'i2', sku: 'SP-HEATER-80L', name: 'Water heater, 80 litre', onHand: '1', reorderLevel: '2', reorderQuantity: '3' }), shortfall: '1' }], total: 1 }),
      'GET /api/admin/inventory/locations': () => json({ items: [store()], total: 5 }),
      'GET /api/admin/inventory/stock': () =>
        json({ items: [{ itemId: 'i9', sku: 'FUR-SOFA-3S', itemName: 'Three-seat sofa', category: 'furniture', unit: 'each', locationId: 'p1', locationCode: 'MZ-DXB-001', locationName: 'Marina Gate two-bedroom', kind: 'property', property: 'MZ-DXB-001', quantity: '1', value: '420000' }], total: 1 }),
      'POST /api/admin/inventory/reorder/requests': () => json({ requests: [{ id: 'r1', number: 'PR-2026-0007', itemIds: ['i2'] }] }, 201),
    });
    renderWithApp(<InventoryScreen />, '/admin/inventory');
    await waitFor(() => expect(screen.getAllByText('AED 13,593.00').length).toBeGreaterThan(0));
    expect(screen.getByRole('img', { name: /Stock value by category/ }).getAttribute('aria-label') ?? '').toContain('Appliances');
    expect(await screen.findByText('Marina Gate two-bedroom')).toBeTruthy();
    expect(screen.getByText(/1 each × Three-seat sofa/)).toBeTruthy();
    expect(await screen.findByText('Bin A1, furniture and appliances')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Raise purchase requests for this item' }));
    expect(await screen.findByText(/Purchase request PR-2026-0007 submitted for approval/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ itemIds: ['i2'] });
  });

  it('says so when the valuation fails instead of showing a figure', async () => {
    mockFetch({
      'GET /api/admin/inventory/valuation': () => json({ message: 'Server error', error: 'internal' }, 500),
      'GET /api/admin/inventory/reorder': () => json({ items: [], total: 0 }),
      'GET /api/admin/inventory/locations': () => json({ items: [], total: 0 }),
      'GET /api/admin/inventory/stock': () => json({ items: [], total: 0 }),
    });
    renderWithApp(<InventoryScreen />, '/admin/inventory');
    expect(await screen.findByText('The valuation did not load')).toBeTruthy();
    expect(await screen.findByText('Nothing to reorder')).toBeTruthy();
    expect(await screen.findByText('Nothing installed yet')).toBeTruthy();
  });
});

describe('/admin/inventory/products', () => {
  it('lists items with stock and value, validates and creates an item, opens the stock ledger', async () => {
    const calls = mockFetch({
      'GET /api/admin/inventory/items': () => json({ items: [item()], total: 1 }),
      'GET /api/admin/suppliers': () => json({ items: [], total: 0 }),
      'POST /api/admin/inventory/items': () => json(item({ id: 'new', sku: 'SP-HANDLE-SS' }), 201),
      [`GET /api/admin/inventory/items/${item().id}/ledger`]: () =>
        json({ item: item(), rows: [{ moveId: 'm1', number: 'SM-000001', date: '2026-03-01', type: 'receipt', quantityIn: '9', quantityOut: '0', unitCost: '189900', value: '1709100', runningQuantity: '9', runningValue: '1709100', journalReference: 'JE-2026-000010', from: null, to: 'WH-AQ-A1' }] }),
    });
    renderWithApp(<ProductsTab />, '/admin/inventory/products');
    const row = (await screen.findByText('Split AC unit, 1.5 ton inverter')).closest('tr')!;
    expect(row.textContent).toContain('7 each');
    expect(row.textContent).toContain('13,593.00');
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an item' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save item' }));
    expect(within(dialog).getByText(/Enter the item’s name/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Door handle set' } });
    fireEvent.change(within(dialog).getByLabelText(/^SKU/), { target: { value: 'SP-HANDLE-SS' } });
    fireEvent.change(within(dialog).getByLabelText('Reorder quantity'), { target: { value: '24' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Door handle set', sku: 'SP-HANDLE-SS', valuationMethod: 'fifo', reorderQuantity: '24' }));
    fireEvent.click(within(row).getByRole('button', { name: /Ledger of APP-AC-1.5T/ }));
    const ledger = await screen.findByRole('dialog', { name: /Stock ledger: APP-AC-1.5T/ });
    expect(await within(ledger).findByText('JE-2026-000010')).toBeTruthy();
  });
});

describe('/admin/inventory/operations', () => {
  it('lists moves with their journal entry and records a stock count as the difference from what is on hand', async () => {
    const calls = mockFetch({
      'GET /api/admin/inventory/moves': () => json({ items: [move()], total: 1 }),
      'GET /api/admin/inventory/items': () => json({ items: [item()], total: 1 }),
      'GET /api/admin/inventory/locations': () => json({ items: [store()], total: 1 }),
      'GET /api/admin/inventory/stock': () => json({ items: [{ itemId: item().id, quantity: '7', value: '1359300' }], total: 1 }),
      'POST /api/admin/inventory/moves': () => json(move({ type: 'adjustment' }), 201),
    });
    renderWithApp(<OperationsTab />, '/admin/inventory/operations');
    const row = (await screen.findByText('JE-2026-000031')).closest('tr')!;
    expect(row.textContent).toContain('MZ-DXB-002');
    expect(row.textContent).toContain('3,883.71');
    fireEvent.click(screen.getByRole('button', { name: 'Stock count' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a stock count' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: /APP-AC-1.5T/ })).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('Item'), { target: { value: item().id } });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: /WH-AQ-A1/ })).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('Warehouse or bin'), { target: { value: store().id } });
    await within(dialog).findByText('7 on hand at this location.');
    fireEvent.change(within(dialog).getByLabelText('Counted quantity'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record move' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ itemId: item().id, type: 'adjustment', quantity: '-2', to: store().id }));
  });
});
