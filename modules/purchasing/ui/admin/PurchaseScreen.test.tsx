// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import PurchaseScreen from './PurchaseScreen';
import { OWN_APPROVAL } from './requests-list';
import { ME, OTHER, request, supplier } from './test-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = (id: string) => ({ id, firstName: 'Layla', lastName: 'Haddad', email: 'admin@manzil.ae', role: 'admin', mfaEnabled: true, kycStatus: 'approved', unicode: 'MZ-LAYLA1' });

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}, user = ME) {
  return mockFetch({
    'GET /api/auth/me': () => json(me(user)),
    'GET /api/admin/purchase-requests': () =>
      json({ items: [request(), request({ id: 'r2', number: 'PR-2026-0002', title: 'Light bulbs', estimateTotal: '31500', needsSecondApprover: false })], total: 2 }),
    'GET /api/admin/suppliers': () => json({ items: [supplier()], total: 1 }),
    'GET /api/admin/settings': () => json({ items: [{ key: 'purchaseApprovalThreshold', value: '500000' }] }),
    'GET /api/admin/ledger/cost-centers': () => json({ items: [{ code: 'PROP-DXB-001', name: 'Marina Gate', archived: false }], total: 1 }),
    'GET /api/admin/properties': () => json({ items: [{ id: 'p1', reference: 'MZ-DXB-001', title: 'Marina Gate' }], total: 1 }),
    'GET /api/admin/ledger/accounts': () => json({ items: [{ code: '5120', name: 'Maintenance and repairs', isGroup: false, archived: false }], total: 1 }),
    ...overrides,
  });
}

/** The table row showing `text` (not a button's screen-reader words), once it is there. */
const rowWith = (text: string) =>
  waitFor(() => {
    const tr = screen.getAllByText(text).find((e) => e.closest('td') && !e.closest('button'))?.closest('tr');
    if (!tr) throw new Error(`no row with ${text}`);
    return tr as HTMLElement;
  });

describe('/admin/purchase', () => {
  it('lists requests; above the threshold the requester cannot approve their own, another administrator can; a rejection asks for a reason', async () => {
    const calls = api({
      'POST /api/admin/purchase-requests/r2/approve': () => json(request({ id: 'r2', status: 'approved' })),
      'POST /api/admin/purchase-requests/r1/reject': () => json(request({ status: 'rejected' })),
    });
    renderWithApp(<PurchaseScreen />, '/admin/purchase');
    await waitFor(async () => expect(within(await rowWith('Replace the lobby chiller')).getByRole('button', { name: /Approve PR-2026-0001/ }).getAttribute('aria-disabled')).toBe('true'));
    const big = await rowWith('Replace the lobby chiller');
    expect(big.textContent).toContain('AED 18,900.00');
    expect(big.textContent).toContain('Needs a second approver');
    const own = within(big).getByRole('button', { name: /Approve PR-2026-0001/ });
    expect(screen.getAllByRole('tooltip').some((t) => t.textContent === OWN_APPROVAL)).toBe(true);
    fireEvent.click(own);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const small = await rowWith('Light bulbs');
    fireEvent.click(within(small).getByRole('button', { name: /Approve PR-2026-0002/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/purchase-requests/r2/approve')).toBe(true));

    fireEvent.click(within(await rowWith('Replace the lobby chiller')).getByRole('button', { name: /Reject PR-2026-0001/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject PR-2026-0001' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Give a reason');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Not in this quarter’s budget' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname.endsWith('/r1/reject'))?.body).toEqual({ reason: 'Not in this quarter’s budget' }));
  });

  it('another administrator sees Approve enabled on the large request', async () => {
    api({}, OTHER);
    renderWithApp(<PurchaseScreen />, '/admin/purchase');
    await screen.findByText('Replace the lobby chiller');
    await waitFor(async () => expect(within(await rowWith('Replace the lobby chiller')).getByRole('button', { name: /Approve PR-2026-0001/ }).hasAttribute('disabled')).toBe(false));
    await new Promise((r) => setTimeout(r, 50));
    expect(within(await rowWith('Replace the lobby chiller')).getByRole('button', { name: /Approve PR-2026-0001/ }).getAttribute('aria-disabled')).toBeNull();
  });

  it('submits a new request with quantities as decimals and prices in fils, and says when a second approver is needed', async () => {
    const calls = api({ 'POST /api/admin/purchase-requests': (c) => json({ ...request(), ...(c.body as object) }, 201) });
    renderWithApp(<PurchaseScreen />, '/admin/purchase');
    fireEvent.click(await screen.findByRole('button', { name: 'New request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New purchase request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(within(dialog).getByText('Say what the purchase is for, in 3 to 200 characters.')).toBeTruthy();
    expect(within(dialog).getByText('Describe what is bought.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/What for/), { target: { value: 'AC servicing' } });
    fireEvent.change(within(dialog).getByLabelText('Line 1 description'), { target: { value: 'AC service visit' } });
    fireEvent.change(within(dialog).getByLabelText('Line 1 quantity'), { target: { value: '2.5' } });
    fireEvent.change(within(dialog).getByLabelText('Line 1 estimated price'), { target: { value: '2,400.50' } });
    await within(dialog).findByText(/above the AED 5,000.00 approval threshold/);
    expect(within(dialog).getByText(/Total AED 6,301.31/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/purchase-requests')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as { title: string; lines: unknown[] };
    expect(body.title).toBe('AC servicing');
    expect(body.lines).toEqual([{ description: 'AC service visit', quantity: '2.5', unitCode: 'C62', estimatedUnitPrice: '240050', taxCode: 'standard' }]);
  });

  it('suppliers tab: lists what is owed and checks the IBAN before saving', async () => {
    const calls = api({ 'POST /api/admin/suppliers': (c) => json({ ...supplier(), ...(c.body as object) }, 201) });
    renderWithApp(<PurchaseScreen />, '/admin/purchase?tab=suppliers');
    await screen.findAllByText('Al Noor Technical Services LLC');
    const row = await rowWith('Al Noor Technical Services LLC');
    expect(row.textContent).toContain('3,150.00');
    expect(row.textContent).toContain('1 open bill');
    fireEvent.click(screen.getByRole('button', { name: 'Add supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a supplier' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Marina Property Management LLC' } });
    fireEvent.change(within(dialog).getByLabelText(/E-mail/), { target: { value: 'billing@marinapm.ae' } });
    fireEvent.change(within(dialog).getByLabelText('IBAN'), { target: { value: 'AE31 0330 0000 1069 8765 431' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save supplier' }));
    expect(within(dialog).getByText(/That IBAN is not valid/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('IBAN'), { target: { value: 'AE31 0330 0000 1069 8765 432' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save supplier' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/suppliers')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ name: 'Marina Property Management LLC', iban: 'AE31 0330 0000 1069 8765 432', paymentTermsDays: 30, expenseAccountCode: '5120', emirate: 'dubai' });
  });
});
