// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import { run } from './fixtures';
import { itemQuantity } from './items-editor';
import ProcessingTab from './ProcessingTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/auth/me': () => json({ id: 'u1', firstName: 'Admin', lastName: 'User', email: 'admin@manzil.ae', role: 'admin', mfaEnabled: true, kycStatus: 'approved', unicode: 'MZ-ADMIN1' }),
    'GET /api/admin/payroll/runs': () => json({ items: [run()], total: 1 }),
    'GET /api/admin/payroll/runs/run1': () => json(run()),
    'GET /api/admin/bank-accounts': () => json({ items: [{ id: 'b1', name: 'Operating account', iban: 'AE070331234567890123456' }] }),
    ...overrides,
  });
}

describe('/admin/payroll/processing', () => {
  it('reads typed items as the API quantities', () => {
    expect(itemQuantity('overtime', '7.5')).toBe('750');
    expect(itemQuantity('bonus', '1,000.25')).toBe('100025');
    expect(itemQuantity('unpaid_leave', '2')).toBe('2');
    expect(itemQuantity('deduction', '0')).toBeNull();
  });

  it('opens a draft run with the variance against last month, adds overtime and approves; a refusal is shown', async () => {
    const calls = api({
      'POST /api/admin/payroll/runs/run1/items': () => json(run({ items: [{ id: 'i1', employeeId: 'e1', kind: 'overtime', quantity: '750', description: '' }] })),
      'POST /api/admin/payroll/runs/run1/approve': () => json({ message: 'This run is above AED 10,000.00: another administrator must approve it.', error: 'second_admin_required' }, 403),
    });
    renderWithApp(<ProcessingTab />, '/admin/payroll/processing');
    fireEvent.click(await screen.findByRole('button', { name: /Open the payroll for 2026-10/ }));
    const detail = (await screen.findByText('Payroll 2026-10')).closest('section')!;
    expect(detail.textContent).toContain('+AED 1,500.00');
    fireEvent.change(within(detail).getByLabelText('Employee'), { target: { value: 'e1' } });
    fireEvent.change(within(detail).getByLabelText('Hours'), { target: { value: '7.5' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname.endsWith('/items'))?.body).toEqual({ employeeId: 'e1', kind: 'overtime', quantity: '750', description: '' }));
    fireEvent.click(within(detail).getByRole('button', { name: 'Approve and post' }));
    expect((await within(detail).findByRole('alert')).textContent).toContain('another administrator must approve it');
  });

  it('pays an approved run from a bank account and links the WPS file and payslips', async () => {
    const approved = run({ status: 'approved', journalReference: 'JE-000123' });
    const calls = api({ 'GET /api/admin/payroll/runs': () => json({ items: [approved], total: 1 }), 'GET /api/admin/payroll/runs/run1': () => json(approved), 'POST /api/admin/payroll/runs/run1/pay': () => json({ ...approved, status: 'paid' }) });
    renderWithApp(<ProcessingTab />, '/admin/payroll/processing');
    fireEvent.click(await screen.findByRole('button', { name: /Open the payroll for 2026-10/ }));
    const detail = (await screen.findByText('Payroll 2026-10')).closest('section')!;
    expect(within(detail).getByRole('link', { name: /Download WPS file/ }).getAttribute('href')).toBe('/api/admin/payroll/runs/run1/wps');
    expect(within(detail).getByRole('link', { name: /payslip of Layla Haddad/ }).getAttribute('href')).toBe('/api/admin/payroll/runs/run1/payslips/e1.pdf');
    fireEvent.click(within(detail).getByRole('button', { name: 'Record payment' }));
    expect((await within(detail).findByRole('alert')).textContent).toContain('Choose the bank account');
    await waitFor(() => expect(within(detail).getByLabelText('From bank account').querySelectorAll('option').length).toBe(2));
    fireEvent.change(within(detail).getByLabelText('From bank account'), { target: { value: 'b1' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname.endsWith('/pay'))?.body).toMatchObject({ bankAccountId: 'b1' }));
  });
});
