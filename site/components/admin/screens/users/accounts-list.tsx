/** All accounts (GET /api/admin/users on the list contract): search, role and verification filters, sort, CSV; a name opens the account (/admin/users/{id}). */
import { Users as UsersIcon } from 'lucide-react';
import { Link } from 'wouter';
import { isKycVerified, type AdminUserJson } from '@modules/auth/contract';
import { KYC_STATUSES, kycStatusLabels } from '@modules/kyc/contract';
import { USERS_ENDPOINT } from '@site/components/admin/data';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';

const columns = [
  col.custom<AdminUserJson>(
    'name',
    'Name',
    (u) => (
      <Link href={`/admin/users/${u.id}`} className="whitespace-nowrap font-medium text-brand-800 hover:underline">
        {[u.firstName, u.lastName].filter(Boolean).join(' ') || u.email}
        <span className="sr-only">: open the account</span>
      </Link>
    ),
    { sort: 'lastName' },
  ),
  col.text<AdminUserJson>('unicode', 'Unique ID', (u) => u.unicode, { sort: 'unicode', mono: true }),
  col.link<AdminUserJson>('email', 'Email', (u) => ({ href: `mailto:${u.email}`, label: u.email }), { sort: 'email' }),
  col.status<AdminUserJson>('role', 'Role', (u) => u.role, { sort: 'role', tones: { admin: 'brand' } }),
  col.status<AdminUserJson>('standing', 'Standing', (u) => u.standing ?? 'active', { tones: { active: 'success', suspended: 'danger', closed: 'neutral' } }),
  col.status<AdminUserJson>('kyc', 'Verification', (u) => u.kycStatus || 'not_started', {
    sort: 'kycStatus',
    labels: kycStatusLabels,
    tones: (s) => (isKycVerified(s) ? 'brand' : s === 'rejected' ? 'warning' : 'neutral'),
  }),
  col.text<AdminUserJson>('mfa', 'Two-step sign-in', (u) => (u.mfaEnabled ? 'On' : 'Off')),
  col.dateTime<AdminUserJson>('createdAt', 'Joined (UAE time)', (u) => u.createdAt, { sort: 'createdAt' }),
];

const filters: FilterDef[] = [
  {
    type: 'select',
    key: 'role',
    label: 'Role',
    all: 'All roles',
    options: [
      { value: 'investor', label: 'Investors' },
      { value: 'admin', label: 'Admins' },
    ],
  },
  { type: 'select', key: 'kycStatus', label: 'Verification', all: 'Any status', options: KYC_STATUSES.map((s) => ({ value: s, label: kycStatusLabels[s] })) },
];

export function AccountsList() {
  return (
    <AdminTable<AdminUserJson>
      endpoint={USERS_ENDPOINT}
      caption="Accounts"
      columns={columns}
      rowKey={(u) => u.id}
      noun={['account', 'accounts']}
      search={{ placeholder: 'Name, email, username, unique ID or phone' }}
      filters={filters}
      defaultSort="-createdAt"
      minWidth={980}
      empty={{ icon: UsersIcon, title: 'No accounts yet', body: 'Everyone who signs up appears here with their unique ID, verification status and sign-in security.' }}
    />
  );
}
