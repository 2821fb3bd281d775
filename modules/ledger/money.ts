/**
 * The ledger's money helpers live in modules/platform/money.ts (the one home for money); this file
 * re-exports them so the ledger's own modules keep their short imports.
 */
export {
  BASE_CURRENCY,
  filsToDecimal,
  isKnownCurrency,
  minorDigits,
  minorToDecimal,
  normalizeRate,
  parseRate,
  toBaseMinor,
} from '../platform/money';
