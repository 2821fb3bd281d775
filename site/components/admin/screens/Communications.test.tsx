// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getQueryClient } from '@site/lib/query';
import AdminApp from '../AdminApp';
import { linkify } from './EmailOutbox';

const admin = { id: '1', firstName: 'Layla', lastName: 'Haddad', email: 'admin@manzil.ae', role: 'admin', mfaEnabled: false, kycStatus: 'approved', unicode: 'MZ-ABC234' };
const kycUrl = 'http://localhost:4321/kyc';
const outbox = {
  items: [
    {
      id: 'e2',
      to: 'investor@manzil.ae',
      subject: 'Reset your Manzil password',
      // As the server stores it: the reset link redacted.
      text: `Hello Sara,\n\nReset it here (the link works once and expires in 1 hour):\n[link removed]\n\n<img src=x onerror=alert(1)>\n— Manzil`,
      kind: 'password_reset',
      status: 'stored',
      error: null,
      createdAt: '2025-03-14T05:30:00.000Z',
      sentAt: null,
    },
    {
      id: 'e1',
      to: 'omar@example.ae',
      subject: 'Welcome to Manzil, Omar',
      text: `Hello Omar,\n\nWelcome to Manzil. Verify your identity: ${kycUrl}`,
      kind: 'welcome',
      status: 'failed',
      error: 'Connection refused',
      createdAt: '2025-03-13T05:30:00.000Z',
      sentAt: null,
    },
    {
      id: 'e0',
      to: 'layla@example.ae',
      subject: '•••••• is your Manzil verification code',
      text: null,
      kind: 'mfa_code',
      status: 'sent',
      error: null,
      createdAt: '2025-03-12T05:30:00.000Z',
      sentAt: '2025-03-12T05:30:01.000Z',
    },
  ],
  total: 3,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mockApi(routes: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[url.pathname + url.search] ?? routes[url.pathname];
    return handler ? handler() : json({ message: 'Not found', error: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  getQueryClient().clear();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.history.replaceState(null, '', '/admin/communications');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('communications: email outbox', () => {
  it('lists the outbox in its tab, shows redacted bodies, links as safe anchors, and no body once delivered', async () => {
    const fetchMock = mockApi({
      '/api/auth/me': () => json(admin),
      '/api/admin/communications/threads': () => json({ items: [], total: 0, unread: 0 }),
      '/api/admin/communications/staff': () => json({ items: [] }),
      '/api/admin/outbox?sort=-createdAt&limit=50&offset=0': () => json(outbox),
      '/api/admin/outbox?q=omar&sort=-createdAt&limit=50&offset=0': () => json({ items: [outbox.items[1]], total: 1 }),
    });
    render(<AdminApp />);
    const tabs = await screen.findByRole('tablist', { name: 'Communications' });
    const messagesTab = within(tabs).getByRole('tab', { name: 'Inbox' });
    expect(messagesTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No messages yet')).toBeTruthy();

    // Keyboard: End moves to and selects the last tab, the outbox.
    await act(async () => {
      fireEvent.keyDown(messagesTab, { key: 'End' });
    });
    const outboxTab = within(tabs).getByRole('tab', { name: 'Email outbox' });
    expect(outboxTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(outboxTab);
    expect(window.location.hash).toBe('#outbox');

    const table = await screen.findByRole('table', { name: 'Email outbox' });
    expect(await within(table).findByText('investor@manzil.ae')).toBeTruthy();
    expect(within(table).getByText('Password reset')).toBeTruthy();
    expect(within(table).getByText('Welcome')).toBeTruthy();
    expect(within(table).getByText('Failed')).toBeTruthy();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain('/api/admin/outbox?sort=-createdAt&limit=50&offset=0');

    // The search runs on the server, under the outbox's own keys in the address.
    const panel = screen.getByRole('tabpanel', { name: 'Email outbox' });
    fireEvent.change(within(panel).getByLabelText('Search'), { target: { value: 'omar' } });
    await waitFor(() => expect(within(table).queryByText('investor@manzil.ae')).toBeNull());
    expect(new URLSearchParams(window.location.search).get('outbox.q')).toBe('omar');
    fireEvent.change(within(panel).getByLabelText('Search'), { target: { value: '' } });
    expect(await within(table).findByText('investor@manzil.ae')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(table).getByRole('button', { name: /Read email “Reset your Manzil password”/ }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Reset your Manzil password' });
    expect(within(dialog).getByText(/\[link removed\]/)).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
    // Markup in the email body is shown as text, never parsed.
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      fireEvent.click(within(table).getByRole('button', { name: /Read email “Welcome to Manzil, Omar”/ }));
    });
    const welcome = screen.getByRole('dialog', { name: 'Welcome to Manzil, Omar' });
    const link = within(welcome).getByRole('link', { name: kycUrl });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe(kycUrl);
    expect(link.getAttribute('rel')).toContain('noopener');

    await act(async () => {
      fireEvent.click(within(welcome).getByRole('button', { name: 'Close' }));
      fireEvent.click(within(table).getByRole('button', { name: /Read email “•••••• is your Manzil verification code”/ }));
    });
    const delivered = screen.getByRole('dialog', { name: '•••••• is your Manzil verification code' });
    expect(within(delivered).getByText('The text of this email was deleted after it was delivered. The recipient has the only copy.')).toBeTruthy();
  });

  it('opens on the outbox from #outbox and explains an empty outbox', async () => {
    mockApi({ '/api/auth/me': () => json(admin), '/api/admin/outbox': () => json({ items: [], total: 0 }) });
    window.history.replaceState(null, '', '/admin/communications#outbox');
    render(<AdminApp />);
    expect(
      await screen.findByText('No emails have been sent yet. Welcome emails, verification codes and password resets are listed here as they go out, with their codes and links removed.'),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Email outbox' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('linkify', () => {
  it('turns only http(s) URLs into anchors and keeps trailing punctuation outside', () => {
    const nodes = linkify('Verify: https://manzil.ae/kyc. Not javascript:alert(1) nor <b>bold</b>');
    const anchors = nodes.filter((n) => typeof n === 'object' && n !== null) as { props: { href: string } }[];
    expect(anchors.map((a) => a.props.href)).toEqual(['https://manzil.ae/kyc']);
    expect(nodes.filter((n) => typeof n === 'string').join('')).toBe('Verify: . Not javascript:alert(1) nor <b>bold</b>');
  });
});
