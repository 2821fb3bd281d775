/**
 * /admin/staff, "Staff & roles": the staff accounts and open invitations (GET /api/admin/staff, an AdminTable), with
 * invite, change role, remove, resend and revoke; and the role–permission matrix, so an owner sees what each role may do.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailPlus, RefreshCw, ShieldCheck, UserCog, UserMinus, Users as UsersIcon, XCircle } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormDialog } from '@site/components/admin/form-dialog';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { AdminTable, col, invalidateAdminList, type FilterDef } from '@site/components/admin/table';
import { Button, ScreenIntro, Section } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { PERMISSION_KEYS, PERMISSIONS, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@modules/auth/permissions-contract';
import { formatDayInDubai } from '@modules/platform/dates';
import { INVITE_TTL_DAYS, type InviteResult, type StaffActionResult, type StaffEntryJson } from '../contract';

export const STAFF_ENDPOINT = '/api/admin/staff';

const roleOptions = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const roleTones: Record<string, 'brand' | 'neutral' | 'warning' | 'success' | 'danger'> = { admin: 'brand' };
const roleLabels = Object.fromEntries(STAFF_ROLES.map((r) => [r, ROLE_LABELS[r]])) as Record<string, string>;

/** What happens to a row: the dialogs below take one of these. */
type Pending =
  | { kind: 'invite' }
  | { kind: 'role'; entry: StaffEntryJson }
  | { kind: 'remove'; entry: StaffEntryJson }
  | { kind: 'revoke'; entry: StaffEntryJson }
  | { kind: 'resend'; entry: StaffEntryJson };

const isExpired = (e: StaffEntryJson) => e.kind === 'invite' && e.expiresAt !== null && new Date(e.expiresAt).getTime() <= Date.now();
const who = (e: StaffEntryJson) => e.name || e.email;
const dateText = (iso: string) => formatDayInDubai(iso);

function standing(e: StaffEntryJson): string {
  if (e.kind === 'member') return e.mfaEnabled ? 'active' : 'mfa_pending';
  return isExpired(e) ? 'invite_expired' : 'invited';
}
const standingLabels: Record<string, string> = {
  active: 'Active, two-factor on',
  mfa_pending: 'Two-factor not set up yet',
  invited: 'Invitation pending',
  invite_expired: 'Invitation expired',
};

function RoleHint({ role }: { role: string }) {
  return <>{ROLE_DESCRIPTIONS[role as StaffRole] ?? ''}</>;
}

/** Invite staff: an email and a role (each role's description shown as it is chosen). */
function InviteDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (message: string) => void }) {
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('finance');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setEmail('');
      setRole('finance');
      setTouched(false);
    }
  }, [open]);
  const run = useMutation({
    mutationFn: () => api.post<InviteResult>(`${STAFF_ENDPOINT}/invites`, { email: email.trim(), role }),
    onSuccess: async (res) => {
      await invalidateAdminList(client, STAFF_ENDPOINT);
      onDone(res.message);
    },
  });
  const emailInvalid = !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  const close = () => (run.reset(), onClose());
  const submit = () => {
    setTouched(true);
    if (!emailInvalid) run.mutate();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Invite staff"
      description={`They receive an email with a link to choose a password; it works once and expires in ${INVITE_TTL_DAYS} days. Staff accounts must set up two-factor verification before anything else.`}
      submitLabel="Send invitation"
      pendingLabel="Sending…"
      pending={run.isPending}
      onSubmit={submit}
      error={run.isError ? errorText(run.error, 'The invitation could not be sent.') : null}
      errorTitle="Not sent"
    >
      <Field label="Email address" type="email" value={email} onChange={setEmail} maxLength={254} error={touched && emailInvalid ? 'Please enter a valid email address' : null} />
      <Select label="Role" value={role} onChange={(v) => setRole(v as StaffRole)} options={roleOptions} hint={<RoleHint role={role} />} />
    </FormDialog>
  );
}

/** Change role: pick the new role, read what it may do, confirm. */
function RoleDialog({ entry, onClose, onDone }: { entry: StaffEntryJson | null; onClose: () => void; onDone: (message: string) => void }) {
  const client = useQueryClient();
  const [role, setRole] = useState<StaffRole>('finance');
  useEffect(() => {
    if (entry) setRole(entry.role);
  }, [entry]);
  const run = useMutation({
    mutationFn: () => api.patch<StaffActionResult>(`${STAFF_ENDPOINT}/${entry!.id}`, { role }),
    onSuccess: async (res) => {
      await invalidateAdminList(client, STAFF_ENDPOINT);
      onDone(res.message);
    },
  });
  const close = () => (run.reset(), onClose());
  const unchanged = entry?.role === role;
  return (
    <Dialog
      open={entry !== null}
      onClose={close}
      title={`Change ${entry ? who(entry) : ''}'s role`}
      description="The new role applies from their next click: screens and actions it does not include disappear for them. The change is kept in the activity log."
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="primary" disabled={run.isPending} unavailable={unchanged ? 'Choose a different role first.' : undefined} onClick={() => run.mutate()}>
            {run.isPending ? 'Saving…' : 'Change role'}
          </Button>
        </>
      }
    >
      {entry ? <p className="mb-3 text-sm text-slate-600">Now: {ROLE_LABELS[entry.role]}</p> : null}
      <Select label="New role" value={role} onChange={(v) => setRole(v as StaffRole)} options={roleOptions} hint={<RoleHint role={role} />} />
      {run.isError && (
        <div className="mt-3">
          <ErrorNote>{errorText(run.error, 'The role could not be changed.')}</ErrorNote>
        </div>
      )}
    </Dialog>
  );
}

/** Remove, revoke and resend: say what will happen, then do it. */
function ConfirmDialog({ pending, onClose, onDone }: { pending: Extract<Pending, { kind: 'remove' | 'revoke' | 'resend' }> | null; onClose: () => void; onDone: (message: string) => void }) {
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: () => {
      const e = pending!.entry;
      if (pending!.kind === 'remove') return api.delete<StaffActionResult>(`${STAFF_ENDPOINT}/${e.id}`);
      if (pending!.kind === 'revoke') return api.delete<StaffActionResult>(`${STAFF_ENDPOINT}/invites/${e.id}`);
      return api.post<StaffActionResult>(`${STAFF_ENDPOINT}/invites/${e.id}/resend`);
    },
    onSuccess: async (res) => {
      await invalidateAdminList(client, STAFF_ENDPOINT);
      onDone(res.message);
    },
  });
  const close = () => (run.reset(), onClose());
  const e = pending?.entry;
  const text =
    pending?.kind === 'remove'
      ? { title: `Remove ${e ? who(e) : ''}?`, description: 'Their sessions end at once and the account is closed: they can no longer sign in. The activity log keeps what they did.', confirm: 'Remove from staff' }
      : pending?.kind === 'revoke'
        ? { title: `Revoke the invitation to ${e?.email ?? ''}?`, description: 'The link in their email stops working. You can invite them again later.', confirm: 'Revoke invitation' }
        : { title: `Send a new link to ${e?.email ?? ''}?`, description: `The old link stops working; the new one expires in ${INVITE_TTL_DAYS} days.`, confirm: 'Send new link' };
  return (
    <Dialog
      open={pending !== null}
      onClose={close}
      title={text.title}
      description={text.description}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="primary" disabled={run.isPending} onClick={() => run.mutate()}>
            {run.isPending ? 'Working…' : text.confirm}
          </Button>
        </>
      }
    >
      {run.isError && <ErrorNote>{errorText(run.error, 'That could not be done.')}</ErrorNote>}
    </Dialog>
  );
}

/** Roles × permissions, read from the same matrix the server enforces. */
export function PermissionMatrix() {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[760px] text-sm">
        <caption className="sr-only">What each staff role may do</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              Permission
            </th>
            {STAFF_ROLES.map((r) => (
              <th key={r} scope="col" className="px-3 py-3 text-center">
                {ROLE_LABELS[r]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {PERMISSION_KEYS.map((p) => (
            <tr key={p}>
              <th scope="row" className="px-4 py-2.5 text-left font-normal text-slate-700">
                <span className="block font-medium text-ink">{p}</span>
                <span className="block text-xs text-slate-500">{PERMISSIONS[p]}</span>
              </th>
              {STAFF_ROLES.map((r) => {
                const yes = ROLE_PERMISSIONS[r].includes(p);
                return (
                  <td key={r} className="px-3 py-2.5 text-center">
                    {yes ? <ShieldCheck className="mx-auto h-4 w-4 text-brand-700" aria-hidden="true" /> : <span aria-hidden="true" className="text-slate-300">—</span>}
                    <span className="sr-only">{yes ? 'Yes' : 'No'}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function StaffScreen() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState('');
  const done = useCallback((message: string) => {
    setPending(null);
    setNotice(message);
  }, []);
  const close = useCallback(() => setPending(null), []);

  const filters = useMemo<FilterDef[]>(
    () => [
      { type: 'select', key: 'kind', label: 'Show', all: 'Staff and invitations', options: [{ value: 'member', label: 'Staff accounts' }, { value: 'invite', label: 'Invitations' }] },
      { type: 'select', key: 'role', label: 'Role', all: 'All roles', options: roleOptions },
    ],
    [],
  );
  const columns = useMemo(
    () => [
      col.custom<StaffEntryJson>(
        'name',
        'Name',
        (e) => (
          <>
            <span className="block font-medium text-ink">{e.name || (e.kind === 'invite' ? 'Invited' : e.email)}</span>
            <span className="block text-xs text-slate-500">{e.email}</span>
          </>
        ),
        { sort: 'name' },
      ),
      col.status<StaffEntryJson>('role', 'Role', (e) => e.role, { sort: 'role', labels: roleLabels, tones: roleTones }),
      col.status<StaffEntryJson>('standing', 'Status', standing, { labels: standingLabels, tones: { active: 'success', mfa_pending: 'warning', invited: 'neutral', invite_expired: 'warning' } }),
      col.custom<StaffEntryJson>('since', 'Since', (e) =>
        e.kind === 'invite' ? (
          <span className="text-xs text-slate-600">
            Invited {dateText(e.createdAt)}
            {e.invitedBy ? ` by ${e.invitedBy}` : ''}
            <span className="block">{isExpired(e) ? 'Expired' : 'Expires'} {dateText(e.expiresAt!)}</span>
          </span>
        ) : (
          <span className="text-xs text-slate-600">Joined {dateText(e.createdAt)}</span>
        ),
        { sort: 'createdAt' },
      ),
      col.custom<StaffEntryJson>('actions', 'Actions', (e) =>
        e.kind === 'member' ? (
          <div className="flex flex-wrap gap-2">
            <Button icon={UserCog} unavailable={e.isSelf ? 'You cannot change your own role. Ask another owner or admin.' : undefined} onClick={() => setPending({ kind: 'role', entry: e })}>
              Change role<span className="sr-only"> of {who(e)}</span>
            </Button>
            <Button icon={UserMinus} unavailable={e.isSelf ? 'You cannot remove your own account.' : undefined} onClick={() => setPending({ kind: 'remove', entry: e })}>
              Remove<span className="sr-only"> {who(e)}</span>
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button icon={RefreshCw} onClick={() => setPending({ kind: 'resend', entry: e })}>
              Resend<span className="sr-only"> the invitation to {e.email}</span>
            </Button>
            <Button icon={XCircle} onClick={() => setPending({ kind: 'revoke', entry: e })}>
              Revoke<span className="sr-only"> the invitation to {e.email}</span>
            </Button>
          </div>
        ),
      ),
    ],
    [],
  );

  return (
    <>
      <ScreenIntro
        description="Who works in the back office and what their role lets them do. Invite people by email; they choose a password and must set up two-factor verification before anything else. Every change is kept in the activity log."
        actions={
          <Button variant="primary" icon={MailPlus} onClick={() => setPending({ kind: 'invite' })}>
            Invite staff
          </Button>
        }
      />
      <p role="status" aria-live="polite" className={notice ? 'mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900' : 'sr-only'}>
        {notice}
      </p>
      <div className="mt-6">
        <AdminTable<StaffEntryJson>
          endpoint={STAFF_ENDPOINT}
          caption="Staff and invitations"
          columns={columns}
          rowKey={(e) => `${e.kind}:${e.id}`}
          noun={['person', 'people']}
          search={{ placeholder: 'Name or email' }}
          filters={filters}
          defaultSort="kind"
          exportable={false}
          minWidth={900}
          empty={{ icon: UsersIcon, title: 'No staff yet', body: 'Invite someone to give them a role in the back office.' }}
        />
      </div>
      <Section title="What each role can do" description="The same matrix the server enforces on every back-office request." className="mt-10">
        <PermissionMatrix />
      </Section>
      <InviteDialog open={pending?.kind === 'invite'} onClose={close} onDone={done} />
      <RoleDialog entry={pending?.kind === 'role' ? pending.entry : null} onClose={close} onDone={done} />
      <ConfirmDialog pending={pending && (pending.kind === 'remove' || pending.kind === 'revoke' || pending.kind === 'resend') ? pending : null} onClose={close} onDone={done} />
    </>
  );
}
