/**
 * Which permission opens each back-office screen (the server enforces the same permissions on every
 * /api/admin call; this only decides what the app shows). A screen missing here is refused to everyone
 * but the owner, and access.test.ts fails, so a new screen must name its permission.
 */
import { can, PERMISSIONS, ROLE_LABELS, type Permission, type Role } from '@modules/auth/permissions-contract';
import { buildNavigation, type ResolvedAdminRoute } from './routing';

export const SCREEN_PERMISSIONS: Record<string, Permission> = {
  dashboard: 'overview:read',
  notifications: 'overview:read',
  'api-reference': 'overview:read',
  activity: 'audit:read',
  users: 'investors:read',
  'user-detail': 'investors:read',
  'wallet-management': 'finance:read',
  'document-center': 'kyc:read',
  kyc: 'kyc:read',
  'kyc-backup': 'kyc:write',
  waitlist: 'messages:read',
  communications: 'messages:read',
  community: 'messages:read',
  staff: 'staff:manage',
  settings: 'settings:read',
  properties: 'operations:read',
  investments: 'operations:read',
  'sip-allocation': 'operations:read',
  exchange: 'operations:read',
  'market-data': 'operations:read',
  'property-books': 'finance:read',
  distributions: 'finance:read',
  fees: 'finance:read',
  'data-trackers': 'finance:read',
  financial: 'finance:read',
  erp: 'finance:read',
  'accounting-ledger': 'finance:read',
  'chart-of-accounts': 'finance:read',
  'journal-entries': 'finance:read',
  'cost-centers': 'finance:read',
  'cost-center-create': 'finance:write',
  'cost-center-reports': 'finance:read',
  'budget-management': 'finance:read',
  'financial-reports': 'finance:read',
  invoicing: 'finance:read',
  purchase: 'finance:read',
  inventory: 'finance:read',
  sales: 'finance:read',
  tax: 'finance:read',
  payroll: 'finance:read',
  'erp-dashboards': 'finance:read',
};

/** The permission a screen needs ('staff:manage' — the owner's — for a screen nobody mapped). */
export const screenPermission = (screen: string): Permission => SCREEN_PERMISSIONS[screen] ?? 'staff:manage';

type Who = { role: string; permissions?: readonly string[] };

/** Whether this staff account holds a permission (from /api/auth/me, else its role). */
export const holds = (who: Who, permission: Permission) => (who.permissions ? who.permissions.includes(permission) : can(who.role, permission));

/** Whether this staff account may open the route's screen. */
export const mayOpen = (who: Who, route: ResolvedAdminRoute) => route.kind !== 'screen' || holds(who, screenPermission(route.screen));

/** Why a screen is not shown: the role, and what the screen needs that the role lacks. */
export function notPermittedReason(who: Who, screen: string): string {
  const permission = screenPermission(screen);
  return `Your role (${ROLE_LABELS[who.role as Role] ?? who.role}) does not include ${PERMISSIONS[permission]}.`;
}

/** The sidebar this staff account sees: only the screens its role opens. */
export const navigationFor = (who: Who) => buildNavigation((screen) => holds(who, screenPermission(screen)));

/**
 * A screen this account may read but not change (the auditor everywhere; finance on properties…): what to tell
 * it above the screen, or null. The server refuses the changes regardless; this says so before anyone tries.
 */
export function readOnlyNotice(who: Who, screen: string): string | null {
  const permission = screenPermission(screen);
  if (!permission.endsWith(':read')) return null;
  const write = permission.replace(/:read$/, ':write');
  if (!(write in PERMISSIONS) || holds(who, write as Permission)) return null;
  return `Read only: your role (${ROLE_LABELS[who.role as Role] ?? who.role}) can look here but does not include ${PERMISSIONS[write as Permission]}.`;
}
