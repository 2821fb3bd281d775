/**
 * UAE VAT. Posting modules call recordTaxLines(tx, document) right after ledger.post, in the same transaction;
 * the VAT 201 return reads the daily totals and the ledger's VAT accounts.
 */
export { assertTaxPeriodOpen, recordTaxLines, type TaxDocument } from './record';
export { getTaxSettings, saveTaxSettings } from './settings';
export { taxLines, taxSettings, taxTotals, vatReturns } from './schema';
export * from './contract';
