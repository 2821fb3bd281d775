// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KYC_BANNER_DISMISSED_KEY, scheduleKycBanner } from './kyc-banner';

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  document.body.innerHTML = '<main id="main"></main>';
  window.history.replaceState(null, '', '/dashboard');
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const banner = () => document.querySelector<HTMLElement>('[data-testid="kyc-banner"]');

describe('KYC banner (§2, §4, §9)', () => {
  it('appears 2 s after an unverified user is loaded, with the spec texts', () => {
    scheduleKycBanner({ kycStatus: 'not_started' });
    vi.advanceTimersByTime(1999);
    expect(banner()).toBeNull();
    vi.advanceTimersByTime(1);
    const el = banner()!;
    expect(el.getAttribute('aria-labelledby')).toBe('kyc-banner-title');
    expect(el.querySelector('h2')?.textContent).toBe('Complete KYC Verification');
    expect(el.textContent).toContain('Start investing with ₹4,500');
    expect(el.textContent).toContain('5-10 min setup');
    expect([...el.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Secure', '10-20% returns', 'Quick setup']);
    const complete = el.querySelector<HTMLAnchorElement>('a[href="/kyc"]')!;
    expect(complete.textContent?.startsWith('Complete')).toBe(true);
    expect(el.querySelector('button[aria-label]')?.getAttribute('aria-label')).toBe('Dismiss KYC verification reminder');
  });

  it('never shows for verified users or on /kyc paths', () => {
    scheduleKycBanner({ kycStatus: 'approved' });
    scheduleKycBanner({ kycStatus: 'completed' });
    window.history.replaceState(null, '', '/kyc/documents');
    scheduleKycBanner({ kycStatus: 'pending' });
    vi.advanceTimersByTime(5000);
    expect(banner()).toBeNull();
  });

  it('dismiss hides it for the rest of the session', () => {
    scheduleKycBanner({ kycStatus: 'pending' });
    vi.advanceTimersByTime(2000);
    banner()!.querySelector<HTMLButtonElement>('button[aria-label]')!.click();
    expect(banner()).toBeNull();
    expect(sessionStorage.getItem(KYC_BANNER_DISMISSED_KEY)).toBe('1');
    scheduleKycBanner({ kycStatus: 'pending' });
    vi.advanceTimersByTime(5000);
    expect(banner()).toBeNull();
  });

  it('Complete hides it (the /kyc page never shows it)', () => {
    scheduleKycBanner({ kycStatus: 'pending' });
    vi.advanceTimersByTime(2000);
    const link = banner()!.querySelector<HTMLAnchorElement>('a[href="/kyc"]')!;
    link.addEventListener('click', (e) => e.preventDefault());
    link.click();
    expect(banner()).toBeNull();
  });

  it('shows once even when scheduled twice, and goes where KycBanner.astro puts its root', () => {
    document.body.insertAdjacentHTML('beforeend', '<div data-kyc-banner-root></div>');
    scheduleKycBanner({ kycStatus: 'pending' });
    scheduleKycBanner({ kycStatus: 'pending' });
    vi.advanceTimersByTime(2000);
    expect(document.querySelectorAll('[data-testid="kyc-banner"]')).toHaveLength(1);
    expect(banner()!.parentElement?.hasAttribute('data-kyc-banner-root')).toBe(true);
  });
});
