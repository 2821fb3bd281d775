// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@site/components/admin/ledger/test-utils';
import { PERMISSION_KEYS, ROLE_PERMISSIONS, STAFF_ROLES } from '@modules/auth/permissions-contract';
import { staffMessages, type StaffEntryJson } from '../contract';
import AcceptInvite from './AcceptInvite';
import StaffScreen from './StaffScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me: StaffEntryJson = { kind: 'member', id: 'u1', email: 'admin@manzil.ae', name: 'Layla Haddad', role: 'admin', roleLabel: 'Owner / admin', mfaEnabled: true, createdAt: '2026-01-01T08:00:00.000Z', expiresAt: null, invitedBy: null, isSelf: true };
const finance: StaffEntryJson = { ...me, id: 'u2', email: 'omar@manzil.ae', name: 'Omar Saleh', role: 'finance', roleLabel: 'Finance', isSelf: false };
const invite: StaffEntryJson = { kind: 'invite', id: 'i1', email: 'new@example.ae', name: '', role: 'support', roleLabel: 'Support', mfaEnabled: false, createdAt: '2026-11-20T08:00:00.000Z', expiresAt: '2099-11-27T08:00:00.000Z', invitedBy: 'Layla Haddad', isSelf: false };

describe('/admin/staff', () => {
  it('lists staff and invitations, and the permission matrix matches the contract', async () => {
    mockFetch({ 'GET /api/admin/staff': () => json({ items: [invite, me, finance], total: 3 }) });
    renderWithApp(<StaffScreen />, '/admin/staff');
    expect(await screen.findAllByText('Omar Saleh')).toBeTruthy();
    expect(screen.getAllByText('Invitation pending').length).toBeGreaterThan(0);
    const matrix = screen.getByRole('table', { name: 'What each staff role may do' });
    const rows = within(matrix).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(PERMISSION_KEYS.length);
    rows.forEach((row, i) => {
      const cells = within(row).getAllByRole('cell').map((c) => c.querySelector('.sr-only')?.textContent);
      expect(cells).toEqual(STAFF_ROLES.map((r) => (ROLE_PERMISSIONS[r].includes(PERMISSION_KEYS[i]!) ? 'Yes' : 'No')));
    });
  });

  it('invites with an email and a role, showing what the role may do', async () => {
    const calls = mockFetch({
      'GET /api/admin/staff': () => json({ items: [me], total: 1 }),
      'POST /api/admin/staff/invites': () => json({ message: 'Invitation sent to sara@example.ae.', invite: { ...invite, email: 'sara@example.ae' } }, 201),
    });
    renderWithApp(<StaffScreen />, '/admin/staff');
    await screen.findAllByText('Layla Haddad');
    fireEvent.click(screen.getByRole('button', { name: 'Invite staff' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite staff', hidden: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation', hidden: true }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Email address'), { target: { value: 'sara@example.ae' } });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'compliance' } });
    expect(within(dialog).getByText(/KYC review, screening/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation', hidden: true }));
    expect(await screen.findByText('Invitation sent to sara@example.ae.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'sara@example.ae', role: 'compliance' });
  });

  it('changes a role after confirming, and shows the server refusal', async () => {
    const calls = mockFetch({
      'GET /api/admin/staff': () => json({ items: [me, finance], total: 2 }),
      'PATCH /api/admin/staff/u2': () => json({ message: staffMessages.lastAdminDemote, error: 'staff_last_admin' }, 422),
    });
    renderWithApp(<StaffScreen />, '/admin/staff');
    await screen.findAllByText('Omar Saleh');
    fireEvent.click(screen.getAllByRole('button', { name: 'Change role of Omar Saleh' })[0]!);
    const dialog = screen.getByRole('dialog', { name: "Change Omar Saleh's role", hidden: true });
    fireEvent.change(within(dialog).getByLabelText('New role'), { target: { value: 'auditor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role', hidden: true }));
    expect(await within(dialog).findByText(staffMessages.lastAdminDemote)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'auditor' });
    // Your own row explains why it cannot be changed instead of acting.
    fireEvent.click(screen.getAllByRole('button', { name: 'Change role of Layla Haddad' })[0]!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
  });
});

describe('/staff/accept', () => {
  it('says clearly when the link has expired', async () => {
    mockFetch({ 'GET /api/staff/invites/tok_expired_123': () => json({ message: staffMessages.linkExpired, error: 'staff_invite_expired' }, 410) });
    render(<AcceptInvite token="tok_expired_123" />);
    expect(await screen.findByRole('heading', { name: 'This invitation has expired' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(staffMessages.linkExpired);
  });

  it('shows who invited them, checks the form, accepts and sends them to two-factor setup', async () => {
    const calls = mockFetch({
      'GET /api/staff/invites/tok_good_12345': () => json({ email: 'sara@example.ae', role: 'finance', roleLabel: 'Finance', invitedBy: 'Layla Haddad', expiresAt: '2099-01-01T00:00:00.000Z' }),
      'POST /api/staff/invites/tok_good_12345/accept': () => json({ message: staffMessages.accepted, next: '/account/security', user: { id: 'u9', email: 'sara@example.ae', role: 'finance', firstName: 'Sara', lastName: 'Ali' } }, 201),
    });
    render(<AcceptInvite token="tok_good_12345" />);
    expect((await screen.findByTestId('staff-invite-summary')).textContent).toContain('Layla Haddad invited sara@example.ae to join as Finance');
    fireEvent.click(screen.getByRole('button', { name: 'Create my staff account' }));
    expect(await screen.findByText('First name must be at least 2 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Sara' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Ali' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Ledger#Keeper2026' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Ledger#Keeper2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my staff account' }));
    expect(await screen.findByRole('heading', { name: 'Set up two-factor verification' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up two-factor verification' }).getAttribute('href')).toBe('/account/security');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ firstName: 'Sara', lastName: 'Ali', password: 'Ledger#Keeper2026' });
  });
});
