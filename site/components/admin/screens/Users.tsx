import { ChevronLeft, ChevronRight, Download, RefreshCw, UserPlus, Users as UsersIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { isKycVerified } from '../../../../modules/auth/contract';
import { toast } from '../../../lib/stores/toast';
import { csvFilename, downloadCsv, toCsv } from '../csv';
import { USERS_ENDPOINT, statusLabel, usersCsvColumns, type AdminUserRow } from '../data';
import { ListError, LoadingRows, PAGE_SIZE, matchesSearch, useAdminList } from '../lists';
import { Badge, Button, DataTable, EmptyState, ListCard, ScreenIntro, SearchField, SelectField, Toolbar, notConnected } from '../ui';

const columns = [
  { key: 'name', label: 'Name' },
  { key: 'id', label: 'Unique ID' },
  { key: 'email', label: 'Email' },
  { key: 'role', label: 'Role' },
  { key: 'kyc', label: 'Verification' },
  { key: 'mfa', label: 'Two-step sign-in' },
];

export default function Users() {
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [kyc, setKyc] = useState('');
  // This list has no total: a full page means there may be another.
  const list = useAdminList<AdminUserRow>(USERS_ENDPOINT, offset);
  const items = list.data?.items ?? [];

  const shown = useMemo(
    () =>
      items.filter(
        (u) =>
          matchesSearch([`${u.firstName} ${u.lastName}`, u.email, u.unicode], search) &&
          (role === '' || u.role === role) &&
          (kyc === '' || (kyc === 'verified') === isKycVerified(u.kycStatus)),
      ),
    [items, search, role, kyc],
  );

  const exportCsv = () => {
    const filename = csvFilename('accounts');
    downloadCsv(filename, toCsv(usersCsvColumns, shown));
    toast({ title: 'Export ready', description: `${shown.length} ${shown.length === 1 ? 'account' : 'accounts'} saved to ${filename}.`, variant: 'success' });
  };

  let empty;
  if (list.isError) empty = <ListError error={list.error} what="accounts" onRetry={() => void list.refetch()} />;
  else if (items.length === 0)
    empty = (
      <EmptyState icon={UsersIcon} title={offset === 0 ? 'No accounts yet' : 'No more accounts'}>
        {offset === 0 ? 'Everyone who signs up appears here with their unique ID, verification status and sign-in security.' : 'That was the last page.'}
      </EmptyState>
    );
  else empty = <EmptyState title="No matches on this page">No account on this page matches the search or filters.</EmptyState>;

  const page = Math.floor(offset / PAGE_SIZE) + 1;
  return (
    <>
      <ScreenIntro
        description="Everyone with a Manzil account, newest first: who they are, whether their identity is verified, and whether they protect sign-in with a second step."
        actions={
          <>
            <Button icon={UserPlus} unavailable={notConnected('Inviting team members')}>
              Invite admin
            </Button>
            <Button icon={RefreshCw} onClick={() => void list.refetch()} disabled={list.isFetching}>
              {list.isFetching && !list.isPending ? 'Refreshing…' : 'Refresh'}
            </Button>
            <Button variant="primary" icon={Download} onClick={exportCsv} disabled={shown.length === 0}>
              Export CSV
            </Button>
          </>
        }
      />
      <ListCard
        toolbar={
          <Toolbar label="Filter accounts">
            <SearchField label="Search this page" value={search} onChange={setSearch} placeholder="Name, email or unique ID" />
            <SelectField
              label="Role"
              value={role}
              onChange={setRole}
              options={[
                { value: '', label: 'All roles' },
                { value: 'investor', label: 'Investors' },
                { value: 'admin', label: 'Admins' },
              ]}
            />
            <SelectField
              label="Verification"
              value={kyc}
              onChange={setKyc}
              options={[
                { value: '', label: 'Any status' },
                { value: 'verified', label: 'Verified' },
                { value: 'unverified', label: 'Not verified' },
              ]}
            />
          </Toolbar>
        }
        footer={
          list.data && (offset > 0 || items.length === PAGE_SIZE) ? (
            <nav aria-label="Account pages" className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
              <p aria-live="polite">
                Page {page} · {items.length} accounts
              </p>
              <div className="flex gap-2">
                <Button icon={ChevronLeft} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))} disabled={list.isFetching || offset === 0}>
                  Previous
                </Button>
                <Button onClick={() => setOffset(offset + PAGE_SIZE)} disabled={list.isFetching || items.length < PAGE_SIZE}>
                  Next
                  <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
            </nav>
          ) : null
        }
      >
        {list.isPending ? <p className="sr-only" role="status">Loading accounts…</p> : null}
        <DataTable caption="Accounts" columns={columns} empty={empty} minWidth={820}>
          {list.isPending
            ? [<LoadingRows key="loading" columns={columns.length} />]
            : list.isError
              ? []
              : shown.map((u) => (
                  <tr key={u.id} className="hover:bg-slate-50/70">
                    <td className="px-4 py-3 font-medium text-ink">{[u.firstName, u.lastName].filter(Boolean).join(' ')}</td>
                    <td className="px-4 py-3 font-mono text-xs text-slate-600">{u.unicode}</td>
                    <td className="px-4 py-3">
                      <a href={`mailto:${u.email}`} className="text-brand-800 hover:underline">
                        {u.email}
                      </a>
                    </td>
                    <td className="px-4 py-3">{u.role === 'admin' ? <Badge tone="brand">Admin</Badge> : <span className="text-slate-600">Investor</span>}</td>
                    <td className="px-4 py-3">
                      <Badge tone={isKycVerified(u.kycStatus) ? 'brand' : u.kycStatus === 'rejected' ? 'warning' : 'neutral'}>{statusLabel(u.kycStatus)}</Badge>
                    </td>
                    <td className="px-4 py-3 text-slate-600">{u.mfaEnabled ? 'On' : 'Off'}</td>
                  </tr>
                ))}
        </DataTable>
      </ListCard>
    </>
  );
}
