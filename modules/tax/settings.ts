import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { unprocessable } from '@api/errors';
import { recordAudit } from '../audit';
import { DEFAULT_TAX_SETTINGS, type Emirate, type FilingFrequency, type TaxSettingsInput, type TaxSettingsJson } from './contract';
import { returnMessages } from './return-contract';
import { taxSettings, vatReturns } from './schema';

/** The VAT registration (the defaults until an admin saves it: `registered` false). */
export async function getTaxSettings(db: Db): Promise<TaxSettingsJson> {
  const [row] = await db.select().from(taxSettings).where(eq(taxSettings.id, 'default'));
  if (!row) return { ...DEFAULT_TAX_SETTINGS, registered: false, updatedAt: null };
  return {
    trn: row.trn,
    legalName: row.legalName,
    address: row.address,
    filingFrequency: row.filingFrequency as FilingFrequency,
    firstPeriodStart: row.firstPeriodStart,
    defaultEmirate: row.defaultEmirate as Emirate,
    registered: true,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function saveTaxSettings(db: Db, userId: string, input: TaxSettingsInput): Promise<TaxSettingsJson> {
  await db.transaction(async (tx) => {
    const before = await getTaxSettings(tx);
    // Filed returns are keyed by their periods: once one exists, the periods cannot be redrawn.
    if (before.registered && (before.filingFrequency !== input.filingFrequency || before.firstPeriodStart !== input.firstPeriodStart)) {
      const [filed] = await tx.select({ id: vatReturns.id }).from(vatReturns).limit(1);
      if (filed) throw unprocessable(returnMessages.settingsLocked, 'vat_settings_locked');
    }
    const values = { ...input, updatedBy: userId, updatedAt: new Date() };
    await tx.insert(taxSettings).values({ id: 'default', ...values }).onConflictDoUpdate({ target: taxSettings.id, set: values });
    await recordAudit(tx, {
      actorId: userId,
      action: 'tax.settings',
      entityType: 'tax_settings',
      entityId: 'default',
      summary: `Saved the VAT registration (TRN ${input.trn}, ${input.filingFrequency} returns)`,
      details: { before, after: input },
    });
  });
  return getTaxSettings(db);
}
