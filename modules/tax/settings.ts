import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { recordAudit } from '../audit';
import { DEFAULT_TAX_SETTINGS, type Emirate, type FilingFrequency, type TaxSettingsInput, type TaxSettingsJson } from './contract';
import { taxSettings } from './schema';

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
