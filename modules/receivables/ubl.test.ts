import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { minorToDecimal } from '@modules/platform/money';
import type { InvoiceDocument } from './document';
import { BUYER, FIVE_CODES, fixtureDocument } from './document-fixtures';
import { escapeXml, invoiceUbl } from './ubl';

/**
 * The OASIS UBL 2.1 schemas live beside the repository in shared/standards (see its README): found by
 * UBL_XSD_DIR or by walking up from the repository. Missing schemas fail the test rather than skip it.
 */
function xsdDir(): string {
  if (process.env.UBL_XSD_DIR) return process.env.UBL_XSD_DIR;
  for (let dir = resolve(process.cwd()); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'standards', 'ubl-2.1', 'xsd');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('UBL 2.1 schemas not found: set UBL_XSD_DIR to shared/standards/ubl-2.1/xsd');
  }
}

type Schemas = { main: Record<'invoice' | 'credit_note', { fileName: string; contents: string }>; common: { fileName: string; contents: string }[] };
let schemas: Schemas;

beforeAll(() => {
  const dir = xsdDir();
  // The files are loaded flat into the validator's file system, so the maindoc's "../common/" is dropped.
  const main = (name: string) => ({ fileName: name, contents: readFileSync(join(dir, 'maindoc', name), 'utf8').replaceAll('../common/', '') });
  schemas = {
    main: { invoice: main('UBL-Invoice-2.1.xsd'), credit_note: main('UBL-CreditNote-2.1.xsd') },
    common: readdirSync(join(dir, 'common')).map((f) => ({ fileName: f, contents: readFileSync(join(dir, 'common', f), 'utf8') })),
  };
});

/** Validates against the UBL 2.1 XSD; fails with every message libxml2 reports. */
async function expectSchemaValid(doc: InvoiceDocument, xml: string) {
  const result = await validateXML({ xml: [{ fileName: `${doc.number}.xml`, contents: xml }], schema: [schemas.main[doc.kind]], preload: schemas.common, maxMemoryPages: 1024 });
  if (!result.valid) console.error(result.errors.map((e) => e.rawMessage).join('\n'));
  expect(result.errors.map((e) => e.message)).toEqual([]);
  expect(result.valid).toBe(true);
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (name) => ['cac:TaxTotal', 'cac:TaxSubtotal', 'cac:InvoiceLine', 'cac:CreditNoteLine', 'cbc:Note'].includes(name) });
type Amount = { '#text': string; '@currencyID': string };
type Parsed = Record<string, any>;

/** "1234.56" → 123456n: exact, for sums. */
const minor = (a: Amount) => {
  const [w, f = ''] = a['#text'].split('.');
  expect(f).toHaveLength(2);
  return BigInt(w + f);
};

/** The amounts add up and equal the document's totals, to the fil, each in its currency. */
function expectAmountsAddUp(doc: InvoiceDocument, root: Parsed) {
  const lines: Parsed[] = root[doc.kind === 'invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine'];
  const total = root['cac:LegalMonetaryTotal'];
  const all: Amount[] = [...Object.values(total as Record<string, Amount>), ...lines.map((l) => l['cbc:LineExtensionAmount'])];
  for (const a of all) expect(a['@currencyID']).toBe(doc.currency);

  const lineSum = lines.reduce((s, l) => s + minor(l['cbc:LineExtensionAmount']), 0n);
  expect(lineSum).toBe(minor(total['cbc:LineExtensionAmount']));
  const [docTax, aedTax] = root['cac:TaxTotal'] as Parsed[];
  const taxAmount = minor(docTax['cbc:TaxAmount']);
  expect(minor(total['cbc:TaxExclusiveAmount']) + taxAmount).toBe(minor(total['cbc:TaxInclusiveAmount']));
  const prepaid = total['cbc:PrepaidAmount'] ? minor(total['cbc:PrepaidAmount']) : 0n;
  expect(minor(total['cbc:TaxInclusiveAmount']) - prepaid).toBe(minor(total['cbc:PayableAmount']));
  const subtotals: Parsed[] = docTax['cac:TaxSubtotal'];
  expect(subtotals.reduce((s, t) => s + minor(t['cbc:TaxAmount']), 0n)).toBe(taxAmount);
  expect(subtotals.reduce((s, t) => s + minor(t['cbc:TaxableAmount']), 0n)).toBe(minor(total['cbc:TaxExclusiveAmount']));

  expect(lineSum).toBe(doc.totals.netDoc);
  expect(taxAmount).toBe(doc.totals.vatDoc);
  expect(minor(total['cbc:TaxInclusiveAmount'])).toBe(doc.totals.totalDoc);
  expect(prepaid).toBe(doc.totals.paidDoc);
  expect(minor(total['cbc:PayableAmount'])).toBe(doc.totals.dueDoc);
  if (doc.currency === 'AED') expect(aedTax).toBeUndefined();
  else {
    expect(aedTax['cbc:TaxAmount']).toEqual({ '#text': minorToDecimal(doc.totals.vatAed, 2), '@currencyID': 'AED' });
    expect(aedTax['cac:TaxSubtotal']).toBeUndefined();
  }
}

async function check(doc: InvoiceDocument) {
  const xml = invoiceUbl(doc);
  await expectSchemaValid(doc, xml);
  const root: Parsed = parser.parse(xml)[doc.kind === 'invoice' ? 'Invoice' : 'CreditNote'];
  expectAmountsAddUp(doc, root);
  return { xml, root };
}

describe('invoiceUbl (UBL 2.1, PINT AE)', () => {
  it('writes an AED invoice with all five sales tax codes that the XSD accepts', async () => {
    const doc = fixtureDocument(FIVE_CODES, { paid: 500_000n, notes: 'Thank you for your business.' });
    const { root } = await check(doc);
    expect(root['cbc:CustomizationID']).toBe('urn:peppol:pint:billing-1@ae-1');
    expect(root['cbc:ProfileID']).toBe('urn:peppol:bis:billing');
    expect(root['cbc:ID']).toBe('INV-2026-0042');
    expect(root['cbc:InvoiceTypeCode']).toBe('380');
    expect(root['cbc:DueDate']).toBe('2026-04-14');
    expect(root['cbc:TaxPointDate']).toBe('2026-03-14');
    expect(root['cbc:DocumentCurrencyCode']).toBe('AED');
    expect(root['cbc:TaxCurrencyCode']).toBe('AED');
    expect(root['cbc:BuyerReference']).toBe('PO-7781');
    expect(root['cbc:Note']).toEqual(['Thank you for your business.']);

    const seller = root['cac:AccountingSupplierParty']['cac:Party'];
    expect(seller['cac:PartyTaxScheme']).toEqual({ 'cbc:CompanyID': '100234567800003', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } });
    expect(seller['cac:PostalAddress']['cbc:CountrySubentity']).toBe('Dubai');
    expect(root['cac:AccountingCustomerParty']['cac:Party']['cac:PartyTaxScheme']['cbc:CompanyID']).toBe('100987654300003');
    expect(root['cac:PaymentMeans']['cac:PayeeFinancialAccount']['cbc:ID']).toBe('AE070331234567890123456');
    expect(root['cac:PaymentMeans']['cbc:PaymentMeansCode']).toBe('30');

    const subtotals = root['cac:TaxTotal'][0]['cac:TaxSubtotal'] as Parsed[];
    expect(subtotals.map((s) => [s['cac:TaxCategory']['cbc:ID'], s['cac:TaxCategory']['cbc:Percent'], s['cbc:TaxableAmount']['#text'], s['cbc:TaxAmount']['#text']])).toEqual([
      ['S', '5.00', '12000.00', '600.00'],
      ['Z', '0.00', '2000.02', '0.00'], // 2.5 × 800.01 = 2000.025, half to even
      ['E', '0.00', '9500.00', '0.00'],
      ['O', '0.00', '4200.00', '0.00'],
      ['AE', '0.00', '999.98', '0.00'],
    ]);
    for (const s of subtotals.slice(2)) expect(s['cac:TaxCategory']['cbc:TaxExemptionReason']).toMatch(/\w/);
    expect(subtotals[0]['cac:TaxCategory']['cbc:TaxExemptionReason']).toBeUndefined();

    const first = root['cac:InvoiceLine'][0];
    expect(first['cbc:InvoicedQuantity']).toEqual({ '#text': '1', '@unitCode': 'MON' });
    expect(first['cac:AllowanceCharge']).toEqual({ 'cbc:ChargeIndicator': 'false', 'cbc:AllowanceChargeReason': 'Discount', 'cbc:Amount': { '#text': '500.00', '@currencyID': 'AED' } });
    expect(first['cac:Price']['cbc:PriceAmount']['#text']).toBe('12500.00');
    expect(first['cac:Item']['cac:ClassifiedTaxCategory']['cbc:ID']).toBe('S');
    expect(root['cac:InvoiceLine'][1]['cbc:InvoicedQuantity']).toEqual({ '#text': '2.5', '@unitCode': 'HUR' });
    expect(root['cac:LegalMonetaryTotal']['cbc:PrepaidAmount']['#text']).toBe('5000.00');
  });

  it('writes a USD invoice with the VAT total again in AED and the rate used', async () => {
    const doc = fixtureDocument(FIVE_CODES.slice(0, 2), { currency: 'USD', rate: '3.6725' });
    const { root } = await check(doc);
    expect(root['cbc:DocumentCurrencyCode']).toBe('USD');
    expect(root['cbc:TaxCurrencyCode']).toBe('AED');
    expect(root['cac:TaxTotal']).toHaveLength(2);
    expect(root['cac:TaxTotal'][1]['cbc:TaxAmount']).toEqual({ '#text': '2203.50', '@currencyID': 'AED' });
    expect(root['cac:TaxExchangeRate']).toMatchObject({ 'cbc:SourceCurrencyCode': 'USD', 'cbc:TargetCurrencyCode': 'AED', 'cbc:CalculationRate': '3.6725' });
    expect(root['cac:LegalMonetaryTotal']['cbc:PrepaidAmount']).toBeUndefined();
  });

  it('writes a credit note that names the invoice it corrects', async () => {
    const doc = fixtureDocument([FIVE_CODES[0], FIVE_CODES[2]], { kind: 'credit_note' });
    const { xml, root } = await check(doc);
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(root['cbc:CreditNoteTypeCode']).toBe('381');
    expect(root['cbc:DueDate']).toBeUndefined();
    expect(root['cac:PaymentMeans']['cbc:PaymentDueDate']).toBe('2026-04-14');
    expect(root['cac:BillingReference']['cac:InvoiceDocumentReference']).toEqual({ 'cbc:ID': 'INV-2026-0042', 'cbc:IssueDate': '2026-03-15' });
    expect(root['cac:CreditNoteLine'][0]['cbc:CreditedQuantity']).toEqual({ '#text': '1', '@unitCode': 'MON' });
    expect(root['cac:InvoiceLine']).toBeUndefined();
  });

  it('leaves out the tax scheme of a customer without a TRN', async () => {
    const doc = fixtureDocument([FIVE_CODES[0]], { buyer: { ...BUYER, trn: null, name: 'Layla Haddad' }, payee: null, buyerReference: '', paymentTerms: '' });
    const { root } = await check(doc);
    const buyer = root['cac:AccountingCustomerParty']['cac:Party'];
    expect(buyer['cac:PartyTaxScheme']).toBeUndefined();
    expect(buyer['cbc:EndpointID']).toBeUndefined();
    expect(buyer['cac:PartyLegalEntity']['cbc:RegistrationName']).toBe('Layla Haddad');
    expect(root['cac:AccountingSupplierParty']['cac:Party']['cac:PartyTaxScheme']['cbc:CompanyID']).toBe('100234567800003');
    expect(root['cac:PaymentMeans']).toBeUndefined();
    expect(root['cbc:BuyerReference']).toBeUndefined();
  });

  it('escapes markup characters, keeps Arabic and drops control characters', async () => {
    const name = 'Smith & Sons <Trading> "Gulf" — شركة النور';
    const doc = fixtureDocument([{ ...FIVE_CODES[0], description: 'Cleaning & "deep" <care>\u0007 تنظيف' }], { buyer: { ...BUYER, name }, notes: "Ref O'Neil & co\u0000" });
    const { xml, root } = await check(doc);
    expect(xml).toContain('Smith &amp; Sons &lt;Trading&gt; &quot;Gulf&quot; — شركة النور');
    expect(root['cac:AccountingCustomerParty']['cac:Party']['cac:PartyName']['cbc:Name']).toBe(name);
    expect(root['cac:InvoiceLine'][0]['cac:Item']['cbc:Name']).toBe('Cleaning & "deep" <care> تنظيف');
    expect(root['cbc:Note']).toEqual(["Ref O'Neil & co"]);
    expect(xml).not.toMatch(/[\u0000\u0007]/);
  });

  it('is checked by a validator that rejects elements out of XSD order', async () => {
    const doc = fixtureDocument([FIVE_CODES[0]]);
    const xml = invoiceUbl(doc).replace(/(\s*<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)(\s*<cbc:DueDate>[^<]*<\/cbc:DueDate>)/, '$2$1');
    const result = await validateXML({ xml, schema: [schemas.main.invoice], preload: schemas.common, maxMemoryPages: 1024 });
    expect(result.valid).toBe(false);
    expect(result.errors[0]?.message).toMatch(/DueDate/);
  });

  it('refuses a document whose figures do not add up', () => {
    const doc = fixtureDocument(FIVE_CODES);
    expect(() => invoiceUbl({ ...doc, totals: { ...doc.totals, vatDoc: doc.totals.vatDoc + 1n } })).toThrow(/VAT/);
    expect(() => invoiceUbl({ ...doc, kind: 'credit_note', billingReference: null })).toThrow(/corrects/);
  });
});

describe('escapeXml', () => {
  it('escapes the five XML characters and strips characters XML 1.0 forbids', () => {
    expect(escapeXml(`a&b<c>d"e'f\u0001g\uFFFEh\tj`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fgh\tj');
    expect(escapeXml('\uD800x')).toBe('x');
    expect(escapeXml('😀')).toBe('😀');
  });
});
