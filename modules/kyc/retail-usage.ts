import type { Db } from '@db/client';

/**
 * How much a person invested inside the retail limit's window (fils, as text). The KYC application
 * shows it beside the limit, but the figure belongs to modules/investing, which depends on kyc (for
 * the KYC gate), not the other way round. So investing provides it when it loads (provideRetailUsage),
 * and kyc never imports investing: the dependency has one direction.
 */
export type RetailUsageSource = (db: Db, userId: string) => Promise<{ used: string }>;

let source: RetailUsageSource | null = null;

export function provideRetailUsage(fn: RetailUsageSource) {
  source = fn;
}

export function retailUsage(db: Db, userId: string): Promise<{ used: string }> {
  if (!source) throw new Error('modules/kyc: nothing provides the retail usage; modules/investing registers it (provideRetailUsage) when its service loads.');
  return source(db, userId);
}
