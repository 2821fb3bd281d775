/** The employer's WPS settings and the bank account salaries are paid from. */
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { recordAudit } from '@modules/audit';
import { getBankAccount } from '@modules/banking';
import type { PayrollSettingsJson, SettingsInput } from './contract';
import { payrollSettings } from './schema';
import { settingsJson, settingsRow } from './shared';

export const getPayrollSettings = async (db: Db): Promise<PayrollSettingsJson> => settingsJson(await settingsRow(db));

export async function updatePayrollSettings(db: Db, adminId: string, input: SettingsInput): Promise<PayrollSettingsJson> {
  if (input.bankAccountId) await getBankAccount(db, input.bankAccountId);
  return db.transaction(async (tx) => {
    await settingsRow(tx);
    const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const [row] = await tx.update(payrollSettings).set({ ...set, updatedBy: adminId, updatedAt: new Date() }).where(eq(payrollSettings.id, 1)).returning();
    await recordAudit(tx, { actorId: adminId, action: 'payroll.settings.update', entityType: 'payroll_settings', entityId: null, summary: `Changed the payroll settings: ${Object.keys(set).join(', ') || 'nothing'}` });
    return settingsJson(row!);
  });
}
