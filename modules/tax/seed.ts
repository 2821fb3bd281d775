/** Demo data: the operator's VAT registration (the default settings, registered) when none is saved yet. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { DEFAULT_TAX_SETTINGS } from './contract';
import { taxSettings } from './schema';

export async function seedTax(db: Db): Promise<void> {
  await db
    .insert(taxSettings)
    .values({ id: 'default', ...DEFAULT_TAX_SETTINGS, updatedAt: sql`now()` })
    .onConflictDoNothing({ target: taxSettings.id });
}
