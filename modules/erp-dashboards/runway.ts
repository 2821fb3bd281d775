/** Runway arithmetic, in bigint fils and whole hundredths of a month (never a float near money). */
import { divideHalfEven } from '@modules/platform/money';
import { erpDashboardMessages as msg, type RunwayJson } from './contract';

/**
 * Average monthly burn over the last `n` of `burns` (oldest first; fewer when fewer exist), half-even to the fil,
 * and the months `cash` lasts at that rate in hundredths (half-even). Null with a reason when nothing burns.
 */
export function runway(cash: bigint, burns: bigint[], n: number): RunwayJson {
  const used = burns.slice(-n);
  if (used.length === 0) return { averageBurn: '0', months: 0, runwayHundredths: null, reason: msg.noMonths };
  const average = divideHalfEven(used.reduce((s, b) => s + b, 0n), BigInt(used.length));
  if (average <= 0n) return { averageBurn: average.toString(), months: used.length, runwayHundredths: null, reason: msg.incomeCoversCosts };
  const hundredths = cash <= 0n ? 0n : divideHalfEven(cash * 100n, average);
  return { averageBurn: average.toString(), months: used.length, runwayHundredths: hundredths.toString(), reason: null };
}

export { formatHundredths } from './contract';
