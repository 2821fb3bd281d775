// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvestorDistributionJson, InvestorDistributionsJson, PreferenceJson } from '@modules/distributions/contract';
import { reinvestLabels } from '@modules/distributions/contract';
import { renderWithQuery, Reply, stubApi, type Call } from '@modules/sip/ui/test-api';
import { $currency } from '@site/lib/stores/currency';
import type { StatementsIndexJson } from '../contract';
import { IncomePanel } from './IncomePanel';

const plain = (el: Element | null) => (el?.textContent ?? '').replace(/\s/g, ' ');
const line = (over: Partial<InvestorDistributionJson>): InvestorDistributionJson => ({
  id: crypto.randomUUID(),
  runId: 'r1',
  number: 'DIST-000001',
  propertyId: 'p1',
  propertyTitle: 'Marina Heights',
  propertyReference: 'MZ-1',
  period: '2026-09',
  recordDate: '2026-09-30',
  paidAt: '2026-10-03T08:00:00Z',
  units: '20000',
  amount: '50000',
  feeNetted: '0',
  net: '50000',
  reinvested: '0',
  perShare: '25000',
  journalReference: 'JE-1',
  ...over,
});
const distributions = (items: InvestorDistributionJson[], total = items.length): InvestorDistributionsJson => ({
  items,
  total,
  totals: {
    amount: items.reduce((s, i) => s + BigInt(i.amount), 0n).toString(),
    feeNetted: items.reduce((s, i) => s + BigInt(i.feeNetted), 0n).toString(),
    net: items.reduce((s, i) => s + BigInt(i.net), 0n).toString(),
  },
});
const index: StatementsIndexJson = {
  firstPeriod: '2026-09',
  months: [
    { period: '2026-11', complete: false },
    { period: '2026-10', complete: true },
    { period: '2026-09', complete: true },
  ],
  years: [{ year: '2026', complete: false }],
  displayCurrency: 'AED',
};
const pref = (reinvest: PreferenceJson['reinvest'], hasSipPlan = false): PreferenceJson => ({ reinvest, label: reinvestLabels[reinvest], hasSipPlan });

beforeEach(() => $currency.set('AED'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IncomePanel', () => {
  it('lists the distributions received with the fee netted, the net and what was reinvested, and pages through older ones', async () => {
    const older = Array.from({ length: 12 }, (_, i) => line({ period: `2025-${String(i + 1).padStart(2, '0')}`, amount: '1000', net: '1000' }));
    const all = [line({ feeNetted: '1050', net: '48950', reinvested: '40000' }), ...older];
    const calls = stubApi({
      'GET /api/distributions': (c: Call) => {
        const limit = Number(new URLSearchParams(c.search).get('limit'));
        return distributions(all.slice(0, limit), all.length);
      },
      'GET /api/distributions/preferences': pref('wallet'),
      'GET /api/statements': index,
    });
    renderWithQuery(<IncomePanel />);
    const table = await screen.findByRole('table', { name: /Rental distributions paid to you/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + 10 + 1);
    const first = plain(rows[1]);
    expect(first).toContain('Marina Heights');
    expect(first).toContain('2026-09');
    expect(first).toContain('AED 500.00');
    expect(first).toContain('−AED 10.50');
    expect(first).toContain('AED 489.50');
    expect(first).toContain('AED 400.00');
    expect(plain(rows.at(-1)!)).toContain('All 13 payments');
    fireEvent.click(screen.getByRole('button', { name: 'Show more (3 older)' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(1 + 13 + 1));
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/distributions').map((c) => new URLSearchParams(c.search).get('limit'))).toEqual(['10', '30']);
  });

  it('saves the reinvestment choice as soon as it is made, and notes a plan choice without an active plan', async () => {
    const calls = stubApi({
      'GET /api/distributions': distributions([]),
      'GET /api/distributions/preferences': pref('wallet'),
      'PUT /api/distributions/preferences': (c: Call) => pref((c.body as { reinvest: PreferenceJson['reinvest'] }).reinvest),
      'GET /api/statements': index,
    });
    renderWithQuery(<IncomePanel />);
    const group = await screen.findByRole('group', { name: 'What happens to your distributions' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(['wallet', 'sip', 'same_property']);
    expect((within(group).getByRole('radio', { name: new RegExp(reinvestLabels.wallet) }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: new RegExp(reinvestLabels.sip.replace(/[()']/g, '.')) }));
    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toContain('Saved'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ reinvest: 'sip' });
    expect(screen.getByText(/You have no active monthly plan/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'start one' }).getAttribute('href')).toBe('/sip-setup');
    expect(screen.getByRole('heading', { name: 'No distributions yet' })).toBeTruthy();
  });

  it('keeps the saved choice and says why when saving fails', async () => {
    stubApi({
      'GET /api/distributions': distributions([]),
      'GET /api/distributions/preferences': pref('sip', true),
      'PUT /api/distributions/preferences': new Reply(400, { message: 'Choose one of: wallet, sip, same_property.', error: 'validation_failed' }),
      'GET /api/statements': index,
    });
    renderWithQuery(<IncomePanel />);
    const group = await screen.findByRole('group', { name: 'What happens to your distributions' });
    expect(screen.queryByText(/You have no active monthly plan/)).toBeNull();
    fireEvent.click(within(group).getByRole('radio', { name: new RegExp(reinvestLabels.same_property) }));
    expect((await screen.findByRole('alert')).textContent).toContain('Choose one of');
    expect((within(group).getByRole('radio', { name: new RegExp(reinvestLabels.sip.replace(/[()']/g, '.')) }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers the monthly and annual statements as PDF links in the chosen currency', async () => {
    $currency.set('GBP');
    stubApi({ 'GET /api/distributions': distributions([]), 'GET /api/distributions/preferences': pref('wallet'), 'GET /api/statements': index });
    renderWithQuery(<IncomePanel />);
    const monthly = await screen.findByRole('combobox', { name: 'Monthly statement' });
    expect(within(monthly).getAllByRole('option').map((o) => o.textContent)).toEqual(['November 2026 (so far)', 'October 2026', 'September 2026']);
    // The last complete month is chosen first.
    expect(screen.getByRole('link', { name: /Download October 2026/ }).getAttribute('href')).toBe('/api/statements/monthly/2026-10.pdf?currency=GBP');
    fireEvent.change(monthly, { target: { value: '2026-09' } });
    expect(screen.getByRole('link', { name: /Download September 2026/ }).getAttribute('href')).toBe('/api/statements/monthly/2026-09.pdf?currency=GBP');
    expect(screen.getByRole('link', { name: /Download 2026/ }).getAttribute('href')).toBe('/api/statements/annual/2026.pdf?currency=GBP');
  });

  it('shows each part failing on its own, with a way to try again', async () => {
    stubApi({
      'GET /api/distributions': new Reply(404, { message: 'There is no API route for GET /api/distributions.', error: 'not_found' }),
      'GET /api/distributions/preferences': new Reply(500, { message: 'Something went wrong on our side.', error: 'internal_error' }),
      'GET /api/statements': index,
    });
    renderWithQuery(<IncomePanel />);
    expect(await screen.findByText("We couldn't load your distributions")).toBeTruthy();
    expect(await screen.findByText("We couldn't load your reinvestment choice")).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Try again/ })).toHaveLength(2);
    expect(await screen.findByRole('combobox', { name: 'Monthly statement' })).toBeTruthy();
  });
});
