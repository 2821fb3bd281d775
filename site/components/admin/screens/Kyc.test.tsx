// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminKycDetail, AdminKycListItem } from '@modules/kyc/contract';
import { completeApplication, doc } from '@site/components/kyc/test-fixtures';
import { json, mockFetch, renderWithApp } from '../ledger/test-utils';
import Kyc, { DEFAULT_FILTERS, queueUrl } from './Kyc';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = '11111111-1111-4111-8111-111111111111';

const row = (patch: Partial<AdminKycListItem> = {}): AdminKycListItem => ({
  userId: USER,
  unicode: 'MZ-NOOR01',
  name: 'Noor Saleh',
  email: 'noor@example.com',
  status: 'submitted',
  riskLevel: 'low',
  flagged: false,
  nationality: 'AE',
  classification: 'retail',
  documentsCount: 4,
  submittedAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  ageDays: 2,
  ...patch,
});

function detail(patch: Partial<AdminKycDetail> = {}): AdminKycDetail {
  const application = completeApplication({
    userId: USER,
    status: 'submitted',
    submittedAt: '2026-03-01T08:00:00.000Z',
    documents: [doc('emirates_id_front'), doc('emirates_id_back', { id: '22222222-2222-4222-8222-222222222222' }), doc('proof_of_address', { contentType: 'application/pdf', id: '33333333-3333-4333-8333-333333333333' }), doc('selfie', { id: '44444444-4444-4444-8444-444444444444' })],
  });
  return {
    applicant: { id: USER, unicode: 'MZ-NOOR01', email: 'noor@example.com', firstName: 'Noor', lastName: 'Saleh', phone: '+971501234567', createdAt: '2026-02-20T08:00:00.000Z' },
    application,
    screening: { riskLevel: 'low', flagged: false, hits: [], screenedAt: '2026-03-01T08:00:00.000Z' },
    documents: application.documents,
    history: [{ id: 'h1', from: 'in_progress', to: 'submitted', at: '2026-03-01T08:00:00.000Z', actor: { id: USER, name: 'Noor Saleh', role: 'investor' }, note: null }],
    actions: { startReview: true, approve: true, reject: true, requestDocuments: true },
    approvalNeedsOverride: false,
    ...patch,
  };
}

describe('admin KYC queue', () => {
  it('asks the server for the pending queue, oldest first, and lists each application', async () => {
    const calls = mockFetch({ '/api/admin/kyc': () => json({ items: [row()], total: 1 }) });
    renderWithApp(<Kyc />, '/admin/kyc');
    expect(await screen.findByText('Noor Saleh')).toBeTruthy();
    const url = calls[0].url;
    expect(url.searchParams.get('status')).toBe('pending');
    expect(url.searchParams.get('sort')).toBe('submitted_at');
    expect(screen.getByText('2 days ago')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Review the application of Noor Saleh/ }).getAttribute('href')).toBe(`/admin/kyc?application=${USER}`);
  });

  it('filters by status, age and risk on the server', async () => {
    const calls = mockFetch({ '/api/admin/kyc': () => json({ items: [], total: 0 }) });
    renderWithApp(<Kyc />, '/admin/kyc');
    await screen.findByText('No applications are waiting');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    fireEvent.change(screen.getByLabelText('Waiting'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Screening risk'), { target: { value: 'high' } });
    await waitFor(() => {
      const last = calls.at(-1)!.url.searchParams;
      expect([last.get('status'), last.get('olderThanDays'), last.get('risk')]).toEqual(['rejected', '7', 'high']);
    });
    // The one admin table's title for an empty filtered list: "No applications match these filters".
    expect(await screen.findByText('No applications match these filters')).toBeTruthy();
    expect(queueUrl({ ...DEFAULT_FILTERS, q: ' noor ' })).toContain('q=noor');
  });

  it('shows the data and the documents side by side, and approves', async () => {
    let current = detail();
    const calls = mockFetch({
      [`GET /api/admin/kyc/${USER}`]: () => json(current),
      [`POST /api/admin/kyc/${USER}/approve`]: () => {
        current = detail({ application: { ...current.application, status: 'approved', editable: false }, actions: { startReview: false, approve: false, reject: false, requestDocuments: false } });
        return json(current);
      },
      '/api/admin/kyc': () => json({ items: [], total: 0 }),
      '/api/admin/documents': () => json({ items: [], total: 0 }),
    });
    renderWithApp(<Kyc />, `/admin/kyc?application=${USER}`);
    const data = await screen.findByTestId('kyc-detail-data');
    expect(data.textContent).toContain('784-1990-1234567-6');
    expect(data.textContent).toContain('United Arab Emirates');
    expect(data.textContent).toContain('No matches on the screening lists');
    const docs = screen.getByTestId('kyc-detail-documents');
    expect(within(docs).getByTestId('document-image').getAttribute('src')).toBe('/api/files/f-emirates_id_front');
    fireEvent.click(within(docs).getByRole('button', { name: /Proof of address/ }));
    // PDFs are never rendered in the page: a download link instead (the file route sends them as attachments).
    expect(within(within(docs).getByTestId('document-pdf')).getByRole('link').getAttribute('href')).toBe('/api/files/f-proof_of_address?download=1');

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Noor’s verification' });
    fireEvent.change(within(dialog).getByLabelText('Note for the record'), { target: { value: 'Documents match.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByText('Verified')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: 'Documents match.' });
  });

  it('asks for an override reason when screening flagged the applicant', async () => {
    const calls = mockFetch({
      [`GET /api/admin/kyc/${USER}`]: () =>
        json(
          detail({
            approvalNeedsOverride: true,
            screening: {
              riskLevel: 'high',
              flagged: true,
              screenedAt: '2026-03-01T08:00:00.000Z',
              hits: [
                { entryId: 'e1', listId: 'l1', listName: 'Demo sanctions', name: 'Noor Salih', score: 0.91, matchedOn: 'Noor Salih', category: 'sanctions', reference: 'DEMO-9', dateOfBirth: null, nationality: 'AE', reasons: ['nationality matches'] },
              ],
            },
          }),
        ),
    });
    renderWithApp(<Kyc />, `/admin/kyc?application=${USER}`);
    expect((await screen.findByTestId('kyc-screening')).textContent).toContain('91% match');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByText(/Explain in at least 10 characters/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('rejects with a reason per document', async () => {
    const calls = mockFetch({
      [`GET /api/admin/kyc/${USER}`]: () => json(detail()),
      [`POST /api/admin/kyc/${USER}/reject`]: () => json(detail({ application: { ...detail().application, status: 'rejected' } })),
      '/api/admin/kyc': () => json({ items: [], total: 0 }),
      '/api/admin/documents': () => json({ items: [], total: 0 }),
    });
    renderWithApp(<Kyc />, `/admin/kyc?application=${USER}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText(/Give the investor a reason/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason, shown to the investor/), { target: { value: 'Your selfie does not match your ID photo.' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Selfie/ }));
    fireEvent.change(within(dialog).getByLabelText(/Why the selfie is rejected/), { target: { value: 'Face not visible' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      reason: 'Your selfie does not match your ID photo.',
      documents: [{ id: '44444444-4444-4444-8444-444444444444', reason: 'Face not visible' }],
    });
  });

  it('requests more documents, showing the server’s message when it refuses', async () => {
    mockFetch({
      [`GET /api/admin/kyc/${USER}`]: () => json(detail()),
      [`POST /api/admin/kyc/${USER}/request-documents`]: () => json({ message: 'This application was decided a moment ago.', error: 'conflict' }, 409),
    });
    renderWithApp(<Kyc />, `/admin/kyc?application=${USER}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Request documents' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Supporting document' }));
    fireEvent.change(within(dialog).getByLabelText(/Message to the investor/), { target: { value: 'Please upload a salary certificate.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('This application was decided a moment ago.')).toBeTruthy();
  });
});

describe('admin KYC screening tab', () => {
  it('mounts the screening lists manager in its own tab', async () => {
    mockFetch({ '/api/admin/screening/lists': () => json({ items: [], total: 0, threshold: 0.85 }) });
    renderWithApp(<Kyc />, '/admin/kyc?tab=screening');
    expect(screen.getByRole('link', { name: 'Screening lists' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('button', { name: 'Upload list' })).toBeTruthy();
    expect(screen.queryByLabelText('Screening risk')).toBeNull();
  });
});
