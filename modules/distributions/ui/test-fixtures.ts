/** Answers shaped as the distributions contract's JSON, for the screens' tests (periods are months before today). */
import { addMonths, todayInDubai } from '@modules/platform/dates';
import type { DistributionJson, DistributionPreviewJson, DistributionRunJson, DistributionSummaryJson, InvestorDistributionsJson, PnlMonthJson, PropertyPnlJson, PropertyRecordJson } from '../contract';

export const P1 = '11111111-1111-4111-8111-111111111111';
export const RUN = '33333333-3333-4333-8333-333333333333';
/** Three, two and one month(s) ago. */
const month = (back: number) => addMonths(`${todayInDubai().slice(0, 7)}-01`, -back).slice(0, 7);
export const M3 = month(3);
export const M2 = month(2);
export const M1 = month(1);
export const M0 = month(0);

const costs = (service: string, maintenance: string, management: string) => ({ service_charges: service, maintenance, management, insurance: '0', vacancy: '0' });

export const blankMonth = (period: string): PnlMonthJson => ({
  period,
  rent: '0',
  costs: costs('0', '0', '0'),
  totalCosts: '0',
  netIncome: '0',
  reserveBps: 1000,
  reserve: '0',
  distributable: '0',
  distributed: null,
  perShare: null,
  occupancyBps: null,
  note: '',
  status: 'open',
  distributionId: null,
});

/** M3 and M0 (this month) nothing recorded; M2 paid (rent 10,000, costs 2,000, reserve 800, 7,200 paid); M1 open (rent 10,000, costs 1,000, reserve 900, 8,100 distributable). */
export const pnl = (patch: Partial<PropertyPnlJson> = {}): PropertyPnlJson => ({
  propertyId: P1,
  reference: 'MZ-DXB-001',
  title: 'Marina Gate',
  totalUnits: '1000000',
  reserveBps: 1000,
  from: M3,
  to: M0,
  months: [
    blankMonth(M3),
    {
      ...blankMonth(M2),
      rent: '1000000',
      costs: costs('100000', '50000', '50000'),
      totalCosts: '200000',
      netIncome: '800000',
      reserve: '80000',
      distributable: '720000',
      distributed: '720000',
      perShare: '7200',
      occupancyBps: 10000,
      note: 'New tenant from the 1st.',
      status: 'paid',
      distributionId: RUN,
    },
    { ...blankMonth(M1), rent: '1000000', costs: costs('0', '100000', '0'), totalCosts: '100000', netIncome: '900000', reserve: '90000', distributable: '810000', occupancyBps: 9500 },
    blankMonth(M0),
  ],
  totals: { rent: '2000000', totalCosts: '300000', netIncome: '1700000', reserve: '170000', distributable: '1530000', distributed: '720000' },
  ...patch,
});

export const record = (patch: Partial<PropertyRecordJson> = {}): PropertyRecordJson => ({
  id: 'rec-1',
  number: 'REC-000001',
  propertyId: P1,
  period: M1,
  date: `${M1}-28`,
  kind: 'rent',
  amount: '1000000',
  description: 'Rent from the tenant',
  journalReference: 'JE-000101',
  reversedAt: null,
  createdAt: '2026-01-01T08:00:00.000Z',
  ...patch,
});

export const summary: DistributionSummaryJson = {
  paidThisYear: '720000',
  paidRuns: 1,
  waiting: 1,
  waitingAmount: '810000',
  payable: [{ propertyId: P1, reference: 'MZ-DXB-001', title: 'Marina Gate', periods: [M1], amount: '810000' }],
  payableTotal: '810000',
  byMonth: [
    { period: M2, amount: '720000' },
    { period: M1, amount: '0' },
  ],
};

export const preview = (amount = '810000', patch: Partial<DistributionPreviewJson> = {}): DistributionPreviewJson => ({
  propertyId: P1,
  period: M1,
  recordDate: `${M1}-28`,
  rent: '1000000',
  totalCosts: '100000',
  netIncome: '900000',
  reserveBps: 1000,
  reserve: '90000',
  distributable: '810000',
  heldPart: '810000',
  amount,
  units: '1000000',
  perShare: String((BigInt(amount) * 10_000n) / 1_000_000n),
  holders: 2,
  lines: [
    { userId: 'u1', units: '600000', amount: String((BigInt(amount) * 6n) / 10n), name: 'Aisha Khan', unicode: 'MZ-AISHA1' },
    { userId: 'u2', units: '400000', amount: String(BigInt(amount) - (BigInt(amount) * 6n) / 10n), name: 'Omar Saleh', unicode: 'MZ-OMAR01' },
  ],
  needsApproval: false,
  warnings: [],
  ...patch,
});

/** A run as the API lists it (with the ids of who created, approved and paid it, which newer contracts name). */
export const runRow = (patch: Partial<DistributionRunJson> = {}): DistributionRunJson => {
  const row = {
    id: RUN,
    number: 'DIST-000007',
    propertyId: P1,
    propertyReference: 'MZ-DXB-001',
    propertyTitle: 'Marina Gate',
    period: M1,
    recordDate: `${M1}-28`,
    amount: '810000',
    distributable: '810000',
    reserve: '90000',
    units: '1000000',
    holders: 2,
    perShare: '8100',
    status: 'draft',
    needsApproval: false,
    createdBy: 'admin-1@manzil.ae',
    approvedBy: null,
    approvedAt: null,
    paidAt: null,
    journalReference: null,
    createdAt: '2026-11-02T08:00:00.000Z',
    createdById: 'admin-1',
    approvedById: null,
    paidBy: null,
    cancelledAt: null,
  };
  return { ...row, ...patch } as DistributionRunJson;
};

export const run = (patch: Partial<DistributionJson> = {}): DistributionJson => ({
  ...runRow(),
  lines: [
    { userId: 'u1', units: '600000', amount: '486000', name: 'Aisha Khan', unicode: 'MZ-AISHA1', feeNetted: '1250', reinvested: '0' },
    { userId: 'u2', units: '400000', amount: '324000', name: 'Omar Saleh', unicode: 'MZ-OMAR01', feeNetted: '0', reinvested: '300000' },
  ],
  ...patch,
});

export const myDistributions: InvestorDistributionsJson = {
  items: [
    {
      id: 'line-1',
      runId: RUN,
      number: 'DIST-000007',
      propertyId: P1,
      propertyTitle: 'Marina Gate',
      propertyReference: 'MZ-DXB-001',
      period: M2,
      recordDate: `${M2}-28`,
      paidAt: `${M1}-03T08:00:00.000Z`,
      units: '600000',
      amount: '432000',
      feeNetted: '1250',
      net: '430750',
      reinvested: '0',
      perShare: '7200',
      journalReference: 'JE-000200',
    },
  ],
  total: 1,
  totals: { amount: '432000', feeNetted: '1250', net: '430750' },
};
