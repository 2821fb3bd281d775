import { describe, expect, it } from 'vitest';
import { taxSettingsInput } from './contract';
import { adjustmentInput, boxesFed, periodLabel, periodsThrough, vatPeriodSchema } from './return-contract';

const settings = { trn: '100123456700003', legalName: 'Manzil Properties FZ-LLC', address: 'Dubai', filingFrequency: 'quarterly', firstPeriodStart: '2026-01-01', defaultEmirate: 'dubai' };

describe('tax settings validation', () => {
  it('accepts a complete registration', () => expect(taxSettingsInput.safeParse(settings).success).toBe(true));
  it.each([
    ['a TRN of 14 digits', { trn: '10012345670000' }],
    ['a TRN with letters', { trn: '10012345670000A' }],
    ['an empty legal name', { legalName: ' ' }],
    ['a weekly frequency', { filingFrequency: 'weekly' }],
    ['a first period not on the 1st', { firstPeriodStart: '2026-01-15' }],
    ['a first period before UAE VAT began', { firstPeriodStart: '2017-10-01' }],
    ['an unknown emirate', { defaultEmirate: 'doha' }],
  ])('refuses %s', (_name, patch) => {
    const r = taxSettingsInput.safeParse({ ...settings, ...patch });
    expect(r.success).toBe(false);
  });
});

describe('return periods', () => {
  it('quarterly from January: calendar quarters to the current one, due 28 days after the end', () => {
    const p = periodsThrough({ filingFrequency: 'quarterly', firstPeriodStart: '2026-01-01' }, '2026-11-26');
    expect(p.map((x) => [x.period, x.from, x.to, x.dueDate])).toEqual([
      ['2026-Q1', '2026-01-01', '2026-03-31', '2026-04-28'],
      ['2026-Q2', '2026-04-01', '2026-06-30', '2026-07-28'],
      ['2026-Q3', '2026-07-01', '2026-09-30', '2026-10-28'],
      ['2026-Q4', '2026-10-01', '2026-12-31', '2027-01-28'],
    ]);
    expect(periodLabel(p[0]!)).toBe('Q1 2026 (1 Jan 2026 – 31 Mar 2026)');
  });
  it('quarterly staggered from February: named by the quarter each starts in, across the year end', () => {
    const p = periodsThrough({ filingFrequency: 'quarterly', firstPeriodStart: '2025-11-01' }, '2026-05-01');
    expect(p.map((x) => [x.period, x.from, x.to])).toEqual([
      ['2025-Q4', '2025-11-01', '2026-01-31'],
      ['2026-Q1', '2026-02-01', '2026-04-30'],
      ['2026-Q2', '2026-05-01', '2026-07-31'],
    ]);
  });
  it('monthly: one a month, February ends on the 28th, due on the 28th of the next month', () => {
    const p = periodsThrough({ filingFrequency: 'monthly', firstPeriodStart: '2026-01-01' }, '2026-03-01');
    expect(p.map((x) => [x.period, x.to, x.dueDate])).toEqual([
      ['2026-01', '2026-01-31', '2026-02-28'],
      ['2026-02', '2026-02-28', '2026-03-28'],
      ['2026-03', '2026-03-31', '2026-04-28'],
    ]);
    expect(periodLabel(p[1]!)).toBe('February 2026');
  });
  it('none before the first period starts', () => expect(periodsThrough({ filingFrequency: 'monthly', firstPeriodStart: '2027-01-01' }, '2026-11-26')).toEqual([]));
  it.each(['2026-Q1', '2026-03'])('accepts the key %s', (k) => expect(vatPeriodSchema.safeParse(k).success).toBe(true));
  it.each(['2026-Q5', '2026-13', '2026-3', '26-Q1', '2026-Q1\0'])('refuses the key %s', (k) => expect(vatPeriodSchema.safeParse(k).success).toBe(false));
});

describe('the boxes each tax code feeds', () => {
  it.each([
    ['sales', 'standard', ['1a', '1b', '1c', '1d', '1e', '1f', '1g']],
    ['sales', 'zero', ['4']],
    ['sales', 'exempt', ['5']],
    ['sales', 'out_of_scope', []],
    ['purchases', 'standard', ['9']],
    ['purchases', 'reverse_charge', ['3', '10']],
    ['purchases', 'import', ['6', '10']],
    ['purchases', 'zero', []],
  ] as const)('%s %s', (side, code, boxes) => expect(boxesFed(side, code)).toEqual(boxes));
});

describe('adjustment input', () => {
  const ok = { date: '2026-02-10', box: '1b', taxable: '-10000', vat: -500, memo: 'Bad debt relief on INV-0004', accountCode: '6510' };
  it('accepts negative amounts as a number or a string', () => {
    const r = adjustmentInput.parse(ok);
    expect([r.taxable, r.vat]).toEqual([-10_000n, -500n]);
  });
  it.each([
    ['zero VAT', { vat: 0 }],
    ['box 8 (a total)', { box: '8' }],
    ['box 4 (no VAT)', { box: '4' }],
    ['the VAT account itself', { accountCode: '2410' }],
    ['a fractional amount', { vat: 1.5 }],
    ['an unsafe integer', { vat: 2 ** 60 }],
    ['a huge string', { vat: '99999999999999999' }],
    ['an empty memo', { memo: '' }],
  ])('refuses %s', (_n, patch) => expect(adjustmentInput.safeParse({ ...ok, ...patch }).success).toBe(false));
});
