/** The retail investor's rolling 12-month limit (professional investors have none). */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { provideRetailUsage } from '../kyc';
import { getRetailAnnualLimitFils } from '../settings';
import { big, q } from '../wallet';
import { RETAIL_LIMIT_WINDOW, type RetailLimitJson } from './contract';

/**
 * Investors classified 'professional' in their KYC application have no limit; everyone else is retail.
 * (Read from the KYC application, which helper kyc-api owns.)
 */
export async function classificationOf(db: Db, userId: string): Promise<'retail' | 'professional'> {
  const [row] = await q<{ classification: string | null }>(db, sql`select classification from kyc_applications where user_id = ${userId} and status = 'approved' limit 1`);
  return row?.classification === 'professional' ? 'professional' : 'retail';
}

/** Principal of purchases over the last 12 months (rolling), cancellations excluded. */
export async function retailUsed(db: Db, userId: string, now: Date): Promise<bigint> {
  const [row] = await q<{ used: string }>(
    db,
    sql`select coalesce(sum(principal), 0)::text as used from investments
         where user_id = ${userId} and status = 'active' and created_at > ${now.toISOString()}::timestamptz - interval '12 months'`,
  );
  return big(row?.used);
}

export async function retailLimitFor(db: Db, userId: string, now = new Date()): Promise<RetailLimitJson> {
  const [classification, used, annualLimit] = await Promise.all([classificationOf(db, userId), retailUsed(db, userId, now), getRetailAnnualLimitFils(db)]);
  if (classification === 'professional') return { classification, window: RETAIL_LIMIT_WINDOW, annualLimit: null, used: used.toString(), remaining: null };
  const remaining = annualLimit - used > 0n ? annualLimit - used : 0n;
  return { classification, window: RETAIL_LIMIT_WINDOW, annualLimit: annualLimit.toString(), used: used.toString(), remaining: remaining.toString() };
}
// The KYC application shows this figure; kyc reads it through this function and never imports investing.
provideRetailUsage(retailLimitFor);
