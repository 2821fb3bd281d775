/**
 * The fees, minimums and limits in force, as investors' screens read them (GET /api/settings/public): one
 * cached query per page, so an admin's change reaches every screen, quote and planner without a copy here.
 */
import { useQuery } from '@tanstack/react-query';
import type { PublicSettingsJson } from '../contract';

export const PUBLIC_SETTINGS_URL = '/api/settings/public';

export const usePublicSettings = () => useQuery<PublicSettingsJson>({ queryKey: [PUBLIC_SETTINGS_URL], staleTime: 60_000 });

/** Basis points as a percentage label: 50 → "0.5%", 250 → "2.5%", 20 → "0.2%". */
export function bpsLabel(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = String(bps % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}%` : `${whole}%`;
}
