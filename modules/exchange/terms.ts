/**
 * The exchange's terms in force on a day, from the operator's settings (modules/settings): the early exit and
 * performance fees of a sale, the liquidity pool's discount and the default price band. Read where a sale is
 * priced and passed to the pure pricing functions, so an admin's change reaches every quote from its date.
 */
import type { Db } from '@db/client';
import { todayInDubai } from '@modules/platform/dates';
import { settingsOn } from '@modules/settings';
import type { SaleFees } from './pricing';

export type ExchangeTerms = { fees: SaleFees; poolDiscountBps: number; bandBps: number };

export async function exchangeTerms(db: Db, on: string = todayInDubai()): Promise<ExchangeTerms> {
  const s = await settingsOn(db, on);
  return {
    fees: { earlyExitFeeBps: s.earlyExitFeeBps, performanceFeeBps: s.performanceFeeBps },
    poolDiscountBps: Number(s.poolDiscountBps),
    bandBps: Number(s.exchangeBandBps),
  };
}
