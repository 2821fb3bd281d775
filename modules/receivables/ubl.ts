/**
 * An invoice or credit note as UBL 2.1 XML following PINT AE (the UAE's Peppol e-invoice profile), from the
 * finished InvoiceDocument. Elements are written in the order the UBL 2.1 XSD sequences require; amounts are
 * decimal strings built from bigint minor units (never through a float), each with its currencyID.
 * The totals printed are the document's own; invoiceUbl refuses a document whose figures do not add up,
 * because a receiving system would reject it.
 */
import { emirateLabels, UBL_TAX_CATEGORY } from '@modules/tax';
import { BASE_CURRENCY, minorToDecimal } from '@modules/platform/money';
import type { DocumentLine, DocumentParty, InvoiceDocument } from './document';

export const PINT_AE_CUSTOMIZATION_ID = 'urn:peppol:pint:billing-1@ae-1';
export const PINT_AE_PROFILE_ID = 'urn:peppol:bis:billing';
/** Peppol electronic address scheme of the UAE TRN. */
const TRN_SCHEME = '0235';
/** UNCL 4461: credit transfer. */
const CREDIT_TRANSFER = '30';

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  credit_note: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

type Category = (typeof UBL_TAX_CATEGORY)[keyof typeof UBL_TAX_CATEGORY];

/** Why no VAT is charged, for the categories that need a reason (PINT AE / EN 16931 BR-E-10, BR-O-10, BR-AE-10). */
export const TAX_EXEMPTION_REASONS: Partial<Record<Category, string>> = {
  E: 'Exempt from VAT',
  O: 'Outside the scope of UAE VAT',
  AE: 'Reverse charge: the recipient accounts for the VAT',
};

// ── A small XML writer: elements with attributes, text escaped, empty optional parts dropped ──

type Node = { name: string; attrs?: Record<string, string>; text?: string; children?: Node[] };
type Part = Node | null | undefined | false;

/** Characters XML 1.0 forbids or that are control codes, removed from text. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe inside an element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(CONTROL, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const leaf = (name: string, text: string, attrs?: Record<string, string>): Node => ({ name, text, attrs });
/** A leaf only when there is something to say. */
const optional = (name: string, text: string | null | undefined, attrs?: Record<string, string>): Part => (text && text.trim() ? leaf(name, text.trim(), attrs) : null);
const group = (name: string, ...parts: Part[]): Node => ({ name, children: parts.filter((p): p is Node => !!p) });

function serialize(node: Node, depth: number): string {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  if (node.children) {
    if (node.children.length === 0) return `${pad}<${node.name}${attrs}/>`;
    return `${pad}<${node.name}${attrs}>\n${node.children.map((c) => serialize(c, depth + 1)).join('\n')}\n${pad}</${node.name}>`;
  }
  return `${pad}<${node.name}${attrs}>${escapeXml(node.text ?? '')}</${node.name}>`;
}

// ── Values ──

/** Percent from basis points with two decimals: 500 → "5.00". */
const percent = (bps: number) => minorToDecimal(BigInt(bps), 2);

function checkDocument(doc: InvoiceDocument): void {
  const problems: string[] = [];
  const lineNet = doc.lines.reduce((s, l) => s + l.netDoc, 0n);
  const lineVat = doc.lines.reduce((s, l) => s + l.vatDoc, 0n);
  const subNet = doc.taxSubtotals.reduce((s, t) => s + t.netDoc, 0n);
  const subVat = doc.taxSubtotals.reduce((s, t) => s + t.vatDoc, 0n);
  const t = doc.totals;
  if (doc.lines.length === 0) problems.push('it has no lines');
  if (lineNet !== t.netDoc) problems.push(`its lines add up to ${lineNet} net, not ${t.netDoc}`);
  if (lineVat !== t.vatDoc || subVat !== t.vatDoc) problems.push(`its VAT (lines ${lineVat}, subtotals ${subVat}) is not ${t.vatDoc}`);
  if (subNet !== t.netDoc) problems.push(`its tax subtotals add up to ${subNet} net, not ${t.netDoc}`);
  if (t.netDoc + t.vatDoc !== t.totalDoc) problems.push('net + VAT is not the total');
  if (t.totalDoc - t.paidDoc !== t.dueDoc) problems.push('total − paid is not the amount due');
  for (const l of doc.lines) if (!/^\d+(\.\d{1,3})?$/.test(l.quantity)) problems.push(`line ${l.lineNo} has the quantity "${l.quantity}"`);
  if (doc.kind === 'credit_note' && !doc.billingReference) problems.push('a credit note must name the invoice it corrects');
  if (problems.length) throw new Error(`Invoice ${doc.number} cannot be written as UBL: ${problems.join('; ')}.`);
}

/** One subtotal per VAT category and rate (reverse charge and imports share AE). */
function categorySubtotals(doc: InvoiceDocument) {
  const byKey = new Map<string, { category: Category; vatRateBps: number; netDoc: bigint; vatDoc: bigint }>();
  for (const s of doc.taxSubtotals) {
    const category = UBL_TAX_CATEGORY[s.taxCode];
    const key = `${category}:${s.vatRateBps}`;
    const found = byKey.get(key) ?? { category, vatRateBps: s.vatRateBps, netDoc: 0n, vatDoc: 0n };
    found.netDoc += s.netDoc;
    found.vatDoc += s.vatDoc;
    byKey.set(key, found);
  }
  return [...byKey.values()];
}

// ── Parts ──

function ublDocument(doc: InvoiceDocument): Node {
  const credit = doc.kind === 'credit_note';
  const cur = doc.currency;
  const foreign = cur !== BASE_CURRENCY;
  const amount = (name: string, minor: bigint, currency = cur) => leaf(name, minorToDecimal(minor, currency), { currencyID: currency });

  const taxScheme = group('cac:TaxScheme', leaf('cbc:ID', 'VAT'));
  const taxCategory = (name: string, category: Category, bps: number) =>
    group(name, leaf('cbc:ID', category), leaf('cbc:Percent', percent(bps)), optional('cbc:TaxExemptionReason', TAX_EXEMPTION_REASONS[category]), taxScheme);

  const party = (p: DocumentParty) =>
    group(
      'cac:Party',
      p.trn ? leaf('cbc:EndpointID', p.trn, { schemeID: TRN_SCHEME }) : null,
      group('cac:PartyName', leaf('cbc:Name', p.name)),
      group(
        'cac:PostalAddress',
        optional('cbc:StreetName', p.address.line1),
        optional('cbc:AdditionalStreetName', p.address.line2),
        optional('cbc:CityName', p.address.city),
        optional('cbc:PostalZone', p.address.postalCode),
        optional('cbc:CountrySubentity', p.address.emirate ? emirateLabels[p.address.emirate] : null),
        group('cac:Country', /^[A-Z]{2}$/.test(p.address.country) ? leaf('cbc:IdentificationCode', p.address.country) : leaf('cbc:Name', p.address.country)),
      ),
      p.trn ? group('cac:PartyTaxScheme', leaf('cbc:CompanyID', p.trn), taxScheme) : null,
      group('cac:PartyLegalEntity', leaf('cbc:RegistrationName', p.name)),
      p.email ? group('cac:Contact', leaf('cbc:ElectronicMail', p.email)) : null,
    );

  const line = (l: DocumentLine): Node => {
    const discount = l.discountDoc > 0n ? group('cac:AllowanceCharge', leaf('cbc:ChargeIndicator', 'false'), leaf('cbc:AllowanceChargeReason', 'Discount'), amount('cbc:Amount', l.discountDoc)) : null;
    const lineTax = group('cac:TaxTotal', amount('cbc:TaxAmount', l.vatDoc));
    return group(
      credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine',
      leaf('cbc:ID', String(l.lineNo)),
      leaf(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', l.quantity, { unitCode: l.unitCode }),
      amount('cbc:LineExtensionAmount', l.netDoc),
      // The two line types order AllowanceCharge and TaxTotal differently.
      ...(credit ? [lineTax, discount] : [discount, lineTax]),
      group('cac:Item', leaf('cbc:Name', l.description), taxCategory('cac:ClassifiedTaxCategory', UBL_TAX_CATEGORY[l.taxCode], l.vatRateBps)),
      group('cac:Price', amount('cbc:PriceAmount', l.unitPriceDoc)),
      group('cac:ItemPriceExtension', amount('cbc:Amount', l.netDoc + l.vatDoc)),
    );
  };

  const t = doc.totals;
  const dueDate = doc.dueDate ?? null;
  const paymentMeans = doc.payee
    ? group(
        'cac:PaymentMeans',
        leaf('cbc:PaymentMeansCode', CREDIT_TRANSFER),
        credit ? optional('cbc:PaymentDueDate', dueDate) : null,
        leaf('cbc:PaymentID', doc.number),
        group('cac:PayeeFinancialAccount', leaf('cbc:ID', doc.payee.iban.replace(/\s+/g, '')), optional('cbc:Name', doc.payee.accountName), doc.payee.bankName ? group('cac:FinancialInstitutionBranch', leaf('cbc:Name', doc.payee.bankName)) : null),
      )
    : null;
  const exchangeRate = foreign
    ? group('cac:TaxExchangeRate', leaf('cbc:SourceCurrencyCode', cur), leaf('cbc:TargetCurrencyCode', BASE_CURRENCY), leaf('cbc:CalculationRate', doc.rate), leaf('cbc:MathematicOperatorCode', 'Multiply'), leaf('cbc:Date', doc.issueDate))
    : null;
  const taxTotal = group(
    'cac:TaxTotal',
    amount('cbc:TaxAmount', t.vatDoc),
    ...categorySubtotals(doc).map((s) => group('cac:TaxSubtotal', amount('cbc:TaxableAmount', s.netDoc), amount('cbc:TaxAmount', s.vatDoc), taxCategory('cac:TaxCategory', s.category, s.vatRateBps))),
  );
  // EN 16931 BT-111: the VAT total in the tax currency, without subtotals.
  const taxTotalAed = foreign ? group('cac:TaxTotal', amount('cbc:TaxAmount', t.vatAed, BASE_CURRENCY)) : null;

  const root = group(
    credit ? 'CreditNote' : 'Invoice',
    leaf('cbc:CustomizationID', PINT_AE_CUSTOMIZATION_ID),
    leaf('cbc:ProfileID', PINT_AE_PROFILE_ID),
    leaf('cbc:ID', doc.number),
    optional('cbc:UUID', doc.id),
    leaf('cbc:IssueDate', doc.issueDate),
    // Invoice: DueDate, type code, notes, tax point date. CreditNote: tax point date before its type code, no DueDate.
    ...(credit
      ? [optional('cbc:TaxPointDate', doc.supplyDate), leaf('cbc:CreditNoteTypeCode', '381'), optional('cbc:Note', doc.notes)]
      : [optional('cbc:DueDate', dueDate), leaf('cbc:InvoiceTypeCode', '380'), optional('cbc:Note', doc.notes), optional('cbc:TaxPointDate', doc.supplyDate)]),
    leaf('cbc:DocumentCurrencyCode', cur),
    leaf('cbc:TaxCurrencyCode', BASE_CURRENCY),
    optional('cbc:BuyerReference', doc.buyerReference),
    doc.billingReference ? group('cac:BillingReference', group('cac:InvoiceDocumentReference', leaf('cbc:ID', doc.billingReference.number), leaf('cbc:IssueDate', doc.billingReference.issueDate))) : null,
    group('cac:AccountingSupplierParty', party(doc.seller)),
    group('cac:AccountingCustomerParty', party(doc.buyer)),
    paymentMeans,
    doc.paymentTerms.trim() ? group('cac:PaymentTerms', leaf('cbc:Note', doc.paymentTerms.trim())) : null,
    exchangeRate,
    taxTotal,
    taxTotalAed,
    group(
      'cac:LegalMonetaryTotal',
      amount('cbc:LineExtensionAmount', t.netDoc),
      amount('cbc:TaxExclusiveAmount', t.netDoc),
      amount('cbc:TaxInclusiveAmount', t.totalDoc),
      t.paidDoc !== 0n ? amount('cbc:PrepaidAmount', t.paidDoc) : null,
      amount('cbc:PayableAmount', t.dueDoc),
    ),
    ...doc.lines.map(line),
  );
  root.attrs = { xmlns: credit ? NS.credit_note : NS.invoice, 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc };
  return root;
}

/** The document as a UBL 2.1 Invoice (or CreditNote) in UTF-8, PINT AE. Throws when its figures do not add up. */
export function invoiceUbl(doc: InvoiceDocument): string {
  checkDocument(doc);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(ublDocument(doc), 0)}\n`;
}
