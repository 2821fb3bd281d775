/**
 * The VAT 201 return, its periods, filing and payment, the drill-down and manual adjustments: the contract.
 * Browser-safe (the screens import it). Amounts are integer fils of AED as strings in JSON.
 *
 * Contract relied on by tools outside the project (issue 14) — keep exactly:
 *   GET  /api/admin/tax/vat-returns/{period}   → VatReturnJson: `boxes` keyed '1a'…'14', each { amount, vat, adjustment }
 *                                               Period keys: 2026-Q1 (quarterly) or 2026-03 (monthly), per the settings.
 *
 * The rest (admin, /api/admin/tax):
 *   GET  /settings                         → TaxSettingsJson;  PUT /settings taxSettingsInput → TaxSettingsJson
 *   GET  /codes                            → TaxCodeJson[]
 *   GET  /vat-returns        (list contract, filter status)  → ListResult<VatPeriodJson>;  /vat-returns/export → CSV
 *   GET  /vat-returns/{period}/boxes/{box} (list contract, filter group) → ListResult<BoxDocumentJson, { totals }>;  …/export → CSV
 *   POST /vat-returns/{period}/file  { reference }           → VatReturnJson (filed; 422 vat_period_not_ended, 409 vat_return_filed)
 *   POST /vat-returns/{period}/paid  { date, bankAccountId } → VatReturnJson (paid; 409 vat_return_paid)
 *   GET  /vat-returns/{period}/csv | /pdf                    → the return as CSV (box, description, amount, VAT, adjustment) or PDF
 *   GET  /adjustments (list contract) → ListResult<TaxAdjustmentJson>;  POST /adjustments adjustmentInput → 201 TaxAdjustmentJson
 */
import { z } from 'zod';
import { addDays, addMonths, formatDate, monthEnd, monthYear, quarterOf } from '../platform/dates';
import { listQuery, type ListResult } from '../platform/list';
import { accountCodeSchema, dateSchema } from '../ledger/contract';
import { EMIRATES, SALES_TAX_CODES, taxLinesFor, vatBoxLabels, type FilingFrequency, type TaxCode, type VatBox } from './contract';

// ── Boxes ────────────────────────────────────────────────────────────────────────────────────────

/** Every line of the VAT 201, in the FTA's order. 8 and 11 are totals; 12–14 carry their figure in `vat`. */
export const RETURN_BOXES = ['1a', '1b', '1c', '1d', '1e', '1f', '1g', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14'] as const;
export type ReturnBox = (typeof RETURN_BOXES)[number];
export const SUPPLY_BOXES = ['1a', '1b', '1c', '1d', '1e', '1f', '1g', '2', '3', '4', '5', '6', '7'] as const satisfies readonly ReturnBox[];
export const EXPENSE_BOXES = ['9', '10'] as const satisfies readonly ReturnBox[];
/** The boxes documents land in, which open a drill-down. */
export const DOCUMENT_BOXES = [...SUPPLY_BOXES, ...EXPENSE_BOXES] as const;
export type DocumentBox = (typeof DOCUMENT_BOXES)[number];
export const returnBoxLabels: Record<ReturnBox, string> = vatBoxLabels;

export type VatBoxFigures = { amount: string; vat: string; adjustment: string };

export const VAT_PERIOD_STATUSES = ['open', 'ready', 'filed', 'paid'] as const;
export type VatPeriodStatus = (typeof VAT_PERIOD_STATUSES)[number];
export const vatPeriodStatusLabels: Record<VatPeriodStatus, string> = { open: 'Open', ready: 'Ready to file', filed: 'Filed', paid: 'Paid' };

/** One period of the registration, with its return's headline figures (box 12, 13 and 14). */
export type VatPeriodJson = {
  period: string;
  label: string;
  from: string;
  to: string;
  dueDate: string;
  status: VatPeriodStatus;
  outputVat: string;
  inputVat: string;
  net: string;
};

export type VatReturnJson = VatPeriodJson & {
  registration: { trn: string; legalName: string; address: string; registered: boolean };
  boxes: Record<ReturnBox, VatBoxFigures>;
  /** Fees charged to investors with VAT by other modules (Cr 2410 with no tax lines), inside the default emirate's box. */
  platformCharges: { box: VatBox; amount: string; vat: string };
  /** Input VAT posted to 1410 with no tax lines (journal entries), inside box 9's VAT. */
  otherRecoverableVat: string;
  filing: {
    reference: string;
    filedAt: string;
    filedBy: string | null;
    settlementReference: string | null;
    paidOn: string | null;
    paymentReference: string | null;
  } | null;
};

// ── Periods ──────────────────────────────────────────────────────────────────────────────────────

export type VatPeriod = { period: string; from: string; to: string; dueDate: string };

/** The return is due 28 days after the period ends. */
export const FILING_DUE_DAYS = 28;

/**
 * The key of the period starting `from`: '2026-03' (monthly) or '2026-Q1' (quarterly, named by the calendar quarter
 * it starts in, so a staggered Feb–Apr period is '2026-Q1').
 */
export const periodKeyOf = (from: string, frequency: FilingFrequency) => (frequency === 'monthly' ? from.slice(0, 7) : `${from.slice(0, 4)}-Q${quarterOf(from)}`);

export function periodStarting(from: string, frequency: FilingFrequency): VatPeriod {
  const to = monthEnd(addMonths(from, frequency === 'monthly' ? 0 : 2));
  return { period: periodKeyOf(from, frequency), from, to, dueDate: addDays(to, FILING_DUE_DAYS) };
}

/** Every period from the first period start to the one containing `today`, oldest first. */
export function periodsThrough(settings: { filingFrequency: FilingFrequency; firstPeriodStart: string }, today: string): VatPeriod[] {
  const step = settings.filingFrequency === 'monthly' ? 1 : 3;
  const out: VatPeriod[] = [];
  for (let from = settings.firstPeriodStart; from <= today; from = addMonths(from, step)) out.push(periodStarting(from, settings.filingFrequency));
  return out;
}

/** '2026-Q1' → 'Q1 2026 (1 Jan 2026 – 31 Mar 2026)'; '2026-03' → 'March 2026'. */
export function periodLabel(p: { period: string; from: string; to: string }): string {
  if (!p.period.includes('Q')) return monthYear(p.from);
  return `${p.period.slice(5)} ${p.period.slice(0, 4)} (${formatDate(p.from)} – ${formatDate(p.to)})`;
}

// ── Tax codes ────────────────────────────────────────────────────────────────────────────────────

export type TaxCodeJson = {
  code: TaxCode;
  label: string;
  rateBps: number;
  /** The rate the recipient self-accounts at (reverse charge and imports), else 0. */
  selfAccountedBps: number;
  ublCategory: string;
  /** May a sales invoice line carry it. */
  onSales: boolean;
  salesBoxes: string[];
  purchaseBoxes: string[];
};

/** The boxes a code feeds on one side, worked out from taxLinesFor over every emirate. */
export function boxesFed(side: 'sales' | 'purchases', code: TaxCode): string[] {
  const boxes = new Set(EMIRATES.flatMap((emirate) => taxLinesFor(side, { taxCode: code, net: 10_000n, vat: 500n, emirate }).map((l) => l.box)));
  return RETURN_BOXES.filter((b) => boxes.has(b as VatBox));
}
export const isSalesCode = (code: TaxCode) => (SALES_TAX_CODES as readonly TaxCode[]).includes(code);

// ── Drill-down and adjustments ───────────────────────────────────────────────────────────────────

export const BOX_GROUPS = ['documents', 'platform_charges', 'journal_entries'] as const;
export type BoxGroup = (typeof BOX_GROUPS)[number];
export const boxGroupLabels: Record<BoxGroup, string> = {
  documents: 'Documents',
  platform_charges: 'Platform charges to investors',
  journal_entries: 'Other recoverable VAT (journal entries)',
};

/** One document behind a box (its tax lines in the box added up), or one journal entry of the ledger groups. */
export type BoxDocumentJson = {
  group: BoxGroup;
  /** invoice, credit_note, bill, debit_note, adjustment; 'journal_entry' for the ledger groups. */
  documentType: string;
  documentId: string;
  documentNumber: string;
  date: string;
  counterparty: string;
  /** The journal entry's memo (ledger groups) or ''. */
  memo: string;
  /** The module that posted the journal entry (ledger groups) or null. */
  sourceModule: string | null;
  taxable: string;
  vat: string;
};
export type BoxDocumentsResult = ListResult<BoxDocumentJson, { totals: { taxable: string; vat: string } }>;

export type TaxAdjustmentJson = {
  id: string;
  date: string;
  box: VatBox;
  taxable: string;
  vat: string;
  memo: string;
  accountCode: string;
  entryReference: string;
  createdAt: string;
};

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────────

export const returnMessages = {
  period: 'A VAT period is written 2026-Q1 (quarterly) or 2026-03 (monthly).',
  box: `Box must be one of: ${DOCUMENT_BOXES.join(', ')}.`,
  adjustmentBox: `An adjustment goes to one of the boxes: ${DOCUMENT_BOXES.filter((b) => b !== '4' && b !== '5').join(', ')}.`,
  reference: 'Enter the FTA submission reference number, up to 100 characters.',
  bankAccountId: 'Choose the bank account the payment was made from.',
  signedFils: (label: string) => `${label} must be a whole number of fils (negative to reduce).`,
  memo: 'Say why the adjustment is made, up to 500 characters.',
  vatRequired: 'An adjustment changes VAT: enter a VAT amount other than zero.',
  periodNotFound: (key: string) => `${key} is not a VAT return period of this registration. Periods run from the first period start in the tax settings to the current one.`,
  notEnded: (label: string, to: string) => `${label} ends on ${to}. A return can be filed once its period has ended.`,
  filed: (label: string) => `The VAT return for ${label} has already been filed.`,
  notFiled: (label: string) => `The VAT return for ${label} has not been filed yet. File it before recording its payment.`,
  paid: (label: string) => `The payment for ${label} has already been recorded.`,
  nothingDue: (label: string) => `The return for ${label} shows nothing payable or refundable, so there is no payment to record.`,
  paidBeforeEnd: (to: string) => `The payment date cannot be before the period ends (${to}).`,
  vatAccount: 'Choose the account the adjustment is booked against, other than the VAT accounts 2410 and 1410.',
  settingsLocked: 'A VAT return has been filed, so the filing frequency and the first period start can no longer change.',
} as const;

export const vatPeriodSchema = z.string({ error: returnMessages.period }).regex(/^\d{4}-(Q[1-4]|0[1-9]|1[0-2])$/, returnMessages.period);
export const periodParams = z.object({ period: vatPeriodSchema });
export const boxParams = z.object({ period: vatPeriodSchema, box: z.enum(DOCUMENT_BOXES, { error: returnMessages.box }) });

export const fileReturnInput = z.object({
  reference: z.string({ error: returnMessages.reference }).trim().min(1, returnMessages.reference).max(100, returnMessages.reference),
});
export type FileReturnInput = z.infer<typeof fileReturnInput>;

export const payReturnInput = z.object({
  date: dateSchema('date'),
  bankAccountId: z.string({ error: returnMessages.bankAccountId }).uuid(returnMessages.bankAccountId),
});
export type PayReturnInput = z.infer<typeof payReturnInput>;

/** Fils that may be negative: a JSON integer or a string of digits with an optional minus, at most 10^15 either way. */
export const signedFilsSchema = (label: string) =>
  z
    .union(
      [
        z.number().int(returnMessages.signedFils(label)).refine(Number.isSafeInteger, `${label} is too large`),
        z.string().regex(/^-?\d{1,16}$/, returnMessages.signedFils(label)),
      ],
      { error: returnMessages.signedFils(label) },
    )
    .transform((v) => BigInt(v))
    .refine((v) => v <= 1_000_000_000_000_000n && v >= -1_000_000_000_000_000n, `${label} is too large`);

export const ADJUSTMENT_BOXES = ['1a', '1b', '1c', '1d', '1e', '1f', '1g', '2', '3', '6', '7', '9', '10'] as const satisfies readonly DocumentBox[];
export const adjustmentInput = z.object({
  date: dateSchema('date'),
  box: z.enum(ADJUSTMENT_BOXES, { error: returnMessages.adjustmentBox }),
  taxable: signedFilsSchema('Taxable amount').default(0n),
  vat: signedFilsSchema('VAT').refine((v) => v !== 0n, returnMessages.vatRequired),
  memo: z.string({ error: returnMessages.memo }).trim().min(1, returnMessages.memo).max(500, returnMessages.memo),
  accountCode: accountCodeSchema.refine((c) => c !== '2410' && c !== '1410', returnMessages.vatAccount),
});
export type AdjustmentInput = z.infer<typeof adjustmentInput>;

export const vatPeriodsQuery = listQuery({
  sort: ['period', 'dueDate', 'net'],
  defaultSort: '-period',
  filters: { status: z.enum(VAT_PERIOD_STATUSES, { error: `status must be one of: ${VAT_PERIOD_STATUSES.join(', ')}` }).optional() },
});
export const boxDocumentsQuery = listQuery({
  sort: ['date', 'number', 'taxable', 'vat'],
  defaultSort: 'date',
  filters: { group: z.enum(BOX_GROUPS, { error: `group must be one of: ${BOX_GROUPS.join(', ')}` }).optional() },
});
export const adjustmentsQuery = listQuery({ sort: ['date', 'createdAt', 'vat'], defaultSort: '-createdAt' });
