/** Market data: a property's valuation and rent history, and the market index figures. */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound, unprocessable } from '@api/errors';
import { recordAudit } from '../audit';
import { MARKET_SERIES, type marketFigureInput, type rentInput, type valuationInput } from './contract';
import { marketIndexFigures, properties, propertyRents, propertyValuations, type Property } from './schema';
import type { z } from 'zod';
import { requireProperty, type Actor } from './property-detail';
import { derived } from './property-writes';

export type HistoryJson = {
  property: { id: string; reference: string; title: string; valuation: string; annualRent: string; occupancyBps: number; grossYieldBps: number; netYieldBps: number };
  valuations: { id: string; valuedOn: string; valuation: string; source: string; note: string }[];
  rents: { id: string; effectiveOn: string; annualRent: string; occupancyBps: number; note: string }[];
};

export async function propertyHistory(db: Db, id: string): Promise<HistoryJson> {
  const p = await requireProperty(db, id);
  const [valuations, rents] = await Promise.all([
    db.select().from(propertyValuations).where(eq(propertyValuations.propertyId, id)).orderBy(asc(propertyValuations.valuedOn)),
    db.select().from(propertyRents).where(eq(propertyRents.propertyId, id)).orderBy(asc(propertyRents.effectiveOn)),
  ]);
  return {
    property: { id: p.id, reference: p.reference, title: p.title, valuation: p.valuation.toString(), annualRent: p.annualRent.toString(), occupancyBps: p.occupancyBps, grossYieldBps: p.grossYieldBps, netYieldBps: p.netYieldBps },
    valuations: valuations.map((v) => ({ id: v.id, valuedOn: v.valuedOn, valuation: v.valuation.toString(), source: v.source, note: v.note })),
    rents: rents.map((r) => ({ id: r.id, effectiveOn: r.effectiveOn, annualRent: r.annualRent.toString(), occupancyBps: r.occupancyBps, note: r.note })),
  };
}

/** Re-reads the latest valuation and rent into the property row and recomputes its yields. */
async function refreshLatest(tx: Db, p: Property): Promise<void> {
  const [latestV] = await tx.select().from(propertyValuations).where(eq(propertyValuations.propertyId, p.id)).orderBy(desc(propertyValuations.valuedOn)).limit(1);
  const [latestR] = await tx.select().from(propertyRents).where(eq(propertyRents.propertyId, p.id)).orderBy(desc(propertyRents.effectiveOn)).limit(1);
  const next = {
    ...p,
    valuation: latestV?.valuation ?? p.valuation,
    valuedOn: latestV?.valuedOn ?? p.valuedOn,
    annualRent: latestR?.annualRent ?? p.annualRent,
    occupancyBps: latestR?.occupancyBps ?? p.occupancyBps,
  };
  const d = derived(next);
  await tx
    .update(properties)
    .set({ valuation: next.valuation, valuedOn: next.valuedOn, annualRent: next.annualRent, occupancyBps: next.occupancyBps, grossYieldBps: d.grossYieldBps, netYieldBps: d.netYieldBps, updatedAt: new Date() })
    .where(eq(properties.id, p.id));
}

export async function recordValuation(db: Db, id: string, input: z.output<typeof valuationInput>, actor: Actor): Promise<HistoryJson> {
  await db.transaction(async (tx) => {
    const p = await requireProperty(tx, id);
    await tx
      .insert(propertyValuations)
      .values({ propertyId: id, valuedOn: input.valuedOn, valuation: input.valuation, source: input.source, note: input.note, createdBy: actor.id })
      .onConflictDoUpdate({ target: [propertyValuations.propertyId, propertyValuations.valuedOn], set: { valuation: input.valuation, source: input.source, note: input.note, createdBy: actor.id } });
    await refreshLatest(tx, p);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'property.valuation',
      entityType: 'property',
      entityId: id,
      summary: `Recorded a valuation of ${p.reference} on ${input.valuedOn}`,
      details: { ...input, previous: p.valuation },
      ip: actor.ip,
    });
  });
  return propertyHistory(db, id);
}

export async function recordRent(db: Db, id: string, input: z.output<typeof rentInput>, actor: Actor): Promise<HistoryJson> {
  await db.transaction(async (tx) => {
    const p = await requireProperty(tx, id);
    await tx
      .insert(propertyRents)
      .values({ propertyId: id, effectiveOn: input.effectiveOn, annualRent: input.annualRent, occupancyBps: input.occupancyBps, note: input.note, createdBy: actor.id })
      .onConflictDoUpdate({ target: [propertyRents.propertyId, propertyRents.effectiveOn], set: { annualRent: input.annualRent, occupancyBps: input.occupancyBps, note: input.note, createdBy: actor.id } });
    await refreshLatest(tx, p);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'property.rent',
      entityType: 'property',
      entityId: id,
      summary: `Recorded rent for ${p.reference} from ${input.effectiveOn}`,
      details: { ...input, previousRent: p.annualRent, previousOccupancyBps: p.occupancyBps },
      ip: actor.ip,
    });
  });
  return propertyHistory(db, id);
}

async function deleteHistoryRow(db: Db, id: string, kind: 'valuation' | 'rent', rowId: string, actor: Actor): Promise<HistoryJson> {
  await db.transaction(async (tx) => {
    const p = await requireProperty(tx, id);
    const table = kind === 'valuation' ? propertyValuations : propertyRents;
    const [{ n }] = await tx.select({ n: count() }).from(table).where(eq(table.propertyId, id));
    if (n <= 1) throw unprocessable(`A property keeps at least one ${kind} record. Record a new one instead.`, `last_${kind}`);
    const [gone] = await tx.delete(table).where(and(eq(table.id, rowId), eq(table.propertyId, id))).returning();
    if (!gone) throw notFound(`There is no such ${kind} record on this property.`, `${kind}_not_found`);
    await refreshLatest(tx, p);
    await recordAudit(tx, { actorId: actor.id, action: `property.${kind}.remove`, entityType: 'property', entityId: id, summary: `Removed a ${kind} record of ${p.reference}`, details: { removed: gone }, ip: actor.ip });
  });
  return propertyHistory(db, id);
}
export const removeValuation = (db: Db, id: string, rowId: string, actor: Actor) => deleteHistoryRow(db, id, 'valuation', rowId, actor);
export const removeRent = (db: Db, id: string, rowId: string, actor: Actor) => deleteHistoryRow(db, id, 'rent', rowId, actor);

export type MarketSeriesJson = { key: string; name: string; region: string; unit: string; figures: { id: string; period: string; value: string; source: string }[] };

export async function listMarketFigures(db: Db): Promise<MarketSeriesJson[]> {
  const rows = await db.select().from(marketIndexFigures).orderBy(asc(marketIndexFigures.series), asc(marketIndexFigures.period));
  return MARKET_SERIES.map((s) => ({
    ...s,
    figures: rows.filter((r) => r.series === s.key).map((r) => ({ id: r.id, period: r.period.slice(0, 7), value: r.value.toString(), source: r.source })),
  }));
}

export async function recordMarketFigure(db: Db, input: z.output<typeof marketFigureInput>, actor: Actor): Promise<MarketSeriesJson[]> {
  const series = MARKET_SERIES.find((s) => s.key === input.series)!;
  await db.transaction(async (tx) => {
    const period = `${input.month}-01`;
    const [previous] = await tx.select().from(marketIndexFigures).where(and(eq(marketIndexFigures.series, input.series), eq(marketIndexFigures.period, period)));
    await tx
      .insert(marketIndexFigures)
      .values({ series: input.series, period, value: input.value, source: input.source, createdBy: actor.id })
      .onConflictDoUpdate({ target: [marketIndexFigures.series, marketIndexFigures.period], set: { value: input.value, source: input.source, createdBy: actor.id } });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'market.figure',
      entityType: 'market_index',
      entityId: `${input.series}:${input.month}`,
      summary: `${previous ? 'Corrected' : 'Recorded'} ${series.name} for ${input.month}`,
      details: { ...input, previous: previous?.value ?? null },
      ip: actor.ip,
    });
  });
  return listMarketFigures(db);
}

export async function removeMarketFigure(db: Db, figureId: string, actor: Actor): Promise<MarketSeriesJson[]> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(marketIndexFigures).where(eq(marketIndexFigures.id, figureId)).returning();
    if (!gone) throw notFound('There is no such market figure.', 'figure_not_found');
    const series = MARKET_SERIES.find((s) => s.key === gone.series);
    await recordAudit(tx, { actorId: actor.id, action: 'market.figure.remove', entityType: 'market_index', entityId: `${gone.series}:${gone.period.slice(0, 7)}`, summary: `Removed ${series?.name ?? gone.series} for ${gone.period.slice(0, 7)}`, details: { removed: gone }, ip: actor.ip });
  });
  return listMarketFigures(db);
}
