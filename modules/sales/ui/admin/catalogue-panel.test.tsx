// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@site/components/admin/ledger/test-utils';
import type { PriceListDetailJson, ProductJson } from '../../contract';
import { CataloguePanel } from './catalogue-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const product = (over: Partial<ProductJson> = {}): ProductJson => ({
  id: '11111111-1111-4111-8111-111111111111',
  code: 'SVC-SHORTLET',
  name: 'Short-let management, per month',
  kind: 'service',
  unit: 'month',
  defaultPrice: '399000',
  incomeAccount: '4300',
  taxCode: 'standard',
  itemId: null,
  itemSku: null,
  active: true,
  createdAt: '2026-01-05T08:00:00.000Z',
  ...over,
});
const sofa = product({ id: '22222222-2222-4222-8222-222222222222', code: 'STK-SOFA-3S', name: 'Three-seat sofa', kind: 'stock', unit: 'each', defaultPrice: '675000', itemId: '33333333-3333-4333-8333-333333333333', itemSku: 'FUR-SOFA-3S' });
const cleaning = product({ id: '44444444-4444-4444-8444-444444444444', code: 'SVC-CLEAN', name: 'Deep cleaning, per visit', unit: 'visit', defaultPrice: '45000' });

const list: PriceListDetailJson = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Owners 2026',
  currency: 'AED',
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  active: true,
  products: 2,
  createdAt: '2026-01-01T08:00:00.000Z',
  prices: [
    { productId: product().id, code: 'SVC-SHORTLET', name: 'Short-let management, per month', unitPrice: '379000' },
    { productId: sofa.id, code: 'STK-SOFA-3S', name: 'Three-seat sofa', unitPrice: '650000' },
  ],
};

const routes = (extra: Parameters<typeof mockFetch>[0] = {}) =>
  mockFetch({
    ...extra,
    'GET /api/admin/sales/products': () => json({ items: [product(), sofa, cleaning], total: 3 }),
    'GET /api/admin/sales/price-lists': () => json({ items: [list], total: 1 }),
    [`GET /api/admin/sales/price-lists/${list.id}`]: () => json(list),
    'GET /api/admin/inventory/items': () => json({ items: [{ id: '33333333-3333-4333-8333-333333333333', sku: 'FUR-SOFA-3S', name: 'Three-seat sofa' }, { id: '66666666-6666-4666-8666-666666666666', sku: 'FUR-BED-K', name: 'King bed frame' }], total: 2 }),
  });

describe('products and price lists on /admin/sales', () => {
  it('lists the products and adds a stock item through the dialog, its price sent in fils', async () => {
    const calls = routes({ 'POST /api/admin/sales/products': () => json(product({ id: '77777777-7777-4777-8777-777777777777', code: 'STK-BED-K' }), 201) });
    renderWithApp(<CataloguePanel />, '/admin/sales');
    const row = (await screen.findByText('Three-seat sofa')).closest('tr')!;
    expect(row.textContent).toContain('STK-SOFA-3S');
    expect(row.textContent).toContain('FUR-SOFA-3S');
    expect(row.textContent).toContain('6,750.00');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a product' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    expect(await within(dialog).findByText(/The code is 1 to 40 letters/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'STK-BED-K' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'King bed frame' } });
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'stock' } });
    const picker = await within(dialog).findByLabelText('Inventory item');
    await within(dialog).findByRole('option', { name: 'FUR-BED-K · King bed frame' });
    fireEvent.change(picker, { target: { value: '66666666-6666-4666-8666-666666666666' } });
    fireEvent.change(within(dialog).getByLabelText('Unit'), { target: { value: 'set' } });
    fireEvent.change(within(dialog).getByLabelText(/^Default price/), { target: { value: '2,450.50' } });
    fireEvent.change(within(dialog).getByLabelText('Tax code'), { target: { value: 'zero' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        code: 'STK-BED-K',
        kind: 'stock',
        itemId: '66666666-6666-4666-8666-666666666666',
        name: 'King bed frame',
        unit: 'set',
        defaultPrice: '245050',
        taxCode: 'zero',
        incomeAccount: '4300',
        active: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a product' })).toBeNull());
  });

  it("shows the server's message inside the dialog and edits a product with PATCH", async () => {
    const calls = routes({
      'POST /api/admin/sales/products': () => json({ message: 'Another product already has the code SVC-CLEAN.', error: 'sales_product_code_taken' }, 409),
      [`PATCH /api/admin/sales/products/${cleaning.id}`]: () => json({ ...cleaning, defaultPrice: '50000', active: false }),
    });
    renderWithApp(<CataloguePanel />, '/admin/sales');
    await screen.findByText('Deep cleaning, per visit');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a product' });
    fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'SVC-CLEAN' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Cleaning again' } });
    fireEvent.change(within(dialog).getByLabelText(/^Default price/), { target: { value: '450' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    expect(await within(dialog).findByText('Another product already has the code SVC-CLEAN.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ code: 'SVC-CLEAN', kind: 'service', itemId: null, defaultPrice: '45000' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Edit SVC-CLEAN' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit SVC-CLEAN' });
    const price = within(edit).getByLabelText(/^Default price/) as HTMLInputElement;
    expect(price.value).toBe('450');
    fireEvent.change(price, { target: { value: '500' } });
    fireEvent.click(within(edit).getByLabelText(/^Active/));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save product' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Deep cleaning, per visit', unit: 'visit', defaultPrice: '50000', taxCode: 'standard', incomeAccount: '4300', active: false }),
    );
  });

  it("opens a price list, refuses a bad amount, and saves the list's prices with PUT (blank = off the list)", async () => {
    const calls = routes({
      [`PUT /api/admin/sales/price-lists/${list.id}/prices`]: () =>
        json({ ...list, products: 2, prices: [list.prices[0], { productId: cleaning.id, code: 'SVC-CLEAN', name: cleaning.name, unitPrice: '42000' }].map((p) => (p.productId === list.prices[0]!.productId ? { ...p, unitPrice: '385000' } : p)) }),
    });
    renderWithApp(<CataloguePanel />, '/admin/sales');
    const row = (await screen.findAllByText('Owners 2026')).find((e) => e.closest('tr'))!.closest('tr')!;
    expect(row.textContent).toContain('AED');
    fireEvent.click(within(row).getByRole('button', { name: 'Open Owners 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prices: Owners 2026' });
    const shortlet = (await within(dialog).findByLabelText('Price of SVC-SHORTLET on Owners 2026')) as HTMLInputElement;
    expect(shortlet.value).toBe('3790');
    const sofaPrice = within(dialog).getByLabelText('Price of STK-SOFA-3S on Owners 2026') as HTMLInputElement;
    expect(sofaPrice.value).toBe('6500');
    const clean = within(dialog).getByLabelText('Price of SVC-CLEAN on Owners 2026') as HTMLInputElement;
    expect(clean.value).toBe('');
    fireEvent.change(shortlet, { target: { value: '3,850' } });
    fireEvent.change(sofaPrice, { target: { value: '' } });
    fireEvent.change(clean, { target: { value: '420.005' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(await within(dialog).findByText(/Type an amount in AED/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(clean, { target: { value: '420' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        prices: [
          { productId: product().id, unitPrice: '385000' },
          { productId: cleaning.id, unitPrice: '42000' },
        ],
      }),
    );
    expect((await within(dialog).findByRole('status')).textContent).toBe('Saved: 2 prices on Owners 2026.');
  });

  it('shows the API validation message when a new price list is refused', async () => {
    const calls = routes({ 'POST /api/admin/sales/price-lists': () => json({ message: 'The price list cannot end before it starts.', error: 'validation' }, 422) });
    renderWithApp(<CataloguePanel />, '/admin/sales');
    await screen.findAllByText('Owners 2026');
    fireEvent.click(screen.getByRole('button', { name: 'New price list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New price list' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Partners 2027' } });
    fireEvent.change(within(dialog).getByLabelText(/^Valid from/), { target: { value: '2027-01-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Valid to/), { target: { value: '2027-12-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create price list' }));
    expect(await within(dialog).findByText('The price list cannot end before it starts.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Partners 2027', currency: 'AED', validFrom: '2027-01-01', validTo: '2027-12-31', active: true, prices: [] });
  });

  it('says so when there are no products and no price lists', async () => {
    mockFetch({
      'GET /api/admin/sales/products': () => json({ items: [], total: 0 }),
      'GET /api/admin/sales/price-lists': () => json({ message: 'Server error', error: 'internal' }, 500),
    });
    renderWithApp(<CataloguePanel />, '/admin/sales');
    expect(await screen.findByText('No products yet')).toBeTruthy();
    expect(await screen.findByText('Server error')).toBeTruthy();
  });
});
