// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import type { AgingJson, CashRequirementsJson, PaymentBatchJson } from '../../contract';
import PayablesTab from './PayablesTab';
import { bill, heldBill, supplier } from './test-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const aging: AgingJson = {
  asOf: '2026-03-20',
  buckets: ['current', '1-30', '31-60', '61-90', '90+'],
  suppliers: [{ supplierId: 's1', name: 'Marina Property Management LLC', current: '100000', d1_30: '472500', d31_60: '0', d61_90: '0', d90_plus: '0', total: '572500' }],
  totals: { current: '100000', d1_30: '472500', d31_60: '0', d61_90: '0', d90_plus: '0', total: '572500' },
};
const cash: CashRequirementsJson = {
  from: '2026-03-20',
  to: '2026-05-14',
  overdue: { count: 1, amount: '472500' },
  weeks: [{ weekStart: '2026-03-16', weekEnd: '2026-03-22', count: 1, amount: '100000', runningTotal: '572500', bills: [{ id: 'b9', number: 'BILL-2026-0009', supplierBillNumber: 'MPM-0401', supplierName: 'Marina Property Management LLC', dueDate: '2026-03-21', openAmount: '100000' }] }],
  total: '572500',
};

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  const open = [bill({ id: 'b2', supplierName: 'Marina Property Management LLC', supplierBillNumber: 'MPM-0331', openAmount: '472500', total: '472500', purchaseOrderNumber: null }), bill({ id: 'b3', supplierBillNumber: 'ANT-9', openAmount: '100000', total: '100000' })];
  return mockFetch({
    'GET /api/admin/bills?status=held&sort=billDate&limit=50': () => json({ items: [heldBill()], total: 1 }),
    'GET /api/admin/bills/b1': () => json(heldBill()),
    'GET /api/admin/bills': () => json({ items: open, total: 2, totals: { total: '572500', openAmount: '572500' } }),
    'GET /api/admin/suppliers': () => json({ items: [supplier()], total: 1 }),
    'GET /api/admin/bank-accounts': () => json({ items: [{ id: 'bank1', name: 'Emirates NBD operating', iban: 'AE070331234567890123456', ledgerAccountCode: '1110' }] }),
    'GET /api/admin/payables/aging': () => json(aging),
    'GET /api/admin/payables/cash-requirements': () => json(cash),
    ...overrides,
  });
}

describe('/admin/financial/payables', () => {
  it('shows a held bill’s three-way match with the differing price highlighted, and approves the variance with a reason', async () => {
    const calls = api({ 'POST /api/admin/bills/b1/approve-variance': () => json({ ...heldBill(), status: 'posted' }) });
    renderWithApp(<PayablesTab />, '/admin/financial/payables');
    const table = await screen.findByRole('table', { name: /Three-way match of BILL-2026-0002/ });
    const row = within(table).getByText(/Three-seat sofa/).closest('tr')!;
    expect(row.textContent).toMatch(/6.*2.*0.*2.*AED 3,200\.00.*AED 3,450\.00/);
    const price = within(row).getByText(/outside the price tolerance/).closest('td')!;
    expect(price.className).toContain('bg-amber-50');
    expect(screen.getByText(/is AED 250\.00 \(7\.81%\) above the order’s AED 3,200\.00/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Approve variance on BILL-2026-0002/ }));
    expect(screen.getByRole('alert').textContent).toContain('Give a reason');
    fireEvent.change(screen.getByLabelText('Reason for the decision'), { target: { value: 'New price agreed for the fabric' } });
    fireEvent.click(screen.getByRole('button', { name: /Approve variance on BILL-2026-0002/ }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/admin/bills/b1/approve-variance')?.body).toEqual({ reason: 'New price agreed for the fabric' }));
  });

  it('pays the ticked bills as a batch with an Idempotency-Key and offers the bank file', async () => {
    const batch: PaymentBatchJson = { id: 'pb1', number: 'PB-2026-0001', date: '2026-03-20', bankAccountId: 'bank1', bankAccountName: 'Emirates NBD operating', count: 2, total: '572500', payments: [], createdAt: '2026-03-20T08:00:00.000Z' };
    const calls = api({ 'POST /api/admin/supplier-payments/batch': () => json(batch, 201) });
    renderWithApp(<PayablesTab />, '/admin/financial/payables');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Marina Property Management LLC bill MPM-0331/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /bill ANT-9/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay 2 selected (AED 5,725.00)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay 2 bills as a batch' });
    await waitFor(() => expect((within(dialog).getByLabelText('Pay from') as HTMLSelectElement).value).toBe('bank1'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay AED 5,725.00' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ bankAccountId: 'bank1', billIds: ['b2', 'b3'] });
    expect(post.headers['idempotency-key']).toMatch(/.{8,}/);
    const done = await screen.findByRole('dialog', { name: 'Batch PB-2026-0001 recorded' });
    expect(within(done).getByRole('link', { name: /Download bank file/ }).getAttribute('href')).toBe('/api/admin/supplier-payments/batch/pb1/file');
  });

  it('draws the aging by supplier and bucket and lists the cash needed by week from what is overdue', async () => {
    api();
    renderWithApp(<PayablesTab />, '/admin/financial/payables');
    const chart = await screen.findByRole('img', { name: /Owed to suppliers on .*by days past due/ });
    expect(chart.getAttribute('aria-label')).toContain('Marina Property Management LLC: AED 5,725.00');
    const cashTable = screen.getByRole('table', { name: /Cash needed for supplier bills by week due/ });
    expect(within(cashTable).getByText(/Overdue before/).closest('tr')!.textContent).toContain('AED 4,725.00');
    expect(cashTable.textContent).toContain('MPM-0401');
    expect(cashTable.textContent).toContain('AED 5,725.00');
  });
});
