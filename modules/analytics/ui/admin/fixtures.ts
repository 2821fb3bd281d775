/** Fixtures for the dashboard builder's screen tests: the API's JSON as the routes answer it. */
import type { MetricDef } from '../../contract';
import type { DashboardJson, MetricsGroupJson, SeriesResponseJson, Widget } from '../../dashboard-contract';

export const cash: MetricDef = { key: 'ledger.account.1110', label: '1110 Emirates NBD operating account', group: 'Ledger: Assets', description: 'Balance at the end of each period.', unit: 'money', aggregation: 'stock', dimensions: ['costCenter', 'property'], ledgerAccount: '1110' };
export const headcount: MetricDef = { key: 'ops.headcount', label: 'Headcount', group: 'Payroll', description: 'Payroll employees employed at the end of each period.', unit: 'count', aggregation: 'stock', dimensions: ['costCenter'] };
export const aum: MetricDef = { key: 'ops.aum', label: 'Assets under management', group: 'Investing', description: 'Value of the investors’ holdings.', unit: 'money', aggregation: 'stock', dimensions: ['property'] };
export const metricGroups: MetricsGroupJson[] = [
  { group: 'Ledger: Assets', metrics: [cash] },
  { group: 'Investing', metrics: [aum] },
  { group: 'Payroll', metrics: [headcount] },
];

export const widget = (over: Partial<Widget> = {}): Widget => ({
  id: 'cash',
  title: 'Cash at bank',
  metric: cash.key,
  chart: 'table',
  period: { preset: 'custom', from: '2026-01-01', to: '2026-03-31' },
  bucket: 'month',
  comparison: 'none',
  filters: {},
  breakdown: null,
  layout: { x: 0, y: 0, w: 6, h: 4 },
  ...over,
});

export const dashboard = (over: Partial<DashboardJson> = {}): DashboardJson => ({
  id: 'd1',
  name: 'Operator overview',
  description: 'Cash, AUM and costs',
  ownerId: 'u1',
  ownerName: 'Admin User',
  widgetCount: 2,
  shared: true,
  mine: true,
  canEdit: true,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
  widgets: [widget(), widget({ id: 'aum', title: 'AUM', metric: aum.key, chart: 'number', comparison: 'previous_period', layout: { x: 6, y: 0, w: 6, h: 4 } })],
  ...over,
});

const points = (values: string[]) => values.map((value, i) => ({ start: `2026-0${i + 1}-01`, end: `2026-0${i + 1}-28`, value }));
export const cashSeries: SeriesResponseJson = { series: { metric: cash, points: points(['125000', '250000', '375050']), total: '375050' }, comparison: null, breakdown: null };
export const aumSeries: SeriesResponseJson = {
  series: { metric: aum, points: points(['100000000', '110000000', '120000000']), total: '120000000' },
  comparison: { metric: aum, points: points(['90000000', '95000000', '100000000']), total: '100000000' },
  breakdown: null,
};
