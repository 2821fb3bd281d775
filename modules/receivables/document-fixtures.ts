/**
 * Invoice documents for the PDF and UBL tests, with every figure worked out the way the receivables service
 * does it (net = quantity × unit price − discount rounded half-even once, VAT by vatFor, AED at the rate), so
 * the documents add up to the fil.
 */
import { TAX_RATE_BPS, vatFor, type TaxCode } from '@modules/tax';
import { divideHalfEven, toBaseMinor } from '@modules/platform/money';
import type { DocumentLine, DocumentParty, InvoiceDocument } from './document';

export type FixtureLine = { description: string; quantity: string; unitCode?: string; unitPrice: bigint; discount?: bigint; taxCode: TaxCode };

export const SELLER: DocumentParty = {
  name: 'Manzil Real Estate Investments LLC',
  trn: '100234567800003',
  email: 'accounts@manzil.ae',
  address: { line1: 'Office 1204, Boulevard Plaza Tower 1', line2: 'Sheikh Mohammed bin Rashid Boulevard', city: 'Dubai', emirate: 'dubai', postalCode: '00000', country: 'AE' },
};

export const BUYER: DocumentParty = {
  name: 'Al Noor Facilities Management LLC',
  trn: '100987654300003',
  email: 'ap@alnoor.example',
  address: { line1: 'Warehouse 7, Industrial Area 3', city: 'Sharjah', emirate: 'sharjah', country: 'AE' },
};

/** quantity ("2.5") × unit price in minor units, half-even. */
function extend(quantity: string, unitPrice: bigint): bigint {
  const [whole, fraction = ''] = quantity.split('.');
  return divideHalfEven(BigInt(whole + fraction) * unitPrice, 10n ** BigInt(fraction.length));
}

export function fixtureDocument(
  lines: FixtureLine[],
  opts: Partial<Omit<InvoiceDocument, 'lines' | 'taxSubtotals' | 'totals'>> & { paid?: bigint } = {},
): InvoiceDocument {
  const currency = opts.currency ?? 'AED';
  const rate = opts.rate ?? '1';
  const docLines: DocumentLine[] = lines.map((l, i) => {
    const discountDoc = l.discount ?? 0n;
    const netDoc = extend(l.quantity, l.unitPrice) - discountDoc;
    const vatDoc = vatFor(netDoc, l.taxCode);
    return {
      lineNo: i + 1,
      description: l.description,
      quantity: l.quantity,
      unitCode: l.unitCode ?? 'C62',
      unitPriceDoc: l.unitPrice,
      discountDoc,
      netDoc,
      taxCode: l.taxCode,
      vatRateBps: TAX_RATE_BPS[l.taxCode],
      vatDoc,
      netAed: toBaseMinor(netDoc, currency, rate),
      vatAed: toBaseMinor(vatDoc, currency, rate),
    };
  });
  const codes = [...new Set(docLines.map((l) => l.taxCode))];
  const sum = (ls: DocumentLine[], k: 'netDoc' | 'vatDoc' | 'netAed' | 'vatAed') => ls.reduce((s, l) => s + l[k], 0n);
  const taxSubtotals = codes.map((taxCode) => {
    const of = docLines.filter((l) => l.taxCode === taxCode);
    return { taxCode, vatRateBps: TAX_RATE_BPS[taxCode], netDoc: sum(of, 'netDoc'), vatDoc: sum(of, 'vatDoc'), netAed: sum(of, 'netAed'), vatAed: sum(of, 'vatAed') };
  });
  const netDoc = sum(docLines, 'netDoc');
  const vatDoc = sum(docLines, 'vatDoc');
  const paidDoc = opts.paid ?? 0n;
  const kind = opts.kind ?? 'invoice';
  return {
    kind,
    id: opts.id ?? '0b8f5c1e-4d2a-4f7b-9a51-2f6c3d8e9a10',
    number: opts.number ?? (kind === 'invoice' ? 'INV-2026-0042' : 'CN-2026-0007'),
    issueDate: opts.issueDate ?? '2026-03-15',
    supplyDate: opts.supplyDate ?? '2026-03-14',
    dueDate: opts.dueDate === undefined ? '2026-04-14' : opts.dueDate,
    currency,
    rate,
    seller: opts.seller ?? SELLER,
    buyer: opts.buyer ?? BUYER,
    lines: docLines,
    taxSubtotals,
    totals: {
      netDoc,
      vatDoc,
      totalDoc: netDoc + vatDoc,
      netAed: sum(docLines, 'netAed'),
      vatAed: sum(docLines, 'vatAed'),
      totalAed: sum(docLines, 'netAed') + sum(docLines, 'vatAed'),
      paidDoc,
      dueDoc: netDoc + vatDoc - paidDoc,
    },
    billingReference: opts.billingReference ?? (kind === 'credit_note' ? { number: 'INV-2026-0042', issueDate: '2026-03-15' } : null),
    paymentTerms: opts.paymentTerms ?? 'Payment within 30 days of the invoice date.',
    payee: opts.payee === undefined ? { bankName: 'Emirates NBD', iban: 'AE07 0331 2345 6789 0123 456', accountName: 'Manzil Real Estate Investments LLC' } : opts.payee,
    notes: opts.notes ?? '',
    buyerReference: opts.buyerReference ?? 'PO-7781',
  };
}

/** One line of each tax code a sales invoice may carry. */
export const FIVE_CODES: FixtureLine[] = [
  { description: 'Property management fee, March 2026', quantity: '1', unitCode: 'MON', unitPrice: 1_250_000n, discount: 50_000n, taxCode: 'standard' },
  { description: 'Export advisory service to a non-resident', quantity: '2.5', unitCode: 'HUR', unitPrice: 80_001n, taxCode: 'zero' },
  { description: 'Residential lease, Unit 1402, Marina Heights', quantity: '1', unitCode: 'MON', unitPrice: 950_000n, taxCode: 'exempt' },
  { description: 'Reimbursed Dubai Land Department fee (disbursement)', quantity: '1', unitPrice: 420_000n, taxCode: 'out_of_scope' },
  { description: 'Building services under the domestic reverse charge', quantity: '3', unitPrice: 33_333n, discount: 1n, taxCode: 'reverse_charge' },
];
