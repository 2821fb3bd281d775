// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import { distributionMessages, type DistributionJson } from '../../contract';
import { periodLabel } from '../format';
import { M1, M2, P1, preview, run, runRow, RUN, summary } from '../test-fixtures';
import DistributionsScreen from './DistributionsScreen';
import { NEEDS_APPROVAL_FIRST } from './run-detail';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = (id: string) => ({ id, firstName: 'Sara', lastName: 'Ops', email: `${id}@manzil.ae`, role: 'admin', mfaEnabled: true, kycStatus: 'approved', unicode: 'MZ-SARA01' });
const property = { id: P1, title: 'Marina Gate', reference: 'MZ-DXB-001', community: 'Dubai Marina', city: 'Dubai', status: 'funded' };

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}, user = 'admin-2') {
  return mockFetch({
    'GET /api/auth/me': () => json(me(user)),
    'GET /api/admin/distributions/summary': () => json(summary),
    'GET /api/admin/distributions': () => json({ items: [runRow()], total: 1 }),
    'GET /api/admin/distributions/preview': (c) => json(preview(c.url.searchParams.get('amount') ?? '810000')),
    [`GET /api/admin/distributions/${RUN}`]: () => json(run()),
    'GET /api/admin/properties': () => json({ items: [property], total: 1, limit: 200, offset: 0 }),
    ...overrides,
  });
}

describe('/admin/distributions', () => {
  it('shows what was paid, what waits and what is payable, the chart by month and the runs with filters and CSV', async () => {
    const calls = api();
    renderWithApp(<DistributionsScreen />, '/admin/distributions');
    const card = async (label: string) => (await screen.findByText(label, { selector: 'p' })).closest('div.rounded-xl') as HTMLElement;
    await screen.findByText('AED 7,200.00');
    expect((await card('Paid this year')).textContent).toContain('1 distribution paid');
    expect((await card('Waiting for approval or payment')).textContent).toMatch(/1.*AED 8,100\.00 in drafts/);
    expect((await card('Payable from the books')).textContent).toContain('across 1 property');
    const payable = screen.getByRole('region', { name: 'Distributable income not yet distributed, by property' });
    expect(within(payable).getByText('Marina Gate').closest('tr')!.textContent).toMatch(/MZ-DXB-001.*8,100\.00/);
    expect(screen.getByRole('img', { name: /Distributions paid, by month of payment/ }).getAttribute('aria-label')).toContain(`${periodLabel(M2)}: AED 7,200.00`);
    const runs = await screen.findByRole('link', { name: /DIST-000007/ });
    expect(runs.getAttribute('href')).toBe(`/admin/distributions?run=${RUN}`);
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toMatch(/^\/api\/admin\/distributions\/export/);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } });
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('status')).toBe('draft'));
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: M1 } });
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('period')).toBe(M1));
  });

  it('prepares a distribution from the payable list: previews the books, lets the amount be changed, and posts it in fils', async () => {
    const created: DistributionJson = run({ amount: '800050' });
    const calls = api({ 'POST /api/admin/distributions': () => json(created, 201) });
    const { location } = renderWithApp(<DistributionsScreen />, '/admin/distributions');
    fireEvent.click(await screen.findByRole('button', { name: /Prepare distribution for Marina Gate/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Prepare a distribution' });
    await within(dialog).findByRole('table', { name: /What each holder would receive from Marina Gate/ });
    expect((within(dialog).getByLabelText('Property') as HTMLSelectElement).value).toBe(P1);
    expect((within(dialog).getByLabelText('Month') as HTMLInputElement).value).toBe(M1);
    const books = within(dialog).getByLabelText('The books for this month');
    expect(books.textContent).toMatch(/RentAED 10,000\.00.*CostsAED 1,000\.00.*Net incomeAED 9,000\.00.*ReserveAED 900\.00.*10% of net income.*DistributableAED 8,100\.00/);
    const amount = within(dialog).getByLabelText('Amount to distribute (AED)') as HTMLInputElement;
    expect(amount.value).toBe('8100');
    expect(within(dialog).getByText(/within the approval threshold/)).toBeTruthy();

    fireEvent.change(amount, { target: { value: 'abc' } });
    expect(within(dialog).getByRole('button', { name: /Create draft/ }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(amount, { target: { value: '8,000.50' } });
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('amount') === '800050')).toBe(true));
    const create = await within(dialog).findByRole('button', { name: 'Create draft of AED 8,000.50' });
    await waitFor(() => expect(create.hasAttribute('disabled')).toBe(false));
    expect(within(dialog).getByRole('table', { name: /What each holder would receive/ }).textContent).toMatch(/Aisha Khan.*60.*4,800\.30/);
    fireEvent.click(create);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ propertyId: P1, period: M1, amount: '800050' }));
    // The new draft opens.
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/admin/distributions?run=${RUN}`));
    expect(await screen.findByRole('dialog', { name: `DIST-000007: Marina Gate, ${periodLabel(M1)}` })).toBeTruthy();
  });

  it("offers the held shares' part when only some of the shares were held at the record date", async () => {
    const calls = api({
      'GET /api/admin/distributions/preview': (c) => json(preview(c.url.searchParams.get('amount') ?? '810000', { heldPart: '405000', units: '500000' })),
    });
    renderWithApp(<DistributionsScreen />, `/admin/distributions?prepare=${P1}&month=${M1}`);
    const dialog = await screen.findByRole('dialog', { name: 'Prepare a distribution' });
    const amount = (await within(dialog).findByLabelText('Amount to distribute (AED)')) as HTMLInputElement;
    expect(amount.value).toBe('8100');
    expect(within(dialog).getByText(/Their part of the distributable is AED 4,050\.00/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: "Pay the held shares' part" }));
    expect(amount.value).toBe('4050');
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('amount') === '405000')).toBe(true));
  });

  it("shows the preview's refusal and warnings in plain sentences", async () => {
    api({
      'GET /api/admin/distributions/preview': (c) =>
        c.url.searchParams.get('period') === M2
          ? json({ message: distributionMessages.noHolders, error: 'no_holders' }, 422)
          : json(preview('810000', { needsApproval: true, warnings: ['Aisha Khan has AED 12.50 of unpaid platform fees; they are netted out of her line.'] })),
    });
    renderWithApp(<DistributionsScreen />, `/admin/distributions?prepare=${P1}&month=${M1}`);
    const dialog = await screen.findByRole('dialog', { name: 'Prepare a distribution' });
    expect(await within(dialog).findByText(/above the approval threshold/)).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Warnings' }).textContent).toContain('unpaid platform fees');
    fireEvent.change(within(dialog).getByLabelText('Month'), { target: { value: M2 } });
    expect(await within(dialog).findByText(distributionMessages.noHolders)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Create draft/ }).hasAttribute('disabled')).toBe(true);
  });

  it('does not let the administrator who created a distribution approve it, and says why; another one can', async () => {
    // The API names the creator by email (createdBy) and id (createdById).
    const big = { ...run({ needsApproval: true, createdBy: 'admin-1@manzil.ae' }), createdById: 'admin-1' };
    const calls = api({ [`GET /api/admin/distributions/${RUN}`]: () => json(big), [`POST /api/admin/distributions/${RUN}/approve`]: () => json({ ...big, status: 'approved', approvedBy: 'admin-2' }) }, 'admin-1');
    const first = renderWithApp(<DistributionsScreen />, `/admin/distributions?run=${RUN}`);
    const dialog = await screen.findByRole('dialog', { name: `DIST-000007: Marina Gate, ${periodLabel(M1)}` });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Approve' }).getAttribute('aria-disabled')).toBe('true'));
    const approve = within(dialog).getByRole('button', { name: 'Approve' });
    expect(document.getElementById(approve.getAttribute('aria-describedby')!)?.textContent).toBe(distributionMessages.ownApproval);
    const pay = within(dialog).getByRole('button', { name: 'Pay' });
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(pay.getAttribute('aria-describedby')!)?.textContent).toBe(NEEDS_APPROVAL_FIRST);
    fireEvent.click(approve);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    first.unmount();

    let current = big;
    const others = api(
      {
        [`GET /api/admin/distributions/${RUN}`]: () => json(current),
        [`POST /api/admin/distributions/${RUN}/approve`]: () => json((current = { ...big, status: 'approved', approvedBy: 'admin-2', approvedAt: '2026-11-03T08:00:00.000Z' })),
      },
      'admin-2',
    );
    renderWithApp(<DistributionsScreen />, `/admin/distributions?run=${RUN}`);
    const again = await screen.findByRole('dialog', { name: /DIST-000007/ });
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(false));
    const ok = within(again).getByRole('button', { name: 'Approve' });
    expect(ok.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(ok);
    await waitFor(() => expect(others.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/approve'))).toBe(true));
    expect(await within(again).findByText('Approved')).toBeTruthy();
  });

  it('pays only after a confirmation stating the total and the holders, with progress, then shows it paid', async () => {
    let release: () => void = () => {};
    let current = run();
    const calls = api({
      [`GET /api/admin/distributions/${RUN}`]: () => json(current),
      [`POST /api/admin/distributions/${RUN}/pay`]: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json((current = run({ status: 'paid', paidAt: '2026-11-03T09:00:00.000Z', journalReference: 'JE-000555' }))));
        }),
    });
    renderWithApp(<DistributionsScreen />, `/admin/distributions?run=${RUN}`);
    const dialog = await screen.findByRole('dialog', { name: /DIST-000007/ });
    const lines = await within(dialog).findByRole('table', { name: /Each holder's line of DIST-000007/ });
    expect(within(lines).getByText('Omar Saleh').closest('tr')!.textContent).toMatch(/40.*3,240\.00.*3,000\.00/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const confirm = await screen.findByRole('dialog', { name: 'Pay DIST-000007?' });
    expect(confirm.textContent).toMatch(/This pays AED 8,100\.00 to 2 holders of Marina Gate/);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pay AED 8,100.00 to 2 holders' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.url.pathname).toBe(`/api/admin/distributions/${RUN}/pay`));
    expect(within(confirm).getByRole('progressbar', { name: 'Paying 2 holders' })).toBeTruthy();
    release();
    expect(await within(dialog).findByText('Paid')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'JE-000555' }).getAttribute('href')).toBe('/admin/journal-entries?q=JE-000555');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('cancels a draft after confirming', async () => {
    let current = run();
    const calls = api({ [`GET /api/admin/distributions/${RUN}`]: () => json(current), [`POST /api/admin/distributions/${RUN}/cancel`]: () => json((current = run({ status: 'cancelled' }))) });
    renderWithApp(<DistributionsScreen />, `/admin/distributions?run=${RUN}`);
    const dialog = await screen.findByRole('dialog', { name: /DIST-000007/ });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel distribution' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel DIST-000007?' });
    expect(confirm.textContent).toContain('can be prepared again');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel DIST-000007' }));
    expect(await within(dialog).findByText('Cancelled')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.url.pathname).toBe(`/api/admin/distributions/${RUN}/cancel`);
  });
});
