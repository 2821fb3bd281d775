/**
 * The fees, minimums and limits in force, as investors' screens read them (GET /api/settings/public): one
 * cached query per page, so an admin's change reaches every screen, quote and planner without a copy here.
 */
import { useQuery } from '@tanstack/react-query';
import type { PublicSettingsJson } from '../contract';

export const PUBLIC_SETTINGS_URL = '/api/settings/public';

export const usePublicSettings = () => useQuery<PublicSettingsJson>({ queryKey: [PUBLIC_SETTINGS_URL], staleTime: 60_000 });
