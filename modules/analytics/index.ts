/**
 * Analytics: the metric catalogue (every ledger account and account type, and the operational metrics)
 * and their series by day, week, month or quarter, for the dashboard builder and the data trackers.
 * Contract: ./contract.ts.
 */
export type { Bucket, MetricAggregation, MetricDef, MetricDimension, MetricUnit, Series, SeriesJson, SeriesPoint, SeriesQuery } from './contract';
export { BUCKETS, MAX_POINTS, analyticsMessages, bucketLabels, seriesQueryInput, seriesToJson, unitLabels, unitScale } from './contract';
export { getMetric, listMetrics } from './catalogue';
export { metricSeries } from './series';
export { analyticsRoutes } from './routes';
export * from './dashboard-contract';
