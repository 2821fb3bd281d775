/** The settings investors' screens, quotes and pages read (GET /api/settings/public): no copies in the browser. */
import type { Db } from '@db/client';
import type { PublicSettingsJson, SettingsSnapshot } from './contract';
import { settingsOn } from './service';

/** Transaction charge per payment method (the wallet's method keys), basis points. */
export const chargeBpsByMethod = (s: SettingsSnapshot): Record<string, number> => ({
  'uae-bank-transfer': Number(s.chargeUaeBankTransferBps),
  'international-transfer': Number(s.chargeInternationalTransferBps),
  'debit-card': Number(s.chargeDebitCardBps),
  'credit-card': Number(s.chargeCreditCardBps),
});

export function publicSettingsOf(s: SettingsSnapshot): PublicSettingsJson {
  const charges = chargeBpsByMethod(s);
  const rates = Object.values(charges);
  return {
    on: s.on,
    minInvestment: s.minInvestment.toString(),
    sipMinimum: s.sipMinimum.toString(),
    retailAnnualLimit: s.retailAnnualLimit.toString(),
    platformFeeBps: Number(s.platformFeeBps),
    performanceFeeBps: Number(s.performanceFeeBps),
    earlyExitFeeBps: Number(s.earlyExitFeeBps),
    liquidityPoolDiscountBps: Number(s.liquidityPoolDiscountBps),
    exchangePriceBandBps: Number(s.exchangePriceBandBps),
    transactionChargeBps: charges,
    transactionChargeRange: { min: Math.min(...rates), max: Math.max(...rates) },
  };
}

export const publicSettings = async (db: Db, on?: string): Promise<PublicSettingsJson> => publicSettingsOf(await settingsOn(db, on));
