/** Admin writes: create, edit and the status actions (publish, close, …), each audited in its transaction. */
import { count, eq, ilike } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest, conflict, notFound, unprocessable } from '@api/errors';
import { recordAudit } from '../audit';
import { CITY_CODES, fundingTargetOf, PROPERTY_ACTIONS, propertyMessages, propertyYields, slugify, STATUS_LABELS, type PropertyAction, type PropertyDetailJson, type PropertyInput, type PropertyPatch, type PropertyStatus } from './contract';
import { todayInDubai } from '../platform/dates';
import { properties, propertyPhotos, propertyRents, propertyValuations, type Property } from './schema';
import { getProperty, type Actor } from './property-detail';
import { escapeLike } from './list-properties';

async function nextReference(db: Db, city: string): Promise<string> {
  const code = CITY_CODES[city] ?? 'UAE';
  const prefix = `MZ-${code}-`;
  const rows = await db.select({ reference: properties.reference }).from(properties).where(ilike(properties.reference, `${prefix}%`));
  let max = 0;
  for (const r of rows) {
    const n = Number(r.reference.slice(prefix.length));
    if (Number.isInteger(n) && n > max) max = n;
  }
  return `${prefix}${String(max + 1).padStart(3, '0')}`;
}

async function uniqueSlug(db: Db, base: string, exceptId?: string): Promise<string> {
  const root = base || 'property';
  const rows = await db.select({ slug: properties.slug, id: properties.id }).from(properties).where(ilike(properties.slug, `${escapeLike(root)}%`));
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(root)) return root;
  for (let i = 2; ; i++) if (!taken.has(`${root}-${i}`)) return `${root}-${i}`;
}

/** Derived columns: funding target and both yields, from the one formula. */
export function derived(v: Pick<Property, 'sharePrice' | 'totalShares' | 'valuation' | 'annualRent' | 'occupancyBps' | 'serviceCharges' | 'maintenanceCosts' | 'managementFeeBps'>) {
  const fundingTarget = fundingTargetOf(v.sharePrice, v.totalShares);
  if (fundingTarget === null) throw badRequest(propertyMessages.fundingTargetFils, 'validation_failed', { fields: { totalShares: propertyMessages.fundingTargetFils } });
  const y = propertyYields({ ...v, fundingTarget });
  return { fundingTarget, grossYieldBps: y.grossYieldBps, netYieldBps: y.netYieldBps };
}

const isUniqueViolation = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown; message?: string };
  const inner = (e.cause ?? e) as { code?: string; constraint_name?: string; constraint?: string; message?: string };
  return inner.code === '23505' && (inner.constraint_name === constraint || inner.constraint === constraint || (inner.message ?? '').includes(constraint));
};

export async function createProperty(db: Db, input: PropertyInput, actor: Actor): Promise<PropertyDetailJson> {
  const reference = input.reference ?? (await nextReference(db, input.city));
  const slug = input.slug ?? (await uniqueSlug(db, slugify(input.title)));
  if (input.reference) {
    const [dup] = await db.select({ id: properties.id }).from(properties).where(eq(properties.reference, reference));
    if (dup) throw conflict(propertyMessages.referenceTaken(reference), 'reference_taken');
  }
  if (input.slug) {
    const [dup] = await db.select({ id: properties.id }).from(properties).where(eq(properties.slug, slug));
    if (dup) throw conflict(propertyMessages.slugTaken(slug), 'slug_taken');
  }
  const values = {
    ...input,
    reference,
    slug,
    yearBuilt: input.yearBuilt ?? null,
    fundingDeadline: input.fundingDeadline ?? null,
    valuedOn: input.valuedOn ?? todayInDubai(),
    status: 'draft',
    createdBy: actor.id,
  };
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(properties)
        .values({ ...values, ...derived(values) })
        .returning({ id: properties.id });
      await tx.insert(propertyValuations).values({ propertyId: row.id, valuedOn: values.valuedOn, valuation: input.valuation, source: 'At listing', createdBy: actor.id });
      await tx.insert(propertyRents).values({ propertyId: row.id, effectiveOn: values.valuedOn, annualRent: input.annualRent, occupancyBps: input.occupancyBps, note: 'At listing', createdBy: actor.id });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'property.create',
        entityType: 'property',
        entityId: row.id,
        summary: `Created property ${reference} “${input.title}” as a draft`,
        details: { reference, slug, ...input },
        ip: actor.ip,
      });
      return row.id;
    });
    return getProperty(db, id);
  } catch (err) {
    if (isUniqueViolation(err, 'properties_reference_unique')) throw conflict(propertyMessages.referenceTaken(reference), 'reference_taken');
    if (isUniqueViolation(err, 'properties_slug_unique')) throw conflict(propertyMessages.slugTaken(slug), 'slug_taken');
    throw err;
  }
}

const EDITABLE_WHILE_INVESTED = new Set<keyof PropertyPatch>(['sharePrice', 'totalShares']);

export async function updateProperty(db: Db, id: string, patch: PropertyPatch, actor: Actor): Promise<PropertyDetailJson> {
  const changed = Object.entries(patch).filter(([, v]) => v !== undefined) as [keyof PropertyPatch, unknown][];
  if (changed.length === 0) throw badRequest('Send at least one field to change.', 'nothing_to_change');
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
    if (!current) throw notFound(propertyMessages.notFound, 'property_not_found');
    const touchesShares = changed.some(([k, v]) => EDITABLE_WHILE_INVESTED.has(k) && String(v) !== String(current[k as 'sharePrice']));
    if (touchesShares && (current.sharesSold > 0n || current.status === 'funded' || current.status === 'exited')) {
      throw conflict(propertyMessages.lockedWhileInvested, 'shares_locked');
    }
    if (patch.reference && patch.reference !== current.reference) {
      const [dup] = await tx.select({ id: properties.id }).from(properties).where(eq(properties.reference, patch.reference));
      if (dup) throw conflict(propertyMessages.referenceTaken(patch.reference), 'reference_taken');
    }
    if (patch.slug && patch.slug !== current.slug) {
      const [dup] = await tx.select({ id: properties.id }).from(properties).where(eq(properties.slug, patch.slug));
      if (dup) throw conflict(propertyMessages.slugTaken(patch.slug), 'slug_taken');
    }
    const next = { ...current, ...Object.fromEntries(changed) } as Property;
    const d = derived(next);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [k, v] of changed) {
      const old = current[k as keyof Property];
      if (JSON.stringify(old, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) !== JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x))) {
        before[k] = old;
        after[k] = v;
      }
    }
    await tx
      .update(properties)
      .set({ ...Object.fromEntries(changed), ...d, updatedAt: new Date() })
      .where(eq(properties.id, id));
    // A changed valuation or rent is also a point in its history.
    const today = todayInDubai();
    if ('valuation' in after) {
      await tx
        .insert(propertyValuations)
        .values({ propertyId: id, valuedOn: next.valuedOn ?? today, valuation: next.valuation, source: 'Edited listing', createdBy: actor.id })
        .onConflictDoUpdate({ target: [propertyValuations.propertyId, propertyValuations.valuedOn], set: { valuation: next.valuation } });
    }
    if ('annualRent' in after || 'occupancyBps' in after) {
      await tx
        .insert(propertyRents)
        .values({ propertyId: id, effectiveOn: today, annualRent: next.annualRent, occupancyBps: next.occupancyBps, note: 'Edited listing', createdBy: actor.id })
        .onConflictDoUpdate({ target: [propertyRents.propertyId, propertyRents.effectiveOn], set: { annualRent: next.annualRent, occupancyBps: next.occupancyBps } });
    }
    const fields = Object.keys(after);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'property.update',
      entityType: 'property',
      entityId: id,
      summary: fields.length ? `Edited ${current.reference}: ${fields.join(', ')}` : `Saved ${current.reference} without changes`,
      details: { before, after },
      ip: actor.ip,
    });
  });
  return getProperty(db, id);
}

/** What a property lacks before it can open for funding. */
export function publishGaps(p: Property, photoCount: number, today = todayInDubai()): string[] {
  const missing: string[] = [];
  if (photoCount === 0) missing.push('at least one photo');
  if (!p.description.trim()) missing.push('a description');
  if (!p.summary.trim()) missing.push('a summary');
  if (p.annualRent <= 0n) missing.push('the annual rent');
  if (!p.fundingDeadline) missing.push('a funding deadline');
  else if (p.fundingDeadline <= today) missing.push('a funding deadline after today');
  return missing;
}

export async function applyAction(db: Db, id: string, action: PropertyAction, actor: Actor, opts: { note?: string } = {}): Promise<PropertyDetailJson> {
  const rule = PROPERTY_ACTIONS[action];
  await db.transaction(async (tx) => {
    const [p] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
    if (!p) throw notFound(propertyMessages.notFound, 'property_not_found');
    if (!(rule.from as readonly string[]).includes(p.status)) {
      throw conflict(`${STATUS_LABELS[p.status as PropertyStatus]}: this property cannot be moved to “${STATUS_LABELS[rule.to]}”. ${rule.label} works from ${rule.from.map((s) => STATUS_LABELS[s].toLowerCase()).join(' or ')}.`, 'invalid_transition');
    }
    if (action === 'publish') {
      const [{ n }] = await tx.select({ n: count() }).from(propertyPhotos).where(eq(propertyPhotos.propertyId, id));
      const gaps = publishGaps(p, n);
      if (gaps.length) throw unprocessable(propertyMessages.publishNeeds(gaps), 'not_ready_to_publish');
    }
    if (action === 'close' && p.sharesSold > 0n) throw unprocessable(propertyMessages.closeWithInvestors, 'investors_hold_shares');
    if (action === 'funded' && p.sharesSold === 0n) throw unprocessable(propertyMessages.fundedNeedsSales, 'nothing_sold');
    const now = new Date();
    await tx
      .update(properties)
      .set({
        status: rule.to,
        updatedAt: now,
        ...(rule.to === 'funding' || (rule.to === 'coming_soon' && !p.publishedAt) ? { publishedAt: p.publishedAt ?? now } : {}),
        ...(rule.to === 'closed' ? { closedAt: now } : {}),
        ...(action === 'reopen' ? { closedAt: null, publishedAt: null } : {}),
      })
      .where(eq(properties.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: `property.${action}`,
      entityType: 'property',
      entityId: id,
      summary: `${rule.label}: ${p.reference} “${p.title}” (${STATUS_LABELS[p.status as PropertyStatus]} → ${STATUS_LABELS[rule.to]})`,
      details: { from: p.status, to: rule.to, ...(opts.note ? { note: opts.note } : {}) },
      ip: actor.ip,
    });
  });
  return getProperty(db, id);
}
