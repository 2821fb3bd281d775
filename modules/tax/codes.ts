/** The tax codes a document line may carry, with their rates, UBL categories and the boxes they feed. */
import { REVERSE_CHARGE_RATE_BPS, TAX_CODES, TAX_RATE_BPS, taxCodeLabels, UBL_TAX_CATEGORY } from './contract';
import { boxesFed, isSalesCode, type TaxCodeJson } from './return-contract';

export const taxCodes = (): TaxCodeJson[] =>
  TAX_CODES.map((code) => ({
    code,
    label: taxCodeLabels[code],
    rateBps: TAX_RATE_BPS[code],
    selfAccountedBps: code === 'reverse_charge' || code === 'import' ? REVERSE_CHARGE_RATE_BPS : 0,
    ublCategory: UBL_TAX_CATEGORY[code],
    onSales: isSalesCode(code),
    salesBoxes: isSalesCode(code) ? boxesFed('sales', code) : [],
    purchaseBoxes: boxesFed('purchases', code),
  }));
