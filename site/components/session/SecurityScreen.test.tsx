// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getQueryClient } from '@site/lib/query';
import SecurityScreen, { groupSecret, recoveryCodesFile } from './SecurityScreen';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = { id: 'u1', firstName: 'Omar', lastName: 'Rahman', email: 'investor@manzil.ae', role: 'investor', mfaEnabled: false, kycStatus: 'approved', unicode: 'MZ-1' };
const codes = Array.from({ length: 10 }, (_, i) => `AB${i}D-EFGH`);

function stub(routes: Record<string, (init?: RequestInit) => Response>) {
  const fn = vi.fn(async (url: string, init?: RequestInit) => (routes[String(url)] ?? (() => json({ message: 'not found' }, 404)))(init));
  vi.stubGlobal('fetch', fn);
  return fn;
}

beforeEach(() => getQueryClient().clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('security screen helpers', () => {
  it('groups the setup key in fours for typing', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDE')).toBe('ABCD E');
  });

  it('writes every recovery code, one a line, into the download', () => {
    const text = recoveryCodesFile(codes, 'investor@manzil.ae', new Date('2026-03-01T10:00:00Z'));
    expect(text.split('\n')[0]).toBe('Manzil recovery codes for investor@manzil.ae');
    expect(text).toContain('Created 2026-03-01');
    for (const c of codes) expect(text.split('\n')).toContain(c);
  });
});

describe('/account/security', () => {
  it('shows visitors the signed-out card', async () => {
    stub({ '/api/auth/me': () => json({ message: 'You are not logged in.' }, 401) });
    render(<SecurityScreen />);
    expect((await screen.findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/signup');
  });

  it('sets up an authenticator app: QR, key, 6-digit confirmation, then the 10 recovery codes once', async () => {
    let enabled = false;
    const fetch = stub({
      '/api/auth/me': () => json(user),
      '/api/auth/mfa': () => json({ enabled, method: enabled ? 'authenticator' : null, recoveryCodesLeft: enabled ? 10 : 0 }),
      '/api/auth/mfa/totp/setup': () => json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/png;base64,AAAA' }),
      '/api/auth/mfa/totp/confirm': (init) => {
        if (JSON.parse(String(init?.body)).code !== '123456') return json({ message: 'That code does not match. Check the time on your phone and enter the current code.' }, 400);
        enabled = true;
        return json({ recoveryCodes: codes });
      },
    });
    render(<SecurityScreen />);
    expect((await screen.findByTestId('mfa-status')).textContent).toContain('Two-factor verification: Off');
    fireEvent.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByTestId('totp-qr').getAttribute('src')).toBe('data:image/png;base64,AAAA');

    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText('Enter the 6-digit code')).toBeTruthy();
    expect(fetch.mock.calls.some((c) => c[0] === '/api/auth/mfa/totp/confirm')).toBe(false);

    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('That code does not match. Check the time on your phone and enter the current code.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByText(/These codes are shown only once/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download .txt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('mfa-status').textContent).toContain('On — authenticator app'));
    fireEvent.click(screen.getByRole('button', { name: "I've saved my codes" }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull());
  });

  it('turning two-factor off asks for the password and shows a wrong one inline', async () => {
    let enabled = true;
    stub({
      '/api/auth/me': () => json({ ...user, mfaEnabled: true }),
      '/api/auth/mfa': () => json({ enabled, method: enabled ? 'email' : null, recoveryCodesLeft: 0 }),
      '/api/auth/mfa/disable': (init) => {
        if (JSON.parse(String(init?.body)).password !== 'right') return json({ message: 'That password is not correct.', error: 'invalid_password' }, 401);
        enabled = false;
        return json({ success: true, message: 'Two-factor verification is now off.' });
      },
    });
    render(<SecurityScreen />);
    expect((await screen.findByTestId('mfa-status')).textContent).toContain('On — email codes');
    expect(screen.queryByRole('button', { name: 'Use email codes instead' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    expect(screen.getByText('Password is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That password is not correct.');
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    await waitFor(() => expect(screen.getByTestId('mfa-status').textContent).toContain('Two-factor verification: Off'));
  });

  it('tells a staff account that must use two-factor to set it up, and offers no way to turn it off once on', async () => {
    const admin = { ...user, role: 'admin', mfaRequired: true };
    let enabled = false;
    stub({
      '/api/auth/me': () => json({ ...admin, mfaEnabled: enabled }),
      '/api/auth/mfa': () => json({ enabled, method: enabled ? 'email' : null, recoveryCodesLeft: 0 }),
    });
    const view = render(<SecurityScreen />);
    expect((await screen.findByTestId('staff-mfa-required')).textContent).toContain('Two-factor verification is required for staff accounts.');
    view.unmount();
    cleanup();
    getQueryClient().clear();
    enabled = true;
    render(<SecurityScreen />);
    expect((await screen.findByTestId('mfa-status')).textContent).toContain('On — email codes');
    expect(screen.queryByTestId('staff-mfa-required')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn off two-factor' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the back office' }).getAttribute('href')).toBe('/admin/dashboard');
  });
});
