// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import { taxMessages } from '../../contract';
import { taxCodes } from '../../codes';
import { settings } from './test-fixtures';
import TaxManagementTab from './TaxManagementTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const adjustment = { id: 'a1', date: '2026-11-20', box: '1b', taxable: '0', vat: '-1250', memo: 'Bad debt relief on INV-2026-0042', accountCode: '6510', entryReference: 'JE-000077', createdAt: '2026-11-20T08:00:00.000Z' };

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/admin/tax/settings': () => json(settings({ registered: false, updatedAt: null })),
    'GET /api/admin/tax/codes': () => json(taxCodes()),
    'GET /api/admin/tax/adjustments': () => json({ items: [adjustment], total: 1 }),
    ...overrides,
  });
}

describe('/admin/tax/management', () => {
  it('checks the TRN as 15 digits and saves the registration', async () => {
    const calls = api({ 'PUT /api/admin/tax/settings': (c) => json({ ...settings(), ...(c.body as object) }) });
    renderWithApp(<TaxManagementTab />, '/admin/tax/management');
    const form = await screen.findByRole('form', { name: 'Tax settings' });
    expect(screen.getByText(/Not yet registered/)).toBeTruthy();
    const trn = within(form).getByLabelText(/Tax registration number/) as HTMLInputElement;
    fireEvent.change(trn, { target: { value: '1001 2345 6700 03' } });
    expect(trn.value).toBe('10012345670003');
    fireEvent.blur(trn);
    expect(within(form).getByText(taxMessages.trn)).toBeTruthy();
    expect(trn.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(form).getByRole('button', { name: 'Record the registration' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(trn, { target: { value: '100123456700003' } });
    fireEvent.change(within(form).getByLabelText('Filing frequency'), { target: { value: 'monthly' } });
    fireEvent.change(within(form).getByLabelText('Default emirate'), { target: { value: 'abu_dhabi' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record the registration' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        trn: '100123456700003',
        legalName: 'Manzil Properties FZ-LLC',
        address: 'Office 1204, Marina Plaza, Dubai',
        filingFrequency: 'monthly',
        firstPeriodStart: '2026-01-01',
        defaultEmirate: 'abu_dhabi',
      }),
    );
  });

  it('lists the tax codes with the boxes they feed', async () => {
    api();
    renderWithApp(<TaxManagementTab />, '/admin/tax/management');
    const table = await screen.findByRole('table', { name: 'Tax codes and the VAT 201 boxes they feed' });
    await within(table).findByText('standard');
    expect(within(table).getByText('standard').closest('tr')!.textContent).toMatch(/Standard rated 5%.*5%.*S.*1a–1g \(by emirate\).*9/);
    expect(within(table).getByText('import').closest('tr')!.textContent).toMatch(/5% self-accounted.*Purchases only.*6 and 10/);
  });

  it('records an adjustment in fils, negative amounts included, and lists them', async () => {
    const calls = api({ 'POST /api/admin/tax/adjustments': () => json(adjustment, 201) });
    renderWithApp(<TaxManagementTab />, '/admin/tax/management');
    expect((await screen.findByText('Bad debt relief on INV-2026-0042')).closest('tr')!.textContent).toMatch(/1b.*6510.*12\.50.*JE-000077/);
    const form = screen.getByRole('form', { name: 'Record a VAT adjustment' });
    fireEvent.click(within(form).getByRole('button', { name: 'Record adjustment' }));
    expect(within(form).getAllByText(/Enter an amount in AED|Say why/).length).toBeGreaterThan(0);
    fireEvent.change(within(form).getByLabelText(/^VAT \(AED\)/), { target: { value: '-12.50' } });
    fireEvent.change(within(form).getByLabelText(/Against account/), { target: { value: '6510' } });
    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: 'Bad debt relief on INV-2026-0042' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record adjustment' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ box: '1b', vat: '-1250', taxable: '0', accountCode: '6510', memo: 'Bad debt relief on INV-2026-0042' }));
  });
});
