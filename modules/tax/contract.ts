/**
 * UAE VAT: tax codes, emirates, the VAT 201 boxes and the tax settings. Browser-safe.
 * Amounts are integer fils; VAT on a line is worked out once, with half-even rounding (vatFor).
 */
import { z } from 'zod';
import { divideHalfEven } from '../platform/money';

/** Tax codes a document line carries. `import`: goods imported, VAT accounted for by reverse charge (box 6). */
export const TAX_CODES = ['standard', 'zero', 'exempt', 'out_of_scope', 'reverse_charge', 'import'] as const;
export type TaxCode = (typeof TAX_CODES)[number];

export const taxCodeLabels: Record<TaxCode, string> = {
  standard: 'Standard rated 5%',
  zero: 'Zero rated 0%',
  exempt: 'Exempt',
  out_of_scope: 'Out of scope',
  reverse_charge: 'Reverse charge 5%',
  import: 'Imported goods 5% (reverse charge)',
};

/** The rate a code charges on the document itself, in basis points. Reverse charge and imports: the recipient accounts for it. */
export const TAX_RATE_BPS: Record<TaxCode, number> = { standard: 500, zero: 0, exempt: 0, out_of_scope: 0, reverse_charge: 0, import: 0 };
/** The rate the reverse charge self-accounts at (box 3/6 output, box 10 input). */
export const REVERSE_CHARGE_RATE_BPS = 500;

/** PINT AE / UBL 5305 tax category of each code. */
export const UBL_TAX_CATEGORY: Record<TaxCode, 'S' | 'Z' | 'E' | 'O' | 'AE' | 'G'> = {
  standard: 'S',
  zero: 'Z',
  exempt: 'E',
  out_of_scope: 'O',
  reverse_charge: 'AE',
  import: 'AE',
};

/** Codes a sales invoice line may carry; `import` is for purchases only. */
export const SALES_TAX_CODES = ['standard', 'zero', 'exempt', 'out_of_scope', 'reverse_charge'] as const satisfies readonly TaxCode[];

/** VAT charged on a net line amount in fils, half-even. */
export function vatFor(net: bigint, code: TaxCode): bigint {
  return divideHalfEven(net * BigInt(TAX_RATE_BPS[code]), 10_000n);
}
/** VAT the recipient self-accounts for on a reverse-charge or import line. */
export const reverseChargeVat = (net: bigint) => divideHalfEven(net * BigInt(REVERSE_CHARGE_RATE_BPS), 10_000n);

export const EMIRATES = ['abu_dhabi', 'dubai', 'sharjah', 'ajman', 'umm_al_quwain', 'ras_al_khaimah', 'fujairah'] as const;
export type Emirate = (typeof EMIRATES)[number];
export const emirateLabels: Record<Emirate, string> = {
  abu_dhabi: 'Abu Dhabi',
  dubai: 'Dubai',
  sharjah: 'Sharjah',
  ajman: 'Ajman',
  umm_al_quwain: 'Umm Al Quwain',
  ras_al_khaimah: 'Ras Al Khaimah',
  fujairah: 'Fujairah',
};
/** Box 1a–1g: standard-rated supplies by emirate. */
export const EMIRATE_BOX: Record<Emirate, VatBox> = {
  abu_dhabi: '1a',
  dubai: '1b',
  sharjah: '1c',
  ajman: '1d',
  umm_al_quwain: '1e',
  ras_al_khaimah: '1f',
  fujairah: '1g',
};

/**
 * The boxes of the FTA's VAT 201 return that documents feed. 'settlement' is not a box: it records the
 * filing's own entry moving the period's VAT to VAT payable, so the return can tell it apart.
 */
export const VAT_BOXES = ['1a', '1b', '1c', '1d', '1e', '1f', '1g', '2', '3', '4', '5', '6', '7', '9', '10', 'settlement'] as const;
export type VatBox = (typeof VAT_BOXES)[number];

export const vatBoxLabels: Record<Exclude<VatBox, 'settlement'> | '8' | '11' | '12' | '13' | '14', string> = {
  '1a': 'Standard rated supplies in Abu Dhabi',
  '1b': 'Standard rated supplies in Dubai',
  '1c': 'Standard rated supplies in Sharjah',
  '1d': 'Standard rated supplies in Ajman',
  '1e': 'Standard rated supplies in Umm Al Quwain',
  '1f': 'Standard rated supplies in Ras Al Khaimah',
  '1g': 'Standard rated supplies in Fujairah',
  '2': 'Tax refunds provided to tourists under the Tax Refunds for Tourists Scheme',
  '3': 'Supplies subject to the reverse charge provisions',
  '4': 'Zero rated supplies',
  '5': 'Exempt supplies',
  '6': 'Goods imported into the UAE',
  '7': 'Adjustments to goods imported into the UAE',
  '8': 'Totals (supplies)',
  '9': 'Standard rated expenses',
  '10': 'Supplies subject to the reverse charge provisions (recoverable)',
  '11': 'Totals (expenses)',
  '12': 'Total value of due tax for the period',
  '13': 'Total value of recoverable tax for the period',
  '14': 'Payable tax for the period',
};

/** The boxes whose FTA form has an "Adjustment" column: manual adjustments on them are shown there. */
export const ADJUSTMENT_COLUMN_BOXES = ['1a', '1b', '1c', '1d', '1e', '1f', '1g', '9'] as const satisfies readonly VatBox[];

export type TaxDirection = 'output' | 'input';
export type TaxDocumentType = 'invoice' | 'credit_note' | 'bill' | 'debit_note' | 'adjustment' | 'settlement';

/**
 * One tax line of a document as the posting module states it: the box it lands in and its signed
 * amounts (a credit note or debit note is negative). Recorded by recordTaxLines in the document's transaction.
 */
export type TaxLineInput = { box: VatBox; direction: TaxDirection; taxCode: TaxCode | null; emirate?: Emirate | null; taxable: bigint; vat: bigint };

/**
 * The boxes one document line feeds, from its tax code. Sales: standard and reverse charge by emirate
 * (reverse charge with no VAT on it), zero box 4, exempt box 5, out of scope nowhere. Purchases: standard box 9
 * (VAT recoverable), reverse charge box 3 (due) and box 10 (recoverable), imports box 6 and box 10; zero,
 * exempt and out-of-scope purchases are not reported. `sign` is -1 for credit and debit notes.
 */
export function taxLinesFor(
  side: 'sales' | 'purchases',
  line: { taxCode: TaxCode; net: bigint; vat: bigint; emirate: Emirate },
  sign: 1 | -1 = 1,
): TaxLineInput[] {
  const n = line.net * BigInt(sign);
  const v = line.vat * BigInt(sign);
  if (side === 'sales') {
    switch (line.taxCode) {
      case 'standard':
      case 'reverse_charge':
        return [{ box: EMIRATE_BOX[line.emirate], direction: 'output', taxCode: line.taxCode, emirate: line.emirate, taxable: n, vat: v }];
      case 'zero':
        return [{ box: '4', direction: 'output', taxCode: 'zero', emirate: line.emirate, taxable: n, vat: 0n }];
      case 'exempt':
        return [{ box: '5', direction: 'output', taxCode: 'exempt', emirate: line.emirate, taxable: n, vat: 0n }];
      default:
        return [];
    }
  }
  switch (line.taxCode) {
    case 'standard':
      return [{ box: '9', direction: 'input', taxCode: 'standard', emirate: line.emirate, taxable: n, vat: v }];
    case 'reverse_charge':
    case 'import': {
      const rc = reverseChargeVat(line.net) * BigInt(sign);
      return [
        { box: line.taxCode === 'import' ? '6' : '3', direction: 'output', taxCode: line.taxCode, emirate: line.emirate, taxable: n, vat: rc },
        { box: '10', direction: 'input', taxCode: line.taxCode, emirate: line.emirate, taxable: n, vat: rc },
      ];
    }
    default:
      return [];
  }
}

export const FILING_FREQUENCIES = ['monthly', 'quarterly'] as const;
export type FilingFrequency = (typeof FILING_FREQUENCIES)[number];

export const taxMessages = {
  trn: 'A tax registration number (TRN) is 15 digits, for example 100123456700003.',
  emirate: `Emirate must be one of: ${EMIRATES.join(', ')}.`,
  taxCode: `Tax code must be one of: ${TAX_CODES.join(', ')}.`,
  salesTaxCode: `Tax code must be one of: ${SALES_TAX_CODES.join(', ')}.`,
  frequency: 'Filing frequency is monthly or quarterly.',
  firstPeriodStart: 'The first period starts on the first day of a month (YYYY-MM-01), no earlier than 2018-01-01 when UAE VAT began.',
  legalName: 'Enter the registered legal name, up to 200 characters.',
  address: 'Enter the registered address, up to 500 characters.',
  periodFiled: (label: string) => `The VAT return for ${label} has been filed, so its tax lines are locked. Date the document after the period, or correct it with a credit or debit note.`,
  notRegistered: 'Record the tax registration number in the tax settings first.',
} as const;

export const trnSchema = z.string({ error: taxMessages.trn }).trim().regex(/^\d{15}$/, taxMessages.trn);
export const emirateSchema = z.enum(EMIRATES, { error: taxMessages.emirate });
export const taxCodeSchema = z.enum(TAX_CODES, { error: taxMessages.taxCode });
export const salesTaxCodeSchema = z.enum(SALES_TAX_CODES, { error: taxMessages.salesTaxCode });

export const taxSettingsInput = z.object({
  trn: trnSchema,
  legalName: z.string({ error: taxMessages.legalName }).trim().min(1, taxMessages.legalName).max(200, taxMessages.legalName),
  address: z.string({ error: taxMessages.address }).trim().max(500, taxMessages.address).default(''),
  filingFrequency: z.enum(FILING_FREQUENCIES, { error: taxMessages.frequency }),
  firstPeriodStart: z
    .string({ error: taxMessages.firstPeriodStart })
    .regex(/^\d{4}-(0[1-9]|1[0-2])-01$/, taxMessages.firstPeriodStart)
    .refine((d) => d >= '2018-01-01' && d <= '2099-12-01', taxMessages.firstPeriodStart),
  defaultEmirate: emirateSchema,
});
export type TaxSettingsInput = z.infer<typeof taxSettingsInput>;

/** The operator's VAT registration. Before it is saved, these defaults apply (the demo's values). */
export type TaxSettingsJson = TaxSettingsInput & { registered: boolean; updatedAt: string | null };
export const DEFAULT_TAX_SETTINGS: TaxSettingsInput = {
  trn: '100000000000003',
  legalName: 'Manzil Properties FZ-LLC',
  address: 'Office 1204, Marina Plaza, Dubai Marina, Dubai, United Arab Emirates',
  filingFrequency: 'quarterly',
  firstPeriodStart: '2026-01-01',
  defaultEmirate: 'dubai',
};
