/**
 * The annualised internal rate of return over dated cash flows (XIRR), shared by the SIP plans' returns
 * and the investor's returns per holding and portfolio. Browser-safe. Amounts are numbers here: XIRR is a
 * rate, computed at the end from bigint fils; no amount is ever stored or shown from these floats.
 */
import { daysBetween } from './dates';

/** XIRR needs at least this much history: annualising a few days' change says nothing. */
export const XIRR_MIN_DAYS = 30;

export type CashFlow = { date: string; amount: number };

/**
 * The annual rate r with Σ amount / (1 + r)^(days/365) = 0 (Newton's method, bisection when it strays).
 * Amounts: negative paid in, positive paid out or held. Null when there is no sign change or no root.
 */
export function xirr(flows: CashFlow[]): number | null {
  if (flows.length < 2 || !flows.some((f) => f.amount < 0) || !flows.some((f) => f.amount > 0)) return null;
  const t0 = flows.reduce((m, f) => (f.date < m ? f.date : m), flows[0].date);
  const years = flows.map((f) => daysBetween(t0, f.date) / 365);
  const npv = (r: number) => flows.reduce((s, f, i) => s + f.amount / Math.pow(1 + r, years[i]), 0);
  const dnpv = (r: number) => flows.reduce((s, f, i) => s - (years[i] * f.amount) / Math.pow(1 + r, years[i] + 1), 0);
  let r = 0.1;
  for (let i = 0; i < 50; i++) {
    const v = npv(r);
    const d = dnpv(r);
    if (!Number.isFinite(v) || !Number.isFinite(d) || d === 0) break;
    const next = r - v / d;
    if (Math.abs(next - r) < 1e-10) return next > -1 ? next : null;
    r = next <= -0.999 ? (r - 0.999) / 2 : next;
  }
  // Bisection between -99.9% and +1,000%.
  let lo = -0.999;
  let hi = 10;
  if (npv(lo) * npv(hi) > 0) return null;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (npv(lo) * npv(mid) <= 0) hi = mid;
    else lo = mid;
  }
  return (lo + hi) / 2;
}

/** A rate as whole basis points (12.34% → 1234), or null. */
export const rateToBps = (r: number | null) => (r === null || !Number.isFinite(r) ? null : Math.round(r * 10_000));
