// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDocumentListItem } from '@modules/kyc/contract';
import { doc } from '@site/components/kyc/test-fixtures';
import { json, mockFetch, renderWithApp } from '../ledger/test-utils';
import DocumentCenter from './DocumentCenter';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = '11111111-1111-4111-8111-111111111111';

describe('admin document center', () => {
  const item = (patch: Partial<AdminDocumentListItem> = {}): AdminDocumentListItem => ({
    ...doc('passport', { contentType: 'application/pdf' }),
    userId: USER,
    unicode: 'MZ-NOOR01',
    userName: 'Noor Saleh',
    email: 'noor@example.com',
    applicationStatus: 'under_review',
    ...patch,
  });

  it('lists documents with previews and searches by user, type and status on the server', async () => {
    const calls = mockFetch({ '/api/admin/documents': () => json({ items: [item()], total: 1 }) });
    const { location } = renderWithApp(<DocumentCenter />, '/admin/users/document-center');
    expect(await screen.findByText('Noor Saleh')).toBeTruthy();
    const last = () => calls.at(-1)!.url.searchParams;
    expect([last().get('sort'), last().get('limit'), last().get('offset')]).toEqual(['-createdAt', '50', '0']);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'selfie' } });
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    });
    await waitFor(() => expect([last().get('type'), last().get('status')]).toEqual(['selfie', 'rejected']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by user or file' }), { target: { value: 'MZ-NOOR01' } });
    await waitFor(() => expect(last().get('q')).toBe('MZ-NOOR01'));
    // The filtered view lives in the address, and the CSV is the server's export of the same query.
    const [path, query] = location.history.at(-1)!.split('?');
    expect([path, Object.fromEntries(new URLSearchParams(query))]).toEqual(['/admin/users/document-center', { q: 'MZ-NOOR01', type: 'selfie', status: 'rejected' }]);
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe('/api/admin/documents/export?q=MZ-NOOR01&sort=-createdAt&type=selfie&status=rejected');
    fireEvent.click(await screen.findByRole('button', { name: /Preview the Passport/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(within(dialog).getByTestId('document-pdf')).getByRole('link').getAttribute('href')).toBe('/api/files/f-passport?download=1');
    expect(within(dialog).getByRole('link', { name: 'Open the application' }).getAttribute('href')).toBe(`/admin/kyc?application=${USER}`);
  });

  it('shows replaced uploads only when asked, and sorts by owner', async () => {
    const calls = mockFetch({ '/api/admin/documents': () => json({ items: [item({ superseded: true })], total: 1 }) });
    renderWithApp(<DocumentCenter />, '/admin/users/document-center?includeSuperseded=true');
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(await within(table).findByText('Replaced')).toBeTruthy();
    expect(calls.at(-1)!.url.searchParams.get('includeSuperseded')).toBe('true');
    await act(async () => {
      fireEvent.click(within(table).getByRole('button', { name: /^Belongs to/ }));
    });
    expect(calls.at(-1)!.url.searchParams.get('sort')).toBe('name');
  });
});
