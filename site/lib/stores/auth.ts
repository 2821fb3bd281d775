import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@modules/auth/contract';
import { ApiError, api } from '../api';
import { userQueryOptions } from '../query';

export const ME_KEY = ['/api/auth/me'] as const;

/** The signed-in user, or null for a visitor (a 401 yields no user, as §6's alternative mode says). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const body = await api.get<{ user?: CurrentUser } | CurrentUser>('/api/auth/me');
    return ('user' in body && body.user ? body.user : body) as CurrentUser;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 404)) return null;
    throw err;
  }
}

export function useCurrentUser() {
  return useQuery({ queryKey: ME_KEY, queryFn: fetchCurrentUser, ...userQueryOptions });
}
