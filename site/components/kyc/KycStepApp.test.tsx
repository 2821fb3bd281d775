// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../modules/auth/contract';
import { getQueryClient } from '../../lib/query';
import { emptyDraft, KYC_DRAFT_KEY, loadDraft, saveDraft } from './kyc-draft';
import KycStepApp from './KycStepApp';

const omar: CurrentUser = {
  id: 'u1',
  firstName: 'Omar',
  lastName: 'Rahman',
  email: 'omar@example.com',
  role: 'investor',
  mfaEnabled: false,
  kycStatus: 'not_started',
  unicode: 'MZ-TEST01',
};

function signIn(user: CurrentUser | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      user
        ? new Response(JSON.stringify(user), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ message: 'You are not logged in.', error: 'unauthenticated' }), { status: 401, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

beforeEach(() => {
  getQueryClient().clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  globalThis.__MANZIL_FAIL_COMPONENT__ = undefined;
});

describe('KYC step screens', () => {
  it('show a visitor the stepper and the signed-out card instead of the form', async () => {
    signIn(null);
    window.history.replaceState(null, '', '/kyc/personal');
    render(<KycStepApp step="personal" />);
    expect(await screen.findByRole('link', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/signup');
    expect(screen.queryByLabelText('Legal first name')).toBeNull();
    expect(document.querySelector('[aria-current="step"]')?.getAttribute('href')).toBe('/kyc/personal');
  });

  it('walk a signed-in investor to the next step, keeping answers in sessionStorage', async () => {
    signIn(omar);
    window.history.replaceState(null, '', '/kyc/personal');
    render(<KycStepApp step="personal" />);
    fireEvent.change(await screen.findByLabelText('Legal first name'), { target: { value: 'Omar' } });
    fireEvent.change(screen.getByLabelText('Legal last name'), { target: { value: 'Rahman' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-04-12' } });
    fireEvent.change(screen.getByLabelText('Nationality'), { target: { value: 'AE' } });
    fireEvent.change(screen.getByLabelText('Emirates ID number'), { target: { value: '784-1990-1234567-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload your documents' })).toBeTruthy();
    expect(window.location.pathname).toBe('/kyc/documents');
    expect(document.querySelector('[aria-current="step"]')?.getAttribute('href')).toBe('/kyc/documents');
    const draft = loadDraft('u1');
    expect(draft.personal.firstName).toBe('Omar');
    expect(draft.completed).toEqual(['personal']);
    expect(draft.lastStep).toBe('documents');
  });

  it('stay on the step and name the problems when answers are missing', async () => {
    signIn(omar);
    window.history.replaceState(null, '', '/kyc/address');
    render(<KycStepApp step="address" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter your city')).toBeTruthy();
    expect(screen.getByText('Choose your emirate', { selector: 'p span' })).toBeTruthy();
    expect(window.location.pathname).toBe('/kyc/address');
    expect(sessionStorage.getItem(KYC_DRAFT_KEY)).toBeNull();
  });

  it('keep Submit disabled on review, explaining that the documents step must be complete', async () => {
    signIn(omar);
    const d = emptyDraft('u1');
    d.personal.firstName = 'Omar';
    saveDraft(d);
    window.history.replaceState(null, '', '/kyc/review');
    render(<KycStepApp step="review" />);
    const submit = (await screen.findByRole('button', { name: 'Submit for verification' })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const reason = document.getElementById(submit.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toContain('Documents step to be complete');
    expect(screen.getByText('Your answers are kept on this device until you submit.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit personal information' }).getAttribute('href')).toBe('/kyc/personal');
  });

  it('lock the forms once verification is under review', async () => {
    signIn({ ...omar, kycStatus: 'under_review' });
    render(<KycStepApp step="financial" />);
    expect(await screen.findByTestId('kyc-locked')).toBeTruthy();
    expect(screen.queryByLabelText('Occupation')).toBeNull();
  });

  it('fall back to “Something went wrong” naming the step when it fails to render', async () => {
    signIn(omar);
    // The probe clears the flag after one throw, and React retries a failed concurrent render once;
    // keep the flag set so the failure is seen by the error boundary rather than recovered from.
    Object.defineProperty(globalThis, '__MANZIL_FAIL_COMPONENT__', { configurable: true, get: () => 'KYC Review', set: () => {} });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(<KycStepApp step="review" />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Something went wrong');
      expect(alert.textContent).toContain('The KYC Review could not be displayed.');
    } finally {
      Object.defineProperty(globalThis, '__MANZIL_FAIL_COMPONENT__', { configurable: true, writable: true, value: undefined });
    }
  });
});
