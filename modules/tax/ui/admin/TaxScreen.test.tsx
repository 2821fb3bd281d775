// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import { period, settings, vatReturn } from './test-fixtures';
import TaxScreen from './TaxScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const Q2 = period('2026-Q2', 'paid', { outputVat: '40000', inputVat: '50000', net: '-10000' });
const Q3 = period('2026-Q3', 'ready');
const Q4 = period('2026-Q4', 'open', { outputVat: '1000', inputVat: '0', net: '1000' });
const Q3_RETURN = vatReturn(Q3, {
  '1b': { amount: '1020000', vat: '51000' },
  '3': { amount: '100000', vat: '5000' },
  '8': { amount: '1120000', vat: '56000' },
  '9': { amount: '400000', vat: '20000', adjustment: '0' },
  '10': { amount: '100000', vat: '5000' },
  '11': { amount: '500000', vat: '25000' },
  '12': { vat: '56000' },
  '13': { vat: '25000' },
  '14': { vat: '31000' },
});
const box1b = {
  items: [
    { group: 'documents', documentType: 'invoice', documentId: 'i1', documentNumber: 'INV-2026-0007', date: '2026-07-11', counterparty: 'Blue Palm Hospitality', memo: '', sourceModule: null, taxable: '1000000', vat: '50000' },
    { group: 'platform_charges', documentType: 'journal_entry', documentId: 'e1', documentNumber: 'JE-000042', date: '2026-07-11', counterparty: '', memo: 'Platform fee charged', sourceModule: 'fees', taxable: '20000', vat: '1000' },
  ],
  total: 2,
  totals: { taxable: '1020000', vat: '51000' },
};

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/admin/tax/settings': () => json(settings()),
    'GET /api/admin/tax/vat-returns': (c) => json({ items: c.url.searchParams.get('sort') === 'period' ? [Q2, Q3, Q4] : [Q4, Q3, Q2], total: 3 }),
    'GET /api/admin/tax/vat-returns/2026-Q3': () => json(Q3_RETURN),
    'GET /api/admin/tax/vat-returns/2026-Q3/boxes/1b': () => json(box1b),
    ...overrides,
  });
}

describe('/admin/tax', () => {
  it('shows the registration, the periods with their chart, and the latest return waiting to be filed in the FTA layout with downloads', async () => {
    api();
    renderWithApp(<TaxScreen />, '/admin/tax');
    expect(await screen.findByText('100123456700003')).toBeTruthy();
    expect(screen.getByText('Quarterly')).toBeTruthy();
    const chart = await screen.findByRole('img', { name: /Output and input VAT by period/ });
    expect(chart.getAttribute('aria-label')).toContain('2026-Q3 output VAT (net AED 310.00 payable): AED 560.00');
    expect(chart.getAttribute('aria-label')).toContain('2026-Q2 output VAT (net AED 100.00 refundable)');
    const q3Link = await screen.findByRole('link', { name: /Q3 2026/ });
    expect(q3Link.getAttribute('href')).toBe('/admin/tax?period=2026-Q3');
    expect(q3Link.closest('tr')!.textContent).toMatch(/560\.00.*250\.00.*310\.00.*Ready to file/);

    await screen.findByRole('heading', { name: 'VAT return Q3 2026' });
    const outputs = screen.getByRole('table', { name: /VAT on sales and all other outputs/ });
    const row1b = within(outputs).getByRole('link', { name: /Box 1b/ }).closest('tr')!;
    expect(row1b.textContent).toMatch(/Standard rated supplies in Dubai.*platform charges to investors: AED 200\.00, VAT AED 10\.00.*AED 10,200\.00.*AED 510\.00/);
    expect(within(outputs).getByText('8').closest('tr')!.textContent).toContain('AED 560.00');
    expect(screen.getByLabelText('Net VAT due').textContent).toMatch(/Box 14.*AED 310\.00/);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe('/api/admin/tax/vat-returns/2026-Q3/csv');
    expect(screen.getByRole('link', { name: 'PDF' }).getAttribute('href')).toBe('/api/admin/tax/vat-returns/2026-Q3/pdf');
    expect(screen.getByRole('button', { name: 'File return' })).toBeTruthy();
  });

  it('opens a box: the documents and platform charges behind it, with their totals', async () => {
    api();
    renderWithApp(<TaxScreen />, '/admin/tax?period=2026-Q3&box=1b');
    const dialog = await screen.findByRole('dialog', { name: 'Box 1b: Standard rated supplies in Dubai' });
    expect(await within(dialog).findByText('INV-2026-0007')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'JE-000042' }).getAttribute('href')).toBe('/admin/journal-entries?q=JE-000042');
    expect(within(dialog).getByText('Platform charges to investors', { selector: 'span' })).toBeTruthy();
    expect(dialog.textContent).toMatch(/taxable AED 10,200\.00, VAT AED 510\.00/);
  });

  it('files the return with its reference once the lock is confirmed', async () => {
    const calls = api({ 'POST /api/admin/tax/vat-returns/2026-Q3/file': () => json({ ...Q3_RETURN, status: 'filed' }) });
    renderWithApp(<TaxScreen />, '/admin/tax?period=2026-Q3');
    fireEvent.click(await screen.findByRole('button', { name: 'File return' }));
    const dialog = await screen.findByRole('dialog', { name: 'File the VAT return for Q3 2026' });
    expect(dialog.textContent).toMatch(/Debit 2410 Output VAT AED 560\.00.*Credit 1410 Input VAT AED 250\.00.*Credit 2420 VAT payable AED 310\.00/);
    const submit = within(dialog).getByRole('button', { name: 'File return' });
    fireEvent.change(within(dialog).getByLabelText(/FTA submission reference/), { target: { value: ' 230012345678 ' } });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox'));
    expect(submit.hasAttribute('disabled')).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reference: '230012345678' }));
  });

  it('says when the operator is not yet registered', async () => {
    api({ 'GET /api/admin/tax/settings': () => json(settings({ registered: false, updatedAt: null })) });
    renderWithApp(<TaxScreen />, '/admin/tax');
    expect(await screen.findByText('Not yet registered')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Record the registration/ }).getAttribute('href')).toBe('/admin/tax/management');
  });
});
