// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import type { PurchaseOrderDetailJson } from '../../contract';
import PurchaseOrdersTab from './PurchaseOrdersTab';
import { heldBill, supplier } from './test-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const order = (over: Partial<PurchaseOrderDetailJson> = {}): PurchaseOrderDetailJson => ({
  id: 'po2',
  number: 'PO-2026-0002',
  status: 'partially_received',
  supplierId: 's1',
  supplierName: 'Sharjah Home Furnishings Trading',
  supplierEmail: 'sales@shjhome.ae',
  requestId: null,
  requestNumber: null,
  orderDate: '2026-03-02',
  expectedDate: '2026-03-27',
  costCenter: null,
  property: 'MZ-DXB-001',
  deliveryAddress: 'Marina Gate, Dubai Marina, Dubai',
  notes: '',
  net: '1920000',
  vat: '96000',
  total: '2016000',
  sentAt: '2026-03-02T09:00:00.000Z',
  createdBy: 'admin@manzil.ae',
  createdAt: '2026-03-02T08:00:00.000Z',
  lines: [{ id: 'pl1', lineNo: 1, description: 'Three-seat sofa, grey fabric', quantity: '6', unitCode: 'C62', unitPrice: '320000', taxCode: 'standard', net: '1920000', vat: '96000', expenseAccountCode: '5120', stockItemId: null, received: '2', billed: '0', receivedValue: '640000' }],
  receipts: [],
  bills: [],
  ...over,
});

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/admin/purchase-orders': () => json({ items: [order()], total: 1 }),
    'GET /api/admin/purchase-orders/po2': () => json(order()),
    'GET /api/admin/suppliers': () => json({ items: [supplier()], total: 1 }),
    ...overrides,
  });
}

describe('/admin/purchase/orders', () => {
  it('opens an order from its number and receives a quantity on a line', async () => {
    const calls = api({ 'POST /api/admin/purchase-orders/po2/receipts': () => json(order({ lines: [{ ...order().lines[0]!, received: '4' }] }), 201) });
    const { location } = renderWithApp(<PurchaseOrdersTab />, '/admin/purchase/orders');
    fireEvent.click(await screen.findByRole('link', { name: /PO-2026-0002/ }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/purchase/orders?order=po2'));
    const dialog = await screen.findByRole('dialog', { name: 'Purchase order PO-2026-0002' });
    expect(within(dialog).getByRole('link', { name: /PDF/ }).getAttribute('href')).toBe('/api/admin/purchase-orders/po2/pdf');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Receive' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record receipt' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('at least one line');
    fireEvent.change(within(dialog).getByLabelText('Quantity received now, line 1'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record receipt' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ lines: [{ poLineId: 'pl1', quantity: '2' }] }));
  });

  it('records the bill prefilled with what was received at the order price, and says when it is held', async () => {
    const calls = api({ 'POST /api/admin/bills': () => json(heldBill(), 201) });
    renderWithApp(<PurchaseOrdersTab />, '/admin/purchase/orders?order=po2');
    const dialog = await screen.findByRole('dialog', { name: 'Purchase order PO-2026-0002' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Record bill' }));
    expect((within(dialog).getByLabelText('Billed quantity, line 1') as HTMLInputElement).value).toBe('2');
    expect((within(dialog).getByLabelText('Billed unit price, line 1') as HTMLInputElement).value).toBe('3200');
    fireEvent.change(within(dialog).getByLabelText(/Supplier’s bill number/), { target: { value: 'SHF/INV/7781' } });
    fireEvent.change(within(dialog).getByLabelText('Billed unit price, line 1'), { target: { value: '3,450' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Match and record' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ supplierId: 's1', purchaseOrderId: 'po2', supplierBillNumber: 'SHF/INV/7781', lines: [{ poLineId: 'pl1', quantity: '2', unitPrice: '345000' }] }));
    expect((await within(dialog).findByRole('status')).textContent).toContain('held for review: 1 difference');
  });
});
