/** The signed-in staff member's permissions as a test: `const may = useMay(); may('kyc:read')`. */
import { useCallback } from 'react';
import type { Permission } from '@modules/auth/permissions-contract';
import { useCurrentUser } from '@site/lib/stores/auth';
import { holds } from './access';

export function useMay(): (permission: Permission) => boolean {
  const me = useCurrentUser();
  const user = me.data;
  return useCallback((permission: Permission) => Boolean(user && holds(user, permission)), [user]);
}
