/**
 * UAE VAT. Posting modules call recordTaxLines(tx, document) right after ledger.post, in the same transaction
 * (with the entry's id as `entryId`, so the drill-down tells their VAT from fees posted without tax lines);
 * the VAT 201 return reads the daily totals and the ledger's VAT accounts. Contract: ./return-contract.ts.
 */
export { taxRoutes } from './routes';
export { assertTaxPeriodOpen, recordTaxLines, type TaxDocument } from './record';
export { getTaxSettings, saveTaxSettings } from './settings';
export { getVatReturn, periodSummaries } from './vat-return';
export { fileReturn, recordReturnPayment } from './file-return';
export { createAdjustment } from './adjustments';
export { seedTax } from './seed';
export { taxLines, taxSettings, taxTotals, vatReturns } from './schema';
export * from './contract';
export * from './return-contract';
