/** Fixtures for the tax screens' tests (not a test file itself). */
import { RETURN_BOXES, type ReturnBox, type VatBoxFigures, type VatPeriodJson, type VatReturnJson } from '../../return-contract';
import type { TaxSettingsJson } from '../../contract';

export const settings = (patch: Partial<TaxSettingsJson> = {}): TaxSettingsJson => ({
  trn: '100123456700003',
  legalName: 'Manzil Properties FZ-LLC',
  address: 'Office 1204, Marina Plaza, Dubai',
  filingFrequency: 'quarterly',
  firstPeriodStart: '2026-01-01',
  defaultEmirate: 'dubai',
  registered: true,
  updatedAt: '2026-01-05T08:00:00.000Z',
  ...patch,
});

export const period = (p: string, status: VatPeriodJson['status'], patch: Partial<VatPeriodJson> = {}): VatPeriodJson => {
  const q = Number(p.slice(6));
  const from = `2026-${String(q * 3 - 2).padStart(2, '0')}-01`;
  const to = ['2026-03-31', '2026-06-30', '2026-09-30', '2026-12-31'][q - 1]!;
  return { period: p, label: `Q${q} 2026`, from, to, dueDate: '2026-10-28', status, outputVat: '56000', inputVat: '25000', net: '31000', ...patch };
};

const zero: VatBoxFigures = { amount: '0', vat: '0', adjustment: '0' };
export function vatReturn(p: VatPeriodJson, boxes: Partial<Record<ReturnBox, Partial<VatBoxFigures>>> = {}, patch: Partial<VatReturnJson> = {}): VatReturnJson {
  return {
    ...p,
    registration: { trn: '100123456700003', legalName: 'Manzil Properties FZ-LLC', address: 'Dubai', registered: true },
    boxes: Object.fromEntries(RETURN_BOXES.map((b) => [b, { ...zero, ...boxes[b] }])) as Record<ReturnBox, VatBoxFigures>,
    platformCharges: { box: '1b', amount: '20000', vat: '1000' },
    otherRecoverableVat: '0',
    filing: null,
    ...patch,
  };
}
