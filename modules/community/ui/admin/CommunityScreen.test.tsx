// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import type { AdminPostJson, ReportJson } from '../../contract';
import CommunityScreen from './CommunityScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const report: ReportJson = {
  id: 'r1',
  status: 'open',
  reason: 'Promises guaranteed returns and asks for bank details.',
  reporter: { id: 'u2', name: 'Priya N.' },
  post: { id: 'p1', threadId: 't1', threadTitle: 'Guaranteed 40% returns, DM me', excerpt: 'Send me your bank details.', hidden: false, author: { id: 'u3', name: 'Rashid K.', banned: false } },
  createdAt: '2026-11-20T08:00:00.000Z',
  resolvedAt: null,
};
const post: AdminPostJson = {
  id: 'p2',
  threadId: 't2',
  threadTitle: 'Sidra villa: first distributions',
  threadLocked: false,
  opening: true,
  excerpt: 'The Sidra villa paid its second monthly distribution.',
  hidden: false,
  hiddenReason: null,
  author: { id: 'u4', name: 'Aisha A.', email: 'aisha.alhashimi@example.ae', banned: false },
  openReports: 0,
  createdAt: '2026-11-09T08:00:00.000Z',
};

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/auth/me': () => json({ id: 'a1', firstName: 'Layla', lastName: 'Haddad', email: 'admin@manzil.ae', role: 'admin', mfaEnabled: true, kycStatus: 'approved', unicode: 'MZ-ADMIN1' }),
    'GET /api/admin/community/reports': () => json({ items: [report], total: 1 }),
    'GET /api/admin/community/posts': () => json({ items: [post], total: 1 }),
    'GET /api/admin/community/bans': () => json({ items: [], total: 0 }),
    ...overrides,
  });
}

describe('/admin/community', () => {
  it('opens on the open reports, lists recent posts and says when nobody is paused', async () => {
    const calls = api();
    renderWithApp(<CommunityScreen />, '/admin/community');
    expect(await screen.findByText(report.reason)).toBeTruthy();
    expect(await screen.findByText(post.threadTitle)).toBeTruthy();
    expect(await screen.findByText('Nobody is paused')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/reports') && c.url.searchParams.get('status') === 'open')).toBe(true));
  });

  it('hides a reported post only with a reason, and sends that reason', async () => {
    const calls = api({ 'POST /api/admin/community/posts/p1/hide': () => json({ ok: true }) });
    renderWithApp(<CommunityScreen />, '/admin/community');
    await screen.findByText(report.reason);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the post by Rashid K.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide the post' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide post' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(dialog).getByLabelText(/Reason/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Scam: promises guaranteed returns.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide post' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Scam: promises guaranteed returns.' }));
    expect(calls.find((c) => c.method === 'POST')?.url.pathname).toBe('/api/admin/community/posts/p1/hide');
  });

  it('locks a discussion and pauses a member from the posts list, showing the server’s refusal', async () => {
    const calls = api({
      'POST /api/admin/community/threads/t2/lock': () => json({ ok: true }),
      'POST /api/admin/community/users/u4/ban': () => json({ message: 'Staff accounts cannot be paused from posting.', error: 'community_invalid_state' }, 409),
    });
    renderWithApp(<CommunityScreen />, '/admin/community');
    await screen.findByText(post.threadTitle);
    fireEvent.click(screen.getByRole('button', { name: `Lock the discussion ${post.threadTitle}` }));
    let dialog = await screen.findByRole('dialog', { name: 'Lock the discussion' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Answered; closing the thread.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/community/threads/t2/lock')).toBe(true));
    fireEvent.click(screen.getAllByRole('button', { name: 'Pause Aisha A.' })[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Pause the member from posting' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Testing the refusal.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause posting' }));
    expect(await within(dialog).findByText(/Staff accounts cannot be paused/)).toBeTruthy();
  });
});
