import { describe, expect, it } from 'vitest';
import { SIP_MAX_FILS, sipMessages } from '../contract';
import { checkSplit } from './SplitPicker';
import { checkPlanAmount, evenSplit, percentToBps, startMonths, xirrLabel } from './format';

// The spec's SIP minimum (the setting's default): AED 200.
const MIN = 20_000n;

describe('checkPlanAmount', () => {
  it('accepts AED 200 exactly and gives it in fils; refuses AED 199.99 with the contract message', () => {
    expect(checkPlanAmount('200', 'AED', MIN)).toEqual({ ok: true, minor: 20_000n, fils: 20_000n });
    expect(checkPlanAmount('199.99', 'AED', MIN)).toEqual({ ok: false, error: sipMessages.amountMinimum(MIN) });
    expect(sipMessages.amountMinimum(MIN)).toBe('The monthly amount must be at least AED 200.');
  });

  it('checks the minimum in force it is given and quotes it; without one yet (loading) leaves the check to the server', () => {
    expect(checkPlanAmount('200', 'AED', 25_000n)).toEqual({ ok: false, error: 'The monthly amount must be at least AED 250.' });
    expect(checkPlanAmount('250', 'AED', 25_000n).ok).toBe(true);
    expect(checkPlanAmount('150', 'AED', null).ok).toBe(true);
  });

  it('converts from the display currency half-even: $54.50 and ₹4,550.41 reach AED 200, less does not', () => {
    expect(checkPlanAmount('54.50', 'USD', MIN).ok).toBe(true);
    expect(checkPlanAmount('54.49', 'USD', MIN).ok).toBe(false);
    expect(checkPlanAmount('4,550.41', 'INR', MIN).ok).toBe(true);
    expect(checkPlanAmount('4550', 'INR', MIN).ok).toBe(false);
    expect(checkPlanAmount('100', 'USD', MIN)).toEqual({ ok: true, minor: 10_000n, fils: 36_700n });
  });

  it('asks for an amount, for numbers, and refuses more than a plan collects', () => {
    expect(checkPlanAmount('  ', 'AED', MIN)).toEqual({ ok: false, error: 'Enter how much you want to invest each month.' });
    expect(checkPlanAmount('two hundred', 'AED', MIN).ok).toBe(false);
    expect(checkPlanAmount(String(SIP_MAX_FILS / 100n + 1n), 'AED', MIN).ok).toBe(false);
    expect(checkPlanAmount(String(SIP_MAX_FILS / 100n), 'AED', MIN).ok).toBe(true);
  });
});

describe('the split', () => {
  it('reads percents with up to two decimals as basis points', () => {
    expect(percentToBps('33.33')).toBe(3333);
    expect(percentToBps('50')).toBe(5000);
    expect(percentToBps('12.5%')).toBe(1250);
    for (const bad of ['', '1.234', '101', '-5', 'abc']) expect(percentToBps(bad)).toBeNull();
  });

  it('spreads 100% evenly in whole basis points that add up exactly', () => {
    expect(evenSplit(3)).toEqual([3334, 3333, 3333]);
    expect(evenSplit(7).reduce((a, b) => a + b, 0)).toBe(10_000);
  });

  it('must name a property and add up to exactly 100%', () => {
    const row = (propertyId: string, text: string) => ({ propertyId, title: propertyId, text });
    expect(checkSplit([])).toMatchObject({ ok: false, error: sipMessages.allocationsRequired });
    expect(checkSplit([row('a', '60'), row('b', '30')])).toMatchObject({ ok: false, totalBps: 9000, error: 'The split adds up to 90%; it must add up to exactly 100%.' });
    expect(checkSplit([row('a', '66.67'), row('b', '33.33')])).toEqual({ ok: true, totalBps: 10_000, allocations: [{ propertyId: 'a', percent: 66.67 }, { propertyId: 'b', percent: 33.33 }] });
    expect(checkSplit([row('a', '100'), row('b', '0')])).toMatchObject({ ok: false, error: sipMessages.allocationPercent });
  });
});

describe('labels', () => {
  it('offers this month and the next eleven as start months', () => {
    const months = startMonths('2026-11-26');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: '2026-11', label: 'November 2026' });
    expect(months[11].value).toBe('2027-10');
  });

  it('says when there is not enough history for XIRR', () => {
    expect(xirrLabel(null)).toBe('Not enough history yet');
    expect(xirrLabel(812)).toBe('+8.12% a year');
    expect(xirrLabel(-250)).toBe('−2.5% a year');
  });
});
