/**
 * Platform settings with effective dates: read the value in force on a day (one query for all of them), change a
 * setting from today or from a later date, with a reason, audited. Every fee, minimum and threshold the platform
 * charges or enforces is read here, never copied.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest, notFound } from '@api/errors';
import { recordAudit } from '../audit';
import { todayInDubai } from '../platform/dates';
import { RATE_KEYS, SETTINGS, SETTING_KEYS, settingUnit, type SettingChangeJson, type SettingJson, type SettingKey, type SettingsSnapshot } from './contract';
import { platformSettingChanges } from './schema';

/** A raw query's rows on either driver. */
async function q<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

const isKey = (key: string): key is SettingKey => (SETTING_KEYS as string[]).includes(key);
const text = (v: unknown) => String(v);

/** Each setting's value in force on `on` (default today in Dubai), parsed. One query. */
export async function settingsOn(db: Db, on: string = todayInDubai()): Promise<SettingsSnapshot> {
  const rows = await q<{ key: string; value: unknown; effective_from: string }>(
    db,
    sql`select distinct on (key) key, value, effective_from::text from platform_setting_changes where effective_from <= ${on} order by key, effective_from desc, changed_at desc`,
  );
  const byKey = new Map(rows.map((r) => [r.key, text(r.value)]));
  const snap = { on } as SettingsSnapshot;
  for (const key of SETTING_KEYS) (snap as Record<SettingKey, bigint>)[key] = BigInt(byKey.get(key) ?? SETTINGS[key].default);
  const rateKeys: string[] = Object.values(RATE_KEYS);
  const rateDates = rows.filter((r) => rateKeys.includes(r.key)).map((r) => String(r.effective_from).slice(0, 10)).sort();
  snap.ratesFrom = rateDates.at(-1) ?? null;
  return snap;
}

/** The stored value of a setting in force on `on` (default today) as its JSON string form, or its default. */
export async function getSetting(db: Db, key: SettingKey, on: string = todayInDubai()): Promise<string> {
  const [row] = await q<{ value: unknown }>(
    db,
    sql`select value from platform_setting_changes where key = ${key} and effective_from <= ${on} order by effective_from desc, changed_at desc limit 1`,
  );
  return row ? text(row.value) : SETTINGS[key].default;
}

/** The retail investor's annual investment limit in fils (default AED 180,000). */
export const getRetailAnnualLimitFils = async (db: Db) => BigInt(await getSetting(db, 'retailAnnualLimit'));
/** Above this many fils, a wallet adjustment, withdrawal or payroll run needs a second administrator (default AED 10,000). */
export const getFourEyesThresholdFils = async (db: Db) => BigInt(await getSetting(db, 'fourEyesThreshold'));
export const getDistributionApprovalThresholdFils = async (db: Db) => BigInt(await getSetting(db, 'distributionApprovalThreshold'));
/** A purchase request estimated above this many fils needs a second administrator's approval (default AED 5,000). */
export const getPurchaseApprovalThresholdFils = async (db: Db) => BigInt(await getSetting(db, 'purchaseApprovalThreshold'));
/** The three-way match's unit price tolerance in basis points (default 200 = 2%). */
export const getMatchPriceToleranceBps = async (db: Db) => BigInt(await getSetting(db, 'matchPriceToleranceBps'));

/** A rate's values over time: each entry in force from its date until the next (the first is the default, from always). */
export type RateSchedule = { from: string; bps: number }[];

/** Every value a basis-point setting has had or will have, in date order (the latest decided wins on a date). */
export async function rateSchedule(db: Db, key: SettingKey): Promise<RateSchedule> {
  const rows = await q<{ effective_from: string; value: unknown }>(
    db,
    sql`select distinct on (effective_from) effective_from::text, value from platform_setting_changes where key = ${key} order by effective_from, changed_at desc`,
  );
  return [{ from: '0001-01-01', bps: Number(SETTINGS[key].default) }, ...rows.map((r) => ({ from: String(r.effective_from).slice(0, 10), bps: Number(text(r.value)) }))];
}

type ChangeRow = { key: string; value: unknown; effective_from: string; reason: string; changed_at: string | Date; email: string | null };
const changeJson = (r: ChangeRow): SettingChangeJson => ({
  value: text(r.value),
  effectiveFrom: String(r.effective_from).slice(0, 10),
  reason: r.reason,
  changedAt: new Date(r.changed_at).toISOString(),
  changedBy: r.email,
});

export async function listSettings(db: Db): Promise<SettingJson[]> {
  const today = todayInDubai();
  const rows = await q<ChangeRow>(
    db,
    sql`select c.key, c.value, c.effective_from::text, c.reason, c.changed_at, u.email from platform_setting_changes c left join users u on u.id = c.changed_by
        order by c.key, c.effective_from desc, c.changed_at desc`,
  );
  return SETTING_KEYS.map((key) => {
    const def = SETTINGS[key];
    const mine = rows.filter((r) => r.key === key).map(changeJson);
    const current = mine.find((c) => c.effectiveFrom <= today);
    const scheduled = mine.filter((c) => c.effectiveFrom > today).reverse();
    return {
      key,
      group: def.group,
      label: def.label,
      description: def.description,
      unit: settingUnit(key),
      value: current?.value ?? def.default,
      default: def.default,
      effectiveFrom: current?.effectiveFrom ?? null,
      updatedAt: current?.changedAt ?? null,
      updatedBy: current?.changedBy ?? null,
      scheduled: scheduled.map((c) => ({ value: c.value, effectiveFrom: c.effectiveFrom, reason: c.reason, changedBy: c.changedBy })),
    };
  });
}

/** Every change of one setting, latest first. */
export async function settingHistory(db: Db, key: string): Promise<SettingChangeJson[]> {
  if (!isKey(key)) throw notFound(`There is no setting called ${key}.`, 'setting_not_found');
  const rows = await q<ChangeRow>(
    db,
    sql`select c.key, c.value, c.effective_from::text, c.reason, c.changed_at, u.email from platform_setting_changes c left join users u on u.id = c.changed_by
        where c.key = ${key} order by c.effective_from desc, c.changed_at desc limit 200`,
  );
  return rows.map(changeJson);
}

/**
 * Validates and records one change, from today or a later date (never back-dated: what was charged stays as it
 * was charged), recording who changed it from what to what and why.
 */
export async function updateSetting(
  db: Db,
  key: string,
  value: unknown,
  actor: { userId: string; ip?: string | null },
  opts: { effectiveFrom?: string; reason?: string } = {},
): Promise<SettingJson> {
  if (!isKey(key)) throw notFound(`There is no setting called ${key}.`, 'setting_not_found');
  const parsed = SETTINGS[key].schema.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The value is not valid.', 'validation_failed');
  const today = todayInDubai();
  const effectiveFrom = opts.effectiveFrom ?? today;
  if (effectiveFrom < today) throw badRequest('A change takes effect today or later: what was charged before stays as it was.', 'validation_failed');
  const next = String(parsed.data);
  await db.transaction(async (tx) => {
    const before = await getSetting(tx, key, effectiveFrom);
    await tx.insert(platformSettingChanges).values({ key, value: next, effectiveFrom, reason: opts.reason ?? '', changedBy: actor.userId });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'settings.update',
      entityType: 'setting',
      entityId: key,
      summary: `Changed ${SETTINGS[key].label.toLowerCase()} from ${before} to ${next}${effectiveFrom === today ? '' : ` from ${effectiveFrom}`}${opts.reason ? `: ${opts.reason}` : ''}`,
      details: { before, after: next, effectiveFrom, reason: opts.reason ?? '' },
      ip: actor.ip ?? null,
    });
  });
  const all = await listSettings(db);
  return all.find((s) => s.key === key)!;
}
