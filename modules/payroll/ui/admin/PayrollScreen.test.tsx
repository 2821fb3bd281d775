// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import { employee } from './fixtures';
import PayrollScreen from './PayrollScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/auth/me': () => json({ id: 'u1', firstName: 'Admin', lastName: 'User', email: 'admin@manzil.ae', role: 'admin', mfaEnabled: true, kycStatus: 'approved', unicode: 'MZ-ADMIN1' }),
    'GET /api/admin/payroll/employees': () => json({ items: [employee(), employee({ id: 'e2', firstName: 'Omar', lastName: 'Hashimi', name: 'Omar Hashimi', wpsPersonId: null, costCenter: 'OPS' })], total: 2 }),
    'GET /api/admin/payroll/settings': () => json({ employerId: '', routingCode: '', bankAccountId: null, workingDaysBasis: 30, updatedAt: '2026-01-01T00:00:00.000Z' }),
    'GET /api/admin/payroll/runs/costs': () => json({ months: [{ period: '2026-09', byCostCenter: { OPS: '4000000', TECH: '2650000' } }], costCenters: ['OPS', 'TECH'] }),
    'GET /api/admin/ledger/cost-centers': () => json({ items: [{ code: 'TECH', name: 'Technology', archived: false }, { code: 'OPS', name: 'Operations', archived: false }], total: 2 }),
    'GET /api/admin/bank-accounts': () => json({ items: [{ id: 'b1', name: 'Operating account', iban: 'AE070331234567890123456' }] }),
    ...overrides,
  });
}

describe('/admin/payroll', () => {
  it('lists employees with their monthly pay and shows a missing WPS id', async () => {
    api();
    renderWithApp(<PayrollScreen />, '/admin/payroll');
    const rowOf = async (name: string) => (await screen.findAllByText(name)).find((e) => !e.closest('button'))!.closest('tr')!;
    expect((await rowOf('Layla Haddad')).textContent).toContain('26,500.00');
    expect((await rowOf('Omar Hashimi')).textContent).toContain('Missing');
    expect(await screen.findByRole('heading', { name: 'Payroll cost by month' })).toBeTruthy();
  });

  it('adds an employee with amounts typed in dirhams sent as fils, and refuses a bad IBAN first', async () => {
    const calls = api({ 'POST /api/admin/payroll/employees': (c) => json({ ...employee(), ...(c.body as object) }, 201) });
    renderWithApp(<PayrollScreen />, '/admin/payroll');
    fireEvent.click(await screen.findByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an employee' });
    const type = (label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type(/^First name/, 'Grace');
    type(/^Last name/, 'Okafor');
    type(/^Basic salary/, '12,500');
    type(/^Housing allowance/, '5000.50');
    type(/^IBAN/, 'AE00 1234');
    type(/^Joined on/, '2025-02-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save employee' }));
    expect(within(dialog).getByText(/That IBAN is not valid/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    type(/^IBAN/, 'AE07 0331 2345 6789 0123 456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save employee' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ firstName: 'Grace', lastName: 'Okafor', basicSalary: '1250000', housingAllowance: '500050', transportAllowance: '0', joinedOn: '2025-02-01', leftOn: null }));
  });

  it('checks the WPS settings before saving them', async () => {
    const calls = api({ 'PUT /api/admin/payroll/settings': (c) => json({ ...(c.body as object), updatedAt: '2026-01-01T00:00:00.000Z' }) });
    renderWithApp(<PayrollScreen />, '/admin/payroll');
    const id = await screen.findByLabelText(/MOHRE establishment id/);
    fireEvent.change(id, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The establishment id has 13 digits.')).toBeTruthy();
    fireEvent.change(id, { target: { value: '1000000123456' } });
    fireEvent.change(screen.getByLabelText(/Employer bank routing code/), { target: { value: '803320101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ employerId: '1000000123456', routingCode: '803320101', bankAccountId: null, workingDaysBasis: 30 }));
  });
});
