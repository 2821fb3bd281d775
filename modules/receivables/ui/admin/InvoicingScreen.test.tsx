// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import type { CustomerJson, InvoiceDetailJson, InvoiceJson } from '../../contract';
import InvoicingScreen from './InvoicingScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const C1 = '11111111-1111-4111-8111-111111111111';
const I1 = '22222222-2222-4222-8222-222222222222';
const customer: CustomerJson = {
  id: C1,
  name: 'Al Noor Facilities Management LLC',
  email: 'accounts@alnoor.test',
  kind: 'service_client',
  trn: '100234567800003',
  address: { line1: 'Al Bateen Tower', city: 'Abu Dhabi', emirate: 'abu_dhabi', country: 'AE' },
  paymentTermsDays: 30,
  creditLimit: null,
  currency: 'AED',
  openBalance: '1491000',
  overdue: '0',
  credit: '0',
  createdAt: '2026-03-01T08:00:00.000Z',
};
const invoice = (over: Partial<InvoiceJson> = {}): InvoiceJson => ({
  id: I1,
  number: 'INV-2026-0007',
  customerId: C1,
  customerName: customer.name,
  status: 'issued',
  overdue: true,
  daysPastDue: 12,
  date: '2026-03-01',
  dueDate: '2026-03-31',
  currency: 'AED',
  rate: '1',
  reference: 'PO-7781',
  notes: '',
  net: '1420000',
  vat: '71000',
  total: '1491000',
  paidAmount: '0',
  creditedAmount: '0',
  openAmount: '1491000',
  totalAed: '1491000',
  openAed: '1491000',
  journalReference: 'JE-000042',
  issuedAt: '2026-03-01T09:00:00.000Z',
  sentAt: null,
  dunningLevel: 0,
  createdAt: '2026-03-01T08:00:00.000Z',
  ...over,
});
const detail = (over: Partial<InvoiceJson> = {}): InvoiceDetailJson => ({
  ...invoice(over),
  customer,
  lines: [
    { lineNo: 1, description: 'Property management, 12 units', quantity: '12', unitPrice: '85000', discount: '0', net: '1020000', taxCode: 'standard', vatRateBps: 500, vat: '51000', netAed: '1020000', vatAed: '51000', incomeAccount: '4300', costCenter: null, property: null, emirate: 'dubai', creditedNet: '0' },
    { lineNo: 2, description: 'Inspection', quantity: '1', unitPrice: '420000', discount: '20000', net: '400000', taxCode: 'standard', vatRateBps: 500, vat: '20000', netAed: '400000', vatAed: '20000', incomeAccount: '4300', costCenter: null, property: null, emirate: 'dubai', creditedNet: '0' },
  ],
  allocations: [],
  creditNotes: [],
});

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/admin/invoices/summary': () => json({ outstanding: '1491000', overdue: '1491000', overdueCount: 1, paidThisMonth: '250000', drafts: 2, draftsTotal: '52500', asOf: '2026-04-12' }),
    'GET /api/admin/invoices': () => json({ items: [invoice()], total: 1 }),
    'GET /api/admin/customers': () => json({ items: [customer], total: 1 }),
    [`GET /api/admin/invoices/${I1}`]: () => json(detail()),
    'GET /api/admin/bank-accounts': () => json({ items: [{ id: 'b1', name: 'Emirates NBD operating', iban: 'AE070331234567890123456' }] }),
    ...overrides,
  });
}

describe('/admin/invoicing', () => {
  it('shows the real figures, the invoices with overdue status and filters that reach the server, and CSV of the filtered set', async () => {
    const calls = api();
    renderWithApp(<InvoicingScreen />, '/admin/invoicing');
    const card = async (label: string) => (await screen.findByText(label, { selector: 'p' })).closest('div.rounded-xl') as HTMLElement;
    await waitFor(async () => expect((await card('Outstanding')).textContent).toContain('AED 14,910.00'));
    expect((await card('Overdue')).textContent).toContain('1 invoice past the due date');
    expect((await card('Paid this month')).textContent).toContain('AED 2,500.00');
    expect((await card('Drafts')).textContent).toMatch(/2.*AED 525\.00 waiting to be issued/);
    const link = await screen.findByRole('link', { name: /INV-2026-0007/ });
    expect(link.getAttribute('href')).toBe(`/admin/invoicing?invoice=${I1}`);
    expect(link.closest('tr')!.textContent).toMatch(/Overdue.*12 days past due/);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'overdue' } });
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('status')).toBe('overdue'));
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe('/api/admin/invoices/export?sort=-date&status=overdue');
  });

  it('works out line totals and VAT as they are typed and saves the draft in fils', async () => {
    const calls = api({ 'POST /api/admin/invoices': () => json(invoice({ status: 'draft', number: null }), 201) });
    const { location } = renderWithApp(<InvoicingScreen />, '/admin/invoicing?new=1');
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await within(dialog).findByRole('option', { name: customer.name });
    fireEvent.change(within(dialog).getByLabelText('Customer'), { target: { value: C1 } });
    fireEvent.change(within(dialog).getByLabelText('Line 1 description'), { target: { value: 'Property management' } });
    fireEvent.change(within(dialog).getByLabelText('Line 1 quantity'), { target: { value: '2.5' } });
    fireEvent.change(within(dialog).getByLabelText('Line 1 unit price'), { target: { value: '333.33' } });
    // Supplied from the Abu Dhabi office: the line lands in box 1a of the VAT return, not the registration's emirate.
    fireEvent.change(within(dialog).getByLabelText('Line 1 emirate of supply'), { target: { value: 'abu_dhabi' } });
    const totals = within(dialog).getByLabelText('Invoice totals');
    // 2.5 × 333.33 = 833.325 → 833.32 (half-even); VAT 41.666 → 41.67.
    expect(totals.textContent).toMatch(/NetAED 833\.32VATAED 41\.67TotalAED 874\.99/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a line' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    expect(await within(dialog).findByText(/Line 2: Describe the line\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove line 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    const body = calls.find((c) => c.method === 'POST')!.body as { customerId: string; lines: { unitPrice: string; quantity: string; taxCode: string }[] };
    expect(body.customerId).toBe(C1);
    expect(body.lines).toEqual([{ description: 'Property management', quantity: '2.5', unitPrice: '33333', taxCode: 'standard', emirate: 'abu_dhabi', incomeAccount: '4300' }]);
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/admin/invoicing?invoice=${I1}`));
  });

  it('opens an invoice as a Tax Invoice with VAT per line, and records a payment once with an Idempotency-Key', async () => {
    const calls = api({ [`POST /api/admin/invoices/${I1}/payments`]: () => json({ id: 'p1' }, 201) });
    renderWithApp(<InvoicingScreen />, `/admin/invoicing?invoice=${I1}`);
    const dialog = await screen.findByRole('dialog', { name: 'Tax Invoice INV-2026-0007' });
    const lines = await within(dialog).findByRole('table', { name: /Lines of INV-2026-0007/ });
    expect(lines.textContent).toMatch(/Inspection.*discount AED 200\.00.*AED 4,000\.00.*Standard rated 5%.*AED 200\.00/);
    expect(within(dialog).getByText(/12 days past due/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /Download PDF/ }).getAttribute('href')).toBe(`/api/admin/invoices/${I1}/pdf`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    const form = await within(dialog).findByRole('form', { name: 'Record a payment of INV-2026-0007' });
    fireEvent.change(within(form).getByLabelText('Amount received (AED)'), { target: { value: '5,000' } });
    await within(form).findByRole('option', { name: /Emirates NBD operating/ });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ amount: '500000', bankAccountId: 'b1' });
    expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers the override when issuing is refused for the credit limit', async () => {
    const refusal = { message: 'Issuing this invoice would take the customer’s open balance to AED 20,000.00, past their credit limit of AED 15,000.00.', error: 'credit_limit_exceeded' };
    const calls = api({
      [`GET /api/admin/invoices/${I1}`]: () => json(detail({ status: 'draft', number: null, overdue: false })),
      [`POST /api/admin/invoices/${I1}/issue`]: (c) => ((c.body as { override?: boolean }).override ? json(invoice()) : json(refusal, 422)),
    });
    renderWithApp(<InvoicingScreen />, `/admin/invoicing?invoice=${I1}`);
    const dialog = await screen.findByRole('dialog', { name: `Draft invoice to ${customer.name}` });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Issue invoice' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('past their credit limit');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue over the credit limit' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ override: false }, { override: true }]));
  });
});
