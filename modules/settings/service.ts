import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest, notFound } from '@api/errors';
import { recordAudit } from '../audit';
import { users } from '../auth/schema';
import { SETTINGS, SETTING_KEYS, settingUnit, type SettingJson, type SettingKey } from './contract';
import { platformSettings } from './schema';

const isKey = (key: string): key is SettingKey => (SETTING_KEYS as string[]).includes(key);

/** The stored value of a setting as its JSON string form, or its default. */
export async function getSetting(db: Db, key: SettingKey): Promise<string> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, key));
  return row ? String(row.value) : SETTINGS[key].default;
}

/** The retail investor's annual investment limit in fils (default AED 180,000). */
export async function getRetailAnnualLimitFils(db: Db): Promise<bigint> {
  return BigInt(await getSetting(db, 'retailAnnualLimit'));
}

/** Above this many fils, a wallet adjustment or withdrawal needs a second administrator (default AED 10,000). */
export async function getFourEyesThresholdFils(db: Db): Promise<bigint> {
  return BigInt(await getSetting(db, 'fourEyesThreshold'));
}

export async function getDistributionApprovalThresholdFils(db: Db): Promise<bigint> {
  return BigInt(await getSetting(db, 'distributionApprovalThreshold'));
}

/** A purchase request estimated above this many fils needs a second administrator's approval (default AED 5,000). */
export async function getPurchaseApprovalThresholdFils(db: Db): Promise<bigint> {
  return BigInt(await getSetting(db, 'purchaseApprovalThreshold'));
}

/** The three-way match's unit price tolerance in basis points (default 200 = 2%). */
export async function getMatchPriceToleranceBps(db: Db): Promise<bigint> {
  return BigInt(await getSetting(db, 'matchPriceToleranceBps'));
}

export async function listSettings(db: Db): Promise<SettingJson[]> {
  const rows = await db
    .select({ key: platformSettings.key, value: platformSettings.value, updatedAt: platformSettings.updatedAt, email: users.email })
    .from(platformSettings)
    .leftJoin(users, eq(users.id, platformSettings.updatedBy));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return SETTING_KEYS.map((key) => {
    const row = byKey.get(key);
    const def = SETTINGS[key];
    return {
      key,
      label: def.label,
      description: def.description,
      unit: settingUnit(key),
      value: row ? String(row.value) : def.default,
      default: def.default,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.email ?? null,
    };
  });
}

/** Validates and stores one setting, recording who changed it from what to what. */
export async function updateSetting(db: Db, key: string, value: unknown, actor: { userId: string; ip?: string | null }): Promise<SettingJson> {
  if (!isKey(key)) throw notFound(`There is no setting called ${key}.`, 'setting_not_found');
  const parsed = SETTINGS[key].schema.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The value is not valid.', 'validation_failed');
  const next = String(parsed.data);
  await db.transaction(async (tx) => {
    const before = await getSetting(tx, key);
    await tx
      .insert(platformSettings)
      .values({ key, value: next, updatedBy: actor.userId })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: next, updatedBy: actor.userId, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'settings.update',
      entityType: 'setting',
      entityId: key,
      summary: `Changed ${SETTINGS[key].label.toLowerCase()} from ${before} to ${next}`,
      details: { before, after: next },
      ip: actor.ip ?? null,
    });
  });
  const all = await listSettings(db);
  return all.find((s) => s.key === key)!;
}
