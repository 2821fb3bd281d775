// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@site/components/admin/ledger/test-utils';
import DataTrackersScreen from './DataTrackersScreen';
import { kycWait, metrics, points, tracker } from './test-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const list = () => json({ items: [tracker(), kycWait], total: 2 });

describe('/admin/data-trackers', () => {
  it('lists trackers with their latest value in their unit, progress to target and alert state', async () => {
    mockFetch({ 'GET /api/admin/trackers': list });
    renderWithApp(<DataTrackersScreen />, '/admin/data-trackers');
    const row = (await screen.findByRole('button', { name: /Deposits per week/ })).closest('tr')!;
    expect(row.textContent).toContain('AED 62,500.00');
    expect(row.textContent).toContain('125%');
    expect(row.textContent).toContain('Within threshold');
    expect(row.textContent).toContain('Target AED 50,000.00 per week');
    const kyc = screen.getByRole('button', { name: /KYC time to approve/ }).closest('tr')!;
    expect(kyc.textContent).toContain('4.25 days');
    expect(kyc.textContent).toContain('Alerting');
    expect(kyc.textContent).toContain('above 3 days');
    // A duration is compared day by day: no period on its target.
    expect(kyc.textContent).toContain('Target 1 day');
    expect(kyc.textContent).not.toContain('per day');
    expect(within(kyc).getByText(/of target, off track/)).toBeTruthy();
  });

  it('opens a tracker from the deep link on its chart, with the history as a table and a period choice', async () => {
    const calls = mockFetch({
      'GET /api/admin/trackers': list,
      [`GET /api/admin/trackers/${tracker().id}`]: () => json(tracker()),
      [`GET /api/admin/trackers/${tracker().id}/points`]: () => json({ tracker: tracker(), from: '2026-03-28', to: '2026-03-30', points: points() }),
      [`POST /api/admin/trackers/${tracker().id}/pause`]: () => json(tracker({ status: 'paused' })),
    });
    renderWithApp(<DataTrackersScreen />, `/admin/data-trackers?tracker=${tracker().id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Deposits per week' });
    const table = await within(dialog).findByRole('table', { name: /Deposits per week: 3 days/ });
    expect(within(table).getByRole('columnheader', { name: 'Last 7 days' })).toBeTruthy();
    expect(within(table).getByText('AED 52,000.00')).toBeTruthy();
    expect(within(dialog).getByText(/Dashed green: target AED 50,000.00/)).toBeTruthy();
    const pointsCall = calls.filter((c) => c.url.pathname.endsWith('/points')).at(-1)!;
    expect([pointsCall.url.searchParams.get('from'), pointsCall.url.searchParams.get('to')]).toEqual(['2025-12-31', '2026-03-30']);
    fireEvent.click(within(dialog).getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/points')).at(-1)!.url.searchParams.get('from')).toBe('2026-03-01'));
    expect(within(dialog).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/pause'))).toBe(true));
  });

  it('creates a tracker from the catalogue: search, validation in the metric unit, then the values in its scale', async () => {
    const calls = mockFetch({
      'GET /api/admin/trackers': () => json({ items: [], total: 0 }),
      'GET /api/admin/trackers/metrics': () => json({ items: metrics, total: metrics.length }),
      'GET /api/admin/properties': () => json({ items: [{ id: '0b0e7c5e-1d55-4f0e-9a55-1e1e1e1e1e01', reference: 'MZ-DXB-001', title: 'Marina Gate' }], total: 1 }),
      'POST /api/admin/trackers': () => json(tracker({ id: '5d9b6c1e-3c1a-4a55-9b57-2f1a7c1d0009', name: 'Yield' }), 201),
    });
    renderWithApp(<DataTrackersScreen />, '/admin/data-trackers');
    expect(await screen.findByText('No trackers yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New tracker' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tracker' });
    fireEvent.change(await within(dialog).findByLabelText('Find a metric'), { target: { value: 'yield' } });
    expect(within(dialog).queryByRole('radio', { name: /Sign-ups/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tracker' }));
    expect(within(dialog).getByText('Choose the metric to track.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Distribution yield/ }));
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Yield' } });
    fireEvent.change(within(dialog).getByLabelText(/^Target \(%\)/), { target: { value: '6.5' } });
    fireEvent.change(within(dialog).getByLabelText(/^Alert threshold/), { target: { value: 'four' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tracker' }));
    expect(within(dialog).getByText(/Type the alert threshold in percent/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Alert threshold/), { target: { value: '4' } });
    const property = await within(dialog).findByRole('option', { name: 'MZ-DXB-001 · Marina Gate' });
    fireEvent.change(property.closest('select')!, { target: { value: '0b0e7c5e-1d55-4f0e-9a55-1e1e1e1e1e01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tracker' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Yield',
      metric: 'ops.distribution_yield',
      costCenterId: null,
      propertyId: '0b0e7c5e-1d55-4f0e-9a55-1e1e1e1e1e01',
      direction: 'higher_is_better',
      target: '650',
      targetPeriod: 'day',
      threshold: '400',
      alertWhen: 'below',
    });
  });

  it('recomputes on demand and says what changed; a failed list says so', async () => {
    mockFetch({
      'GET /api/admin/trackers': () => json({ message: 'Something went wrong on our side.', error: 'internal_error' }, 500),
      'POST /api/admin/trackers/recompute': () => json({ asOf: '2026-03-30', trackers: 5, points: 12, alerts: 1, recoveries: 0, failed: 0 }),
    });
    renderWithApp(<DataTrackersScreen />, '/admin/data-trackers');
    fireEvent.click(screen.getByRole('button', { name: 'Recompute now' }));
    expect(await screen.findByText(/Recomputed 5 trackers up to 30 Mar 2026: 12 values changed. 1 new alert, 0 back within threshold./)).toBeTruthy();
    expect((await screen.findAllByText(/Something went wrong on our side/)).length).toBeGreaterThan(0);
  });
});
