import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breaches, createTrackerInput, formatMetricValue, isAdditive, MAX_METRIC_VALUE, metricValueInput, metricValueInputText, parseMetricValue, pointsQuery, recomputeInput, updateTrackerInput, type MetricUnit } from './contract';

const UNITS: MetricUnit[] = ['money', 'count', 'percent', 'days'];

describe('tracker inputs', () => {
  const valid = { name: 'Daily sign-ups', metric: 'ops.signups', target: 5, threshold: '1', alertWhen: 'below' };

  it('accepts a tracker with defaults, values as integers in the metric scale', () => {
    expect(createTrackerInput.parse(valid)).toEqual({ name: 'Daily sign-ups', metric: 'ops.signups', target: 5n, threshold: 1n, alertWhen: 'below', direction: 'higher_is_better', targetPeriod: 'day' });
    expect(createTrackerInput.parse({ ...valid, target: '-250', propertyId: null }).target).toBe(-250n);
  });

  it('refuses what is not a tracker, with a sentence a person can act on', () => {
    const bad: [string, unknown, RegExp][] = [
      ['name', 'x', /2 to 120/],
      ['name', 'a'.repeat(121), /2 to 120/],
      ['metric', 'ops signups; drop', /catalogue/],
      ['target', 1.5, /whole number/],
      ['target', '1e3', /whole number/],
      ['target', (MAX_METRIC_VALUE + 1n).toString(), /whole number/],
      ['threshold', null, /whole number/],
      ['alertWhen', 'equal', /below/],
      ['direction', 'up', /higher_is_better/],
      ['targetPeriod', 'year', /day, week or month/],
      ['propertyId', 'MZ-1', /valid id/],
      ['costCenterId', 'a\u0000b', /valid id/],
    ];
    for (const [field, value, message] of bad) {
      const r = createTrackerInput.safeParse({ ...valid, [field]: value });
      expect(r.success, `${field}=${String(value)}`).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(message);
    }
    expect(updateTrackerInput.safeParse({}).success).toBe(false);
    expect(updateTrackerInput.parse({ threshold: 3 })).toEqual({ threshold: 3n });
    expect(pointsQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(pointsQuery.safeParse({ from: '2024-01-01', to: '2026-03-01' }).success).toBe(false);
    expect(pointsQuery.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(recomputeInput.parse(undefined)).toEqual({});
    expect(recomputeInput.safeParse({ trackerId: 'x' }).success).toBe(false);
  });

  it('never accepts junk as a value (fuzz)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.constantFrom(null, true, {}, [], '１２', ' 12 ', '--1', '0x10')), (v) => {
        const r = metricValueInput.safeParse(v);
        if (r.success) expect(String(r.data)).toMatch(/^-?\d+$/);
        if (r.success) expect(r.data <= MAX_METRIC_VALUE && r.data >= -MAX_METRIC_VALUE).toBe(true);
      }),
      { seed: 15, numRuns: 500 },
    );
  });
});

describe('values in their unit', () => {
  it('formats each unit as a person reads it', () => {
    expect(formatMetricValue('money', 125050n)).toBe('AED 1,250.50');
    expect(formatMetricValue('count', '12345')).toBe('12,345');
    expect(formatMetricValue('percent', 450n)).toBe('4.5%');
    expect(formatMetricValue('days', 275n)).toBe('2.75 days');
    expect(formatMetricValue('days', 100n)).toBe('1 day');
    expect(formatMetricValue('count', null)).toBe('—');
  });

  it('reads typed values back into the same integers (round trip, property)', () => {
    expect(parseMetricValue('money', '1,250.50')).toBe(125050n);
    expect(parseMetricValue('percent', '4.5%')).toBe(450n);
    expect(parseMetricValue('days', '3 days')).toBe(300n);
    expect(parseMetricValue('count', '1.5')).toBeNull();
    expect(parseMetricValue('money', '1.005')).toBeNull();
    expect(parseMetricValue('money', 'abc')).toBeNull();
    fc.assert(
      fc.property(fc.constantFrom(...UNITS), fc.bigInt({ min: -MAX_METRIC_VALUE, max: MAX_METRIC_VALUE }), (unit, v) => {
        expect(parseMetricValue(unit, metricValueInputText(unit, v))).toBe(v);
      }),
      { seed: 15, numRuns: 300 },
    );
  });

  it('judges the threshold strictly, and sums only flows of money and counts', () => {
    expect([breaches(3n, 3n, 'above'), breaches(4n, 3n, 'above'), breaches(2n, 3n, 'below'), breaches(3n, 3n, 'below')]).toEqual([false, true, true, false]);
    expect(isAdditive({ unit: 'count', aggregation: 'flow' })).toBe(true);
    expect(isAdditive({ unit: 'days', aggregation: 'flow' })).toBe(false);
    expect(isAdditive({ unit: 'money', aggregation: 'stock' })).toBe(false);
  });
});
