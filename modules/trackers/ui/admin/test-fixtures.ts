/** Fixtures for the data tracker screen tests: trackers, their history and the catalogue as the API sends them. */
import type { MetricJson, TrackerJson, TrackerPointJson } from '../../contract';

export const tracker = (over: Partial<TrackerJson> = {}): TrackerJson => ({
  id: '5d9b6c1e-3c1a-4a55-9b57-2f1a7c1d0001',
  name: 'Deposits per week',
  metric: 'ops.deposits',
  metricLabel: 'Deposits',
  metricGroup: 'Wallet',
  unit: 'money',
  aggregation: 'flow',
  additive: true,
  costCenterId: null,
  costCenterName: null,
  propertyId: null,
  propertyName: null,
  direction: 'higher_is_better',
  target: '5000000',
  targetPeriod: 'week',
  threshold: '1000000',
  alertWhen: 'below',
  status: 'active',
  alertState: 'ok',
  ownerId: null,
  ownerName: 'Layla Haddad',
  latestValue: '6250000',
  latestDate: '2026-03-30',
  vsTargetBps: 12500,
  spark: ['4000000', '5200000', '6250000'],
  lastComputedOn: '2026-03-30',
  lastAlertedOn: null,
  createdAt: '2026-01-01T08:00:00.000Z',
  updatedAt: '2026-01-01T08:00:00.000Z',
  ...over,
});

export const kycWait = tracker({
  id: '5d9b6c1e-3c1a-4a55-9b57-2f1a7c1d0002',
  name: 'KYC time to approve',
  metric: 'ops.kyc_time_to_approve',
  metricLabel: 'KYC time to approve',
  metricGroup: 'Investors',
  unit: 'days',
  aggregation: 'flow',
  additive: false,
  direction: 'lower_is_better',
  target: '100',
  targetPeriod: 'day',
  threshold: '300',
  alertWhen: 'above',
  alertState: 'alerting',
  latestValue: '425',
  vsTargetBps: 42500,
  spark: ['150', '425'],
  lastAlertedOn: '2026-03-30',
});

export const points = (): TrackerPointJson[] => [
  { date: '2026-03-28', value: '1000000', tracked: '4000000' },
  { date: '2026-03-29', value: '1200000', tracked: '5200000' },
  { date: '2026-03-30', value: '1050000', tracked: '6250000' },
];

export const metrics: MetricJson[] = [
  { key: 'ops.signups', label: 'Sign-ups', group: 'Investors', description: 'New accounts opened.', unit: 'count', aggregation: 'flow', dimensions: [] },
  { key: 'ops.deposits', label: 'Deposits', group: 'Wallet', description: 'Money paid into wallets.', unit: 'money', aggregation: 'flow', dimensions: [] },
  { key: 'ops.distribution_yield', label: 'Distribution yield', group: 'Properties', description: 'Rent distributed over property value.', unit: 'percent', aggregation: 'flow', dimensions: ['property'] },
];
