// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETURN_TO_KEY } from '@site/lib/session-flow';
import { $toasts } from '@site/lib/stores/toast';
import { AuthDialogs } from './AuthDialogs';
import { $authDialog, closeAuthDialog, openAuthDialog, page } from './dialog-state';
import { LoginDialog } from './LoginDialog';
import { SIGNUP_EMAIL_KEY, SignupDialog } from './SignupDialog';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

function stubFetch(handler: Handler) {
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => handler(String(url), init));
  vi.stubGlobal('fetch', fn);
  return fn;
}
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body ?? '{}'));
const investor = { id: 'u1', firstName: 'Omar', lastName: 'Rahman', email: 'investor@manzil.ae', role: 'investor', mfaEnabled: false, kycStatus: 'not_started', unicode: 'MZ-1' };
const lastToast = () => $toasts.get()[0];

let assign: ReturnType<typeof vi.spyOn>;
let reload: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  $toasts.set([]);
  sessionStorage.clear();
  window.history.replaceState(null, '', '/login');
  assign = vi.spyOn(page, 'assign').mockImplementation(() => {});
  reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  closeAuthDialog();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function renderLogin(extra: Partial<Parameters<typeof LoginDialog>[0]> = {}) {
  const props = { open: true, seq: 1, onClose: vi.fn(), onSwitchToSignup: vi.fn(), ...extra };
  render(<LoginDialog {...props} />);
  return props;
}

function fillLogin(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login dialog', () => {
  it('is a labelled modal with the spec title', () => {
    renderLogin();
    const dialog = screen.getByRole('dialog', { name: 'Login to Your Account' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Username or email'));
  });

  it('shows the first message per field inline, wired with aria-invalid and aria-describedby', () => {
    const fetch = stubFetch(() => json({}));
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const username = screen.getByLabelText('Username or email');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(username.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Username or email is required');
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('toggles the password between hidden and shown', () => {
    renderLogin();
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("logs out first, says 'Signing In...', welcomes, closes and goes to /dashboard after 500 ms", async () => {
    let release!: (r: Response) => void;
    const fetch = stubFetch((url) => (url === '/api/auth/login' ? new Promise((r) => (release = r)) : json({ success: true })));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const props = renderLogin();
    fillLogin('investor@manzil.ae', 'ManzilInvest#2026');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Signing In...' })).toBeTruthy());
    await waitFor(() => expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual(['/api/auth/logout', '/api/auth/login']));
    expect(bodyOf(fetch.mock.calls[1][1])).toEqual({ username: 'investor@manzil.ae', password: 'ManzilInvest#2026' });
    await act(async () => release(json(investor)));
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
    expect(lastToast()).toMatchObject({ title: 'Login successful', description: 'Welcome back, Omar!', duration: 5000 });
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(500));
    expect(assign).toHaveBeenCalledWith('/dashboard');
  });

  it('returns to the first page opened, and sends admins to /admin/dashboard otherwise', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem(RETURN_TO_KEY, '/wallet');
    stubFetch((url) => (url === '/api/auth/login' ? json(investor) : json({})));
    const first = renderLogin();
    fillLogin('investor@manzil.ae', 'x');
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    act(() => vi.advanceTimersByTime(500));
    expect(assign).toHaveBeenLastCalledWith('/wallet');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
    cleanup();

    stubFetch((url) => (url === '/api/auth/login' ? json({ ...investor, role: 'admin' }) : json({})));
    const second = renderLogin({ seq: 2 });
    fillLogin('admin@manzil.ae', 'x');
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    act(() => vi.advanceTimersByTime(500));
    expect(assign).toHaveBeenLastCalledWith('/admin/dashboard');
  });

  it('reloads in place when opened outside the sign-in area', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.history.replaceState(null, '', '/properties');
    stubFetch((url) => (url === '/api/auth/login' ? json(investor) : json({})));
    const props = renderLogin();
    fillLogin('investor@manzil.ae', 'x');
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
    act(() => vi.advanceTimersByTime(500));
    expect(reload).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("on MFA says 'Verification Required', closes and goes to /mfa after 300 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch((url) => (url === '/api/auth/login' ? json({ requiresMfa: true, mfaMethod: 'email', userId: 'u1' }) : json({})));
    const props = renderLogin();
    fillLogin('investor@manzil.ae', 'x');
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
    expect(lastToast()).toMatchObject({ title: 'Verification Required', description: 'Please enter the verification code sent to your email', duration: 5000 });
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(assign).toHaveBeenCalledWith('/mfa');
  });

  it('names the authenticator app when that is the method', async () => {
    stubFetch((url) => (url === '/api/auth/login' ? json({ requiresMfa: true, mfaMethod: 'authenticator', userId: 'u1' }) : json({})));
    const props = renderLogin();
    fillLogin('investor@manzil.ae', 'x');
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
    expect(lastToast().description).toBe('Please enter the verification code sent to your authenticator app');
  });

  it('shows the inline failure text for bad credentials, and the server text when rate limited', async () => {
    stubFetch((url) => (url === '/api/auth/login' ? json({ message: 'Invalid username/email or password', error: 'invalid_credentials' }, 401) : json({})));
    const props = renderLogin();
    fillLogin('investor@manzil.ae', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed. Please check your credentials and try again.');
    expect(props.onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();

    const wait = 'Too many failed login attempts. Please wait 42 seconds and try again.';
    stubFetch((url) => (url === '/api/auth/login' ? json({ message: wait, error: 'rate_limited' }, 429) : json({})));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(wait));
  });

  it("'Sign up' switches to the signup dialog", () => {
    const props = renderLogin();
    fireEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(props.onSwitchToSignup).toHaveBeenCalled();
  });
});

function renderSignup(extra: Partial<Parameters<typeof SignupDialog>[0]> = {}) {
  const props = { open: true, seq: 1, onClose: vi.fn(), onSwitchToLogin: vi.fn(), onSuccess: vi.fn(), ...extra };
  render(<SignupDialog {...props} />);
  return props;
}

function fillStep1(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
}

function fillStep2() {
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Aisha' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Rahman' } });
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+971 50 123 4567' } });
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Complete Signup' }));
}

describe('signup dialog', () => {
  beforeEach(() => window.history.replaceState(null, '', '/signup'));

  it('starts at step 1 and validates with the §5 messages', () => {
    const fetch = stubFetch(() => json({}));
    renderSignup();
    expect(screen.getByRole('dialog', { name: 'Create Your Account' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 2: Account Credentials')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    fillStep1('a@b.co', 'alllowercase1');
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeTruthy();
    fillStep1('a@b.co', 'ALLUPPERCASE1');
    expect(screen.getByText('Password must contain at least one lowercase letter')).toBeTruthy();
    fillStep1('a@b.co', 'NoDigitsHere');
    expect(screen.getByText('Password must contain at least one number')).toBeTruthy();
    expect(fetch.mock.calls.filter((c) => String(c[0]).includes('signup-step1'))).toHaveLength(0);
  });

  it("posts step 1 ('Processing...'), moves to step 2, and Back returns to step 1", async () => {
    let release!: (r: Response) => void;
    const fetch = stubFetch((url) => (url.includes('signup-step1') ? new Promise((r) => (release = r)) : json({ hasPartialSignup: false, step: 0 })));
    renderSignup();
    fillStep1('new@manzil.test', 'Str0ngPass');
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeTruthy();
    const call = fetch.mock.calls.find((c) => String(c[0]).includes('signup-step1'))!;
    expect(bodyOf(call[1])).toEqual({ email: 'new@manzil.test', password: 'Str0ngPass' });
    await act(async () => release(json({ success: true, message: 'Account credentials saved. Now complete your profile.' })));
    expect(await screen.findByRole('dialog', { name: 'Complete Your Profile' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 2: Personal Information')).toBeTruthy();
    expect(sessionStorage.getItem(SIGNUP_EMAIL_KEY)).toBe('new@manzil.test');
    expect(screen.getByRole('link', { name: /Terms of Service/ }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: /Privacy Policy/ }).getAttribute('href')).toBe('/privacy');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Create Your Account' })).toBeTruthy();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('new@manzil.test');
  });

  it('validates step 2 with the §5 messages', async () => {
    stubFetch((url) => (url.includes('signup-step1') ? json({ success: true }) : json({ hasPartialSignup: false, step: 0 })));
    renderSignup();
    fillStep1('new@manzil.test', 'Str0ngPass');
    await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Signup' }));
    expect(screen.getByText('First name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('You must agree to the terms and conditions')).toBeTruthy();
    expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBe('true');
  });

  it("resumes a partial signup from ?email= at step 2 with 'Welcome back!', checking once per opening", async () => {
    window.history.replaceState(null, '', '/signup?email=half%40manzil.test');
    const fetch = stubFetch(() => json({ hasPartialSignup: true, step: 1 }));
    renderSignup();
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(screen.getByText('Continue where you left off by completing your registration.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Complete Your Profile' })).toBeTruthy();
    expect(String(fetch.mock.calls[0][0])).toBe('/api/simplified-auth/signup-status?email=half%40manzil.test');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.blur(screen.getByLabelText('Email address'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('checks a typed email on blur, and only logs a failed check', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = stubFetch(() => json({ message: 'down' }, 500));
    renderSignup();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'typed@manzil.test' } });
    fireEvent.blur(screen.getByLabelText('Email address'));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0][0])).toContain('signup-status?email=typed%40manzil.test');
    expect(screen.getByRole('dialog', { name: 'Create Your Account' })).toBeTruthy();
    expect($toasts.get()).toHaveLength(0);
  });

  it("shows the server's message in a red 'Error' toast", async () => {
    stubFetch((url) =>
      url.includes('signup-step1') ? json({ message: 'An account with this email already exists. Log in instead.', error: 'email_taken' }, 409) : json({}),
    );
    renderSignup();
    fillStep1('taken@manzil.test', 'Str0ngPass');
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'An account with this email already exists. Log in instead.', variant: 'destructive' }));
    expect(screen.getByRole('dialog', { name: 'Create Your Account' })).toBeTruthy();
  });

  it("treats success: false as an error with the server's message", async () => {
    stubFetch((url) => (url.includes('signup-step1') ? json({ success: false, message: 'Signups are paused for maintenance.' }) : json({})));
    renderSignup();
    fillStep1('x@manzil.test', 'Str0ngPass');
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'Signups are paused for maintenance.' }));
  });

  it("says 'An error occurred during signup' when the network fails at step 1", async () => {
    stubFetch((url) => {
      if (url.includes('signup-step1')) throw new TypeError('Failed to fetch');
      return json({});
    });
    renderSignup();
    fillStep1('x@manzil.test', 'Str0ngPass');
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'An error occurred during signup' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it("says 'An error occurred during registration' when the network fails at step 2", async () => {
    stubFetch((url) => {
      if (url.includes('signup-step2')) throw new TypeError('Failed to fetch');
      return url.includes('signup-step1') ? json({ success: true }) : json({ hasPartialSignup: false, step: 0 });
    });
    renderSignup();
    fillStep1('x@manzil.test', 'Str0ngPass');
    await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    fillStep2();
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'An error occurred during registration' }));
    expect(screen.getByRole('dialog', { name: 'Complete Your Profile' })).toBeTruthy();
  });

  it('goes back to step 1 when the signup session expired', async () => {
    stubFetch((url) => {
      if (url.includes('signup-step2')) return json({ message: 'Your signup session has expired. Please start again from step 1.', error: 'signup_expired' }, 409);
      return url.includes('signup-step1') ? json({ success: true }) : json({ hasPartialSignup: false, step: 0 });
    });
    renderSignup();
    fillStep1('x@manzil.test', 'Str0ngPass');
    await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    fillStep2();
    expect(await screen.findByRole('dialog', { name: 'Create Your Account' })).toBeTruthy();
    expect(lastToast().description).toBe('Your signup session has expired. Please start again from step 1.');
  });

  it("completes ('Creating...'), shows the welcome with the unique ID, and after 5 s closes and moves on", async () => {
    let release!: (r: Response) => void;
    const fetch = stubFetch((url) => {
      if (url.includes('signup-step2')) return new Promise((r) => (release = r));
      return url.includes('signup-step1') ? json({ success: true }) : json({ hasPartialSignup: false, step: 0 });
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const props = renderSignup();
    fillStep1('aisha@manzil.test', 'Str0ngPass');
    await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    fillStep2();
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeTruthy();
    const call = fetch.mock.calls.find((c) => String(c[0]).includes('signup-step2'))!;
    expect(bodyOf(call[1])).toEqual({ firstName: 'Aisha', lastName: 'Rahman', phone: '+971 50 123 4567', terms: true, email: 'aisha@manzil.test' });
    await act(async () =>
      release(json({ success: true, message: 'Registration successful', user: { ...investor, firstName: 'Aisha', unicode: 'MZ-7XE4B3' } }, 201)),
    );
    expect(await screen.findByRole('dialog', { name: 'Welcome to Manzil!' })).toBeTruthy();
    expect(screen.getByText('Aisha')).toBeTruthy();
    expect(screen.getByTestId('signup-unicode').textContent).toBe('MZ-7XE4B3');
    expect(screen.getByText('Check your email for welcome details')).toBeTruthy();
    expect(sessionStorage.getItem(SIGNUP_EMAIL_KEY)).toBeNull();
    act(() => vi.advanceTimersByTime(4000));
    expect(props.onSuccess).not.toHaveBeenCalled();
    expect(props.onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(props.onClose).toHaveBeenCalled();
    expect(props.onSuccess).toHaveBeenCalled();
  });
});

describe('dialog switching and focus', () => {
  it('opens login, switches to signup, closes on Escape and returns focus to the opener', async () => {
    stubFetch(() => json({ hasPartialSignup: false, step: 0 }));
    const opener = document.createElement('button');
    opener.textContent = 'Log in';
    document.body.append(opener);
    opener.focus();
    render(<AuthDialogs />);
    act(() => openAuthDialog('login', opener));
    expect(screen.getByRole('dialog', { name: 'Login to Your Account' })).toBeTruthy();
    expect(opener.inert).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(screen.getByRole('dialog', { name: 'Create Your Account' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Login to Your Account' })).toBeNull();
    expect(window.location.pathname).toBe('/signup');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($authDialog.get()).toBeNull();
    expect(opener.inert).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect(window.location.pathname).toBe('/');
    opener.remove();
  });

  it('keeps Tab inside the dialog', () => {
    renderLogin();
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close' });
    const signUp = screen.getByRole('link', { name: 'Sign up' });
    signUp.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(signUp);
  });

  it('closing the success view early still moves on (the account exists and is signed in)', async () => {
    stubFetch((url) => {
      if (url.includes('signup-step2')) return json({ success: true, user: { ...investor, firstName: 'Aisha', unicode: 'MZ-2' } }, 201);
      return url.includes('signup-step1') ? json({ success: true }) : json({ hasPartialSignup: false, step: 0 });
    });
    const props = renderSignup();
    fillStep1('early@manzil.test', 'Str0ngPass');
    await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    fillStep2();
    await screen.findByRole('dialog', { name: 'Welcome to Manzil!' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(props.onClose).toHaveBeenCalledTimes(1);
    expect(props.onSuccess).toHaveBeenCalledTimes(1);
  });
});
