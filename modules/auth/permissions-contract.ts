/**
 * Staff roles and what each may do (decision 030). Every /api/admin route declares one permission in its
 * `auth` option (`{ auth: 'finance:write' }`); the auth macro lets a staff account through only when its
 * role holds that permission, and the admin app hides what a role cannot use. Pure and browser-safe.
 */

/** Every account role: the investor and the six staff roles ('admin' is the owner/admin). */
export const ROLES = ['investor', 'admin', 'finance', 'compliance', 'operations', 'support', 'auditor'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['admin', 'finance', 'compliance', 'operations', 'support', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: string | null | undefined): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role ?? '');

/** Each permission and what it covers, in the words the admin app shows. */
export const PERMISSIONS = {
  'overview:read': 'the back-office dashboard and API reference',
  'staff:manage': 'staff accounts: invitations, roles and removal',
  'settings:read': 'platform settings',
  'settings:write': 'changing platform settings',
  'audit:read': 'the activity log',
  'investors:read': "investors' accounts and their history",
  'investors:write': 'suspending, closing and resetting investor accounts',
  'kyc:read': 'KYC applications, documents and screening',
  'kyc:write': 'KYC decisions, screening lists and KYC backups',
  'finance:read': 'the books: ledger, receivables, payables, banking, VAT, payroll, stock, sales, wallets, fees and distributions',
  'finance:write': 'posting to the books, approving payments and running fees, payroll and distributions',
  'operations:read': 'properties, investments, SIP and the exchange',
  'operations:write': 'managing properties, SIP runs, the exchange and the liquidity pool',
  'messages:read': 'the inbox, announcements, the waitlist, the outbox and community moderation',
  'messages:write': 'replying, sending announcements and moderating the community',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as Permission[];

const READS = PERMISSION_KEYS.filter((p) => p.endsWith(':read'));

/** The role matrix. The owner/admin holds everything; the auditor reads everything and changes nothing. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSION_KEYS,
  finance: ['overview:read', 'settings:read', 'investors:read', 'finance:read', 'finance:write', 'operations:read'],
  compliance: ['overview:read', 'settings:read', 'audit:read', 'investors:read', 'investors:write', 'kyc:read', 'kyc:write', 'messages:read'],
  operations: ['overview:read', 'settings:read', 'investors:read', 'operations:read', 'operations:write', 'messages:read'],
  support: ['overview:read', 'settings:read', 'investors:read', 'messages:read', 'messages:write'],
  auditor: READS,
};

/** The role names people read. */
export const ROLE_LABELS: Record<Role, string> = {
  investor: 'Investor',
  admin: 'Owner / admin',
  finance: 'Finance',
  compliance: 'Compliance',
  operations: 'Operations',
  support: 'Support',
  auditor: 'Auditor',
};

/** What each staff role is for, shown where a role is chosen. */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: 'Everything, including staff, roles and platform settings.',
  finance: 'The books and ERP, wallets, fees and distributions; reads properties and investors. No KYC.',
  compliance: 'KYC review, screening and investor suspensions; reads the activity log and messages.',
  operations: 'Properties, investments, SIP and the exchange; reads investors and messages.',
  support: 'Reads investors; answers the inbox, sends announcements and moderates the community.',
  auditor: 'Reads everything in the back office and changes nothing.',
};

export const isPermission = (value: string): value is Permission => value in PERMISSIONS;

/** Whether an account with this role holds the permission (investors hold none). */
export function can(role: string, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** A role's permissions (none for an investor). */
export const permissionsOf = (role: string): Permission[] => (isStaffRole(role) ? [...ROLE_PERMISSIONS[role]] : []);

/** Why a staff account is refused: its role and what it lacks, and whom to ask. */
export function permissionDeniedMessage(role: string, permission: Permission): string {
  const label = ROLE_LABELS[role as Role] ?? role;
  return `Your role (${label}) does not include ${PERMISSIONS[permission]}. Ask an owner or admin to change your role if you need it.`;
}

/** The staff roles that hold a permission (for "who may be assigned a conversation", and the like). */
export const rolesWith = (permission: Permission): StaffRole[] => STAFF_ROLES.filter((r) => ROLE_PERMISSIONS[r].includes(permission));
