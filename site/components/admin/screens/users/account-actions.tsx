/**
 * The actions on an investor account, each behind a dialog that asks for the reason (kept in the audit
 * log): suspend / unsuspend, reset two-factor verification, resend the verification email, export the
 * investor's data (a JSON download) and close the account.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Download, KeyRound, Mail, RotateCcw, UserX } from 'lucide-react';
import { useState } from 'react';
import { reasonInput, type UserActionResult, type UserDetailJson } from '@modules/investor-admin/contract';
import { isKycVerified } from '@modules/auth/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { Dialog, ErrorNote } from '../../ledger/parts';
import { ReasonField } from '../../money/WalletDialogs';
import { Button } from '../../ui';

type ActionKey = 'suspend' | 'unsuspend' | 'reset-mfa' | 'resend-verification' | 'data-export' | 'close';

const ACTIONS: Record<ActionKey, { label: string; title: string; confirm: string; danger?: boolean; explain: (name: string) => string }> = {
  suspend: {
    label: 'Suspend',
    title: 'Suspend this account',
    confirm: 'Suspend the account',
    explain: (n) => `${n} is signed out everywhere at once, cannot sign in, and cannot deposit, withdraw, invest or trade until the suspension is lifted. Open exchange orders are cancelled and their holds released; monthly plans skip their collections.`,
  },
  unsuspend: { label: 'Lift suspension', title: 'Lift the suspension', confirm: 'Lift the suspension', explain: (n) => `${n} can sign in and move money again.` },
  'reset-mfa': {
    label: 'Reset MFA',
    title: 'Reset two-factor verification',
    confirm: 'Reset two-factor verification',
    explain: (n) => `Use this only after checking who is asking (for example a lost phone). ${n}'s authenticator and recovery codes stop working and every session ends; they can set up two-factor verification again after signing in.`,
  },
  'resend-verification': { label: 'Resend verification', title: 'Resend the verification email', confirm: 'Send the email', explain: (n) => `${n} receives an email with the link to verify their identity.` },
  'data-export': {
    label: 'Export data',
    title: "Export the investor's data",
    confirm: 'Download the export',
    explain: (n) => `A data-subject request: a JSON file with ${n}'s profile, KYC metadata (not the documents), wallet transactions, holdings, orders, SIP plans, distributions, notifications, sessions and audit trail.`,
  },
  close: {
    label: 'Close account',
    title: 'Close this account',
    confirm: 'Close the account for good',
    explain: (n) => `Only possible with an empty wallet and no shares. ${n}'s name, email, phone and password are removed and the account can never sign in again; the KYC file, transactions and ledger are kept as the law requires. This cannot be undone.`,
  },
};

function download(filename: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ActionDialog({ action, user, onClose }: { action: ActionKey | null; user: UserDetailJson; onClose: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const spec = action ? ACTIONS[action] : null;
  const name = `${user.profile.firstName} ${user.profile.lastName}`.trim();
  // Lifting a suspension may go without a reason on the wire (the contract); the screen still asks for one.
  const check = reasonInput.safeParse({ reason });
  const reasonError = check.success ? null : (check.error.issues[0]?.message ?? null);
  const run = useMutation({
    mutationFn: async () => {
      const url = `/api/admin/users/${user.profile.id}/${action}`;
      if (action === 'data-export') {
        const data = await api.post<Record<string, unknown>>(url, { reason: reason.trim() });
        download(`manzil-user-${user.profile.unicode}-${new Date().toISOString().slice(0, 10)}.json`, data);
        return { message: 'The export is downloading.', user } satisfies UserActionResult;
      }
      return api.post<UserActionResult>(url, { reason: reason.trim() });
    },
    onSuccess: (result) => {
      client.setQueryData(['admin-user', user.profile.id], result.user);
      void client.invalidateQueries({ queryKey: ['admin-user', user.profile.id] });
      toast({ title: spec?.title ?? 'Done', description: result.message, variant: 'success' });
      finish();
    },
  });
  const finish = () => {
    setReason('');
    setSubmitted(false);
    run.reset();
    onClose();
  };
  // Cancel (or Escape) does nothing while the action runs.
  const close = () => {
    if (!run.isPending) finish();
  };
  const submit = () => {
    setSubmitted(true);
    if (reasonError) return;
    run.mutate();
  };
  return (
    <Dialog
      open={action !== null}
      onClose={close}
      title={spec?.title ?? ''}
      description={spec ? spec.explain(name) : null}
      footer={
        <>
          <Button onClick={close} disabled={run.isPending}>
            Cancel
          </Button>
          <Button variant="primary" onClick={submit} disabled={run.isPending}>
            {run.isPending ? 'Working…' : (spec?.confirm ?? '')}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <ReasonField value={reason} onChange={setReason} error={submitted ? reasonError : null} hint="Kept in the audit log with the action. " />
        {run.isError ? <ErrorNote title="Not done">{errorText(run.error, 'The action could not be completed.')}</ErrorNote> : null}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}

/** The action buttons for the account's state; staff accounts and closed ones offer only the export. */
export function AccountActions({ user, isSelf }: { user: UserDetailJson; isSelf: boolean }) {
  const [action, setAction] = useState<ActionKey | null>(null);
  const status = user.standing.status;
  const manageable = user.profile.role === 'investor' && !isSelf && status !== 'closed';
  const why = isSelf ? 'You cannot act on your own account.' : user.profile.role !== 'investor' ? 'Staff accounts are managed by the owner.' : 'This account is closed.';
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Account actions">
      {status === 'suspended' ? (
        <Button icon={RotateCcw} onClick={() => setAction('unsuspend')} unavailable={manageable ? undefined : why}>
          {ACTIONS.unsuspend.label}
        </Button>
      ) : (
        <Button icon={Ban} onClick={() => setAction('suspend')} unavailable={manageable ? undefined : why}>
          {ACTIONS.suspend.label}
        </Button>
      )}
      <Button icon={KeyRound} onClick={() => setAction('reset-mfa')} unavailable={!manageable ? why : user.profile.mfaEnabled ? undefined : 'Two-factor verification is not on for this account.'}>
        {ACTIONS['reset-mfa'].label}
      </Button>
      <Button icon={Mail} onClick={() => setAction('resend-verification')} unavailable={!manageable ? why : isKycVerified(user.profile.kycStatus) ? 'This investor has already verified their identity.' : undefined}>
        {ACTIONS['resend-verification'].label}
      </Button>
      <Button icon={Download} onClick={() => setAction('data-export')}>
        {ACTIONS['data-export'].label}
      </Button>
      <Button icon={UserX} onClick={() => setAction('close')} unavailable={manageable ? undefined : why}>
        {ACTIONS.close.label}
      </Button>
      <ActionDialog action={action} user={user} onClose={() => setAction(null)} />
    </div>
  );
}
