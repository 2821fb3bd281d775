// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { convertMinor } from '@modules/platform/money';
import { $currency } from '@site/lib/stores/currency';
import { $investmentMode } from '@site/lib/stores/session';
import { SipSetup } from '@site/components/app/SipSetupScreen';
import type { SipPlanJson, SipSetupPreviewJson } from '../contract';
import { investor, renderWithQuery, Reply, stubApi } from './test-api';

const TODAY = '2026-11-26';
const preview: SipSetupPreviewJson = {
  amount: '50000',
  firstCollectionDate: '2026-12-15',
  upcoming: ['2026-12-15', '2027-01-15', '2027-02-15'],
  retailLimit: { remaining: '17900000', annualLimit: null, monthsCovered: 358 },
  walletAvailable: '10000',
  purchases: [{ propertyId: 'p1', reference: 'MZ-P1', title: 'Marina Gate two-bedroom', units: '5000000', shares: '5', amount: '49900', investmentId: null }],
  unspent: '100',
  explanation: ['Marina Gate two-bedroom fits your balanced profile and has shares left.'],
  problems: ['Your wallet has AED 100 available; add AED 400 before 2026-12-15 or turn on automatic top-up.'],
};
const property = (id: string, title: string) => ({
  id,
  reference: `MZ-${id}`,
  slug: id,
  title,
  summary: '',
  community: 'Marina',
  city: 'Dubai',
  propertyType: 'apartment',
  bedrooms: 2,
  bathrooms: 2,
  sizeSqft: 1000,
  status: 'funding',
  sharePrice: '10000',
  totalShares: '100000000',
  sharesSold: '0',
  fundedBps: 2500,
  fundedPercent: 25,
  fundingTarget: '100000000',
  fundingDeadline: null,
  valuation: '100000000',
  grossYieldBps: 800,
  netYieldBps: 650,
  projectedAppreciationBps: 400,
  cover: null,
  publishedAt: null,
});
const properties = { items: [property('p1', 'Marina Gate two-bedroom'), property('p2', 'Saadiyat Beach villa')], total: 2, page: 1, pageSize: 100, pages: 1 };

beforeEach(() => {
  $currency.set('AED');
  $investmentMode.set('automated');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const amountField = () => screen.getByLabelText('Monthly amount');

describe('SIP setup form', () => {
  it('refuses AED 199 with the contract message, next to the amount, and previews nothing', async () => {
    const calls = stubApi({ 'GET /api/sip/plans': { items: [] }, 'POST /api/sip/preview': preview });
    renderWithQuery(<SipSetup today={TODAY} />);
    fireEvent.change(await screen.findByLabelText('Monthly amount'), { target: { value: '199' } });
    const input = amountField();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText('The monthly amount must be at least AED 200.');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getByText('Enter a monthly amount to see what it would buy.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '200' } });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    // Only valid plans are previewed: the AED 200 one, never the AED 199 one.
    const previewed = () => calls.filter((c) => c.path === '/api/sip/preview').map((c) => (c.body as { amount: number }).amount);
    await waitFor(() => expect(previewed()).toContain(20_000));
    expect(previewed()).not.toContain(19_900);
  });

  it('says the minimum in AED when the amount is typed in INR, and shows the AED figure of a valid one', async () => {
    $currency.set('INR');
    stubApi({ 'GET /api/sip/plans': { items: [] }, 'POST /api/sip/preview': preview });
    renderWithQuery(<SipSetup today={TODAY} />);
    fireEvent.change(await screen.findByLabelText('Monthly amount'), { target: { value: '4000' } });
    expect(screen.getByText('The monthly amount must be at least AED 200.')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '5000' } });
    const fils = convertMinor(500_000n, 'INR', 'AED');
    expect(screen.getByText(`AED ${(fils / 100n).toString()}.${(fils % 100n).toString().padStart(2, '0')}`)).toBeTruthy();
  });

  it('shows the preview: next collections, wallet, retail limit left, what it would buy, the remainder, why, and problems', async () => {
    stubApi({ 'GET /api/sip/plans': { items: [] }, 'POST /api/sip/preview': preview });
    renderWithQuery(<SipSetup today={TODAY} />);
    const panel = (await screen.findByRole('heading', { name: 'Before you confirm' })).closest('section')!;
    expect(await within(panel).findByText('Marina Gate two-bedroom')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Marina Gate two-bedroom' }).getAttribute('href')).toBe('/property/p1');
    expect(within(panel).getByRole('list', { name: 'Next collection dates' }).textContent).toContain('15 Dec 2026');
    expect(within(panel).getByText(/^AED\s179,000\.00$/)).toBeTruthy();
    expect(within(panel).getByText(/AED\s1\.00 would stay in your wallet/)).toBeTruthy();
    expect(within(panel).getByText(/fits your balanced profile/)).toBeTruthy();
    expect(within(panel).getByRole('alert').textContent).toContain('add AED 400 before 2026-12-15');
  });

  it('asks for a manual split that adds up to 100%, with a live total', async () => {
    const calls = stubApi({ 'GET /api/sip/plans': { items: [] }, 'GET /api/properties': properties, 'POST /api/sip/preview': preview });
    renderWithQuery(<SipSetup today={TODAY} />);
    fireEvent.click(await screen.findByRole('radio', { name: /Manual/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Marina Gate/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Saadiyat Beach/ }));
    expect(screen.getByText('Total: 100% of 100%')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Share for Marina Gate two-bedroom, percent'), { target: { value: '40' } });
    expect(screen.getByText('Total: 90% of 100%')).toBeTruthy();
    expect(screen.getByText('The split adds up to 90%; it must add up to exactly 100%.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/properties')?.search).toContain('status=funding');
    fireEvent.click(screen.getByRole('button', { name: /Review and confirm/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(screen.getByLabelText('Share for Saadiyat Beach villa, percent'), { target: { value: '60' } });
    expect(screen.getByText('Total: 100% of 100%')).toBeTruthy();
    expect(screen.queryByText(/The split adds up to/)).toBeNull();
  });

  it('confirms in a dialog, posts the plan in fils of AED, and goes to the plan page', async () => {
    $currency.set('INR');
    const created = { id: 'plan-1' } as SipPlanJson;
    const calls = stubApi({ 'GET /api/sip/plans': { items: [] }, 'POST /api/sip/preview': preview, 'POST /api/sip/plans': created });
    const navigate = vi.fn();
    renderWithQuery(<SipSetup today={TODAY} navigate={navigate} />);
    fireEvent.change(await screen.findByLabelText('Monthly amount'), { target: { value: '10,000' } });
    fireEvent.change(screen.getByLabelText('Collection day'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText(/Yearly step-up/), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: /Review and confirm/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Start this plan?' });
    expect(dialog.textContent).toMatch(/on the 15th of each month, stepping up 10% each year, automated/);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/sip/plans')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start my plan' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sip/plan?id=plan-1'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/sip/plans')!;
    expect(post.body).toEqual({ amount: Number(convertMinor(1_000_000n, 'INR', 'AED')), dayOfMonth: 15, mode: 'automated', stepUpPercent: 10, currency: 'INR' });
  });

  it('shows an API refusal next to the field it concerns: a closed property by the split', async () => {
    stubApi({
      'GET /api/sip/plans': { items: [] },
      'GET /api/properties': properties,
      'POST /api/sip/preview': preview,
      'POST /api/sip/plans': new Reply(422, { error: 'property_not_open', message: 'Saadiyat Beach villa is not open for funding, so it cannot be part of a plan.' }),
    });
    renderWithQuery(<SipSetup today={TODAY} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole('radio', { name: /Manual/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Saadiyat Beach/ }));
    fireEvent.click(screen.getByRole('button', { name: /Review and confirm/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start my plan' }));
    const message = await screen.findByText('Saadiyat Beach villa is not open for funding, so it cannot be part of a plan.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(message.closest('fieldset')?.textContent).toContain('Your split across properties open for funding');
  });

  it('lists existing plans above the form, linking to each plan page', async () => {
    const plan = { id: 'p-9', reference: 'SIP-000009', status: 'active', mode: 'automated', amount: '50000', currentAmount: '50000', dayOfMonth: 5, nextCollectionDate: '2026-12-05', totals: { collected: 2, failed: 0, skipped: 0, invested: '100000' } };
    stubApi({ 'GET /api/sip/plans': { items: [plan] }, 'POST /api/sip/preview': preview });
    renderWithQuery(<SipSetup today={TODAY} />);
    const list = (await screen.findByRole('heading', { name: 'My plans' })).closest('section')!;
    expect(within(list).getByRole('link', { name: /AED\s500\.00 a month/ }).getAttribute('href')).toBe('/sip/plan?id=p-9');
  });

  it('asks a signed-in investor without verified identity to verify first, and a visitor to sign up', async () => {
    stubApi({ 'GET /api/sip/plans': { items: [] }, 'POST /api/sip/preview': preview }, { ...investor, kycStatus: 'not_started' });
    const { unmount } = renderWithQuery(<SipSetup today={TODAY} />);
    expect(await screen.findByText('Complete identity verification before starting a plan.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Verify my identity/ }).getAttribute('href')).toBe('/kyc');
    expect(screen.queryByRole('button', { name: /Review and confirm/ })).toBeNull();
    unmount();
    vi.unstubAllGlobals();
    stubApi({}, null);
    renderWithQuery(<SipSetup today={TODAY} />);
    expect((await screen.findByRole('link', { name: /Create an account to start/ })).getAttribute('href')).toBe('/signup');
    expect(screen.getByText(/Sign in to see what this plan would buy today/)).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/^Illustrative projection/);
  });
});
