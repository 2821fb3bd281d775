/**
 * Small display helpers shared by the property pages (server-rendered) and the invest panel (island).
 * Money stays in fils until formatMoney; percentages come from basis points without floats.
 */
import { formatMoney, moneyShort } from '@modules/platform/contract';
import { bpsToPercent, PROPERTY_TYPE_LABELS, STATUS_LABELS, type PropertyStatus, type PropertyType } from '@modules/properties/contract';

export const aed = (fils: string | bigint, decimals: 0 | 2 = 0) => formatMoney(BigInt(fils), 'AED', { decimals });

/** AED with millions shortened for cards. */
export const aedShort = (fils: string | bigint) => moneyShort(fils, 'AED');

export const pct = (bps: number, decimals = 1) => `${bpsToPercent(bps, decimals)}%`;

export const statusLabel = (s: PropertyStatus) => STATUS_LABELS[s];

export const STATUS_BADGE: Record<PropertyStatus, string> = {
  funding: 'bg-brand-50 text-brand-800 ring-brand-200',
  coming_soon: 'bg-sand-50 text-sand-700 ring-sand-200',
  funded: 'bg-slate-100 text-slate-700 ring-slate-200',
  exited: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  draft: 'bg-amber-50 text-amber-800 ring-amber-200',
  closed: 'bg-rose-50 text-rose-700 ring-rose-200',
};

export function layoutLabel(p: { bedrooms: number; propertyType: PropertyType }): string {
  const type = PROPERTY_TYPE_LABELS[p.propertyType] ?? p.propertyType;
  return p.bedrooms === 0 ? `Studio ${type.toLowerCase()}` : `${p.bedrooms}-bedroom ${type.toLowerCase()}`;
}

export const sqft = (n: number) => `${n.toLocaleString('en-US')} sq ft`;

/** Whole days from today (UTC) to a YYYY-MM-DD date; negative when past. */
export function daysUntil(date: string, today = new Date()): number {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((Date.parse(`${date}T00:00:00Z`) - start) / 86_400_000);
}

export function deadlineText(status: PropertyStatus, deadline: string | null, today = new Date()): string | null {
  if (!deadline) return null;
  if (status !== 'funding' && status !== 'coming_soon') return null;
  const d = daysUntil(deadline, today);
  const when = new Date(`${deadline}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  if (d < 0) return `Funding closed ${when}`;
  if (d === 0) return 'Funding closes today';
  return `Closes in ${d} day${d === 1 ? '' : 's'} · ${when}`;
}

export const dateLabel = (date: string) =>
  new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
