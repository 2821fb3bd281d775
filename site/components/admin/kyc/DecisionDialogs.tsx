/**
 * The decisions on a KYC application, each in its dialog: approve (with an override when screening
 * flagged the applicant), reject with reasons per document, or ask for more documents.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { type AdminKycDetail, KYC_DOCUMENT_TYPES, type KycDocumentType, kycDocumentTypeLabels, kycMessages } from '@modules/kyc/contract';
import { ApiError, api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { DocumentThumb } from '@site/components/kyc/DocumentPreview';
import { Dialog, ErrorNote } from '../ledger/parts';
import { Button } from '../ui';

type DecisionProps = { open: boolean; onClose: () => void; detail: AdminKycDetail; url: string; onDone: (next: AdminKycDetail) => Promise<void> };

const textareaClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500';

function TextArea({ label, value, onChange, error, hint, rows = 3, required }: { label: string; value: string; onChange: (v: string) => void; error?: string; hint?: string; rows?: number; required?: boolean }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
        {required ? <span className="text-slate-400"> (required)</span> : null}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined}
        className={textareaClass}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Sends a decision; on a 400 returns the field messages, on anything else a sentence. */
function useDecision(url: string, onDone: DecisionProps['onDone'], onClose: () => void, success: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const send = async (path: string, body: unknown) => {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const next = await api.post<AdminKycDetail>(`${url}/${path}`, body);
      await onDone(next);
      toast({ title: 'Decision recorded', description: success, variant: 'success' });
      onClose();
    } catch (err) {
      const f = err instanceof ApiError ? ((err.body as { fields?: Record<string, string> } | undefined)?.fields ?? {}) : {};
      setFields(f);
      setError(errorText(err, 'The decision could not be recorded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const reset = useCallback(() => {
    setError(null);
    setFields({});
  }, []);
  return { busy, error, fields, send, reset };
}

export function ApproveDialog({ open, onClose, detail, url, onDone }: DecisionProps) {
  const name = detail.applicant.firstName;
  const [note, setNote] = useState('');
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<string>();
  const { busy, error, fields, send, reset } = useDecision(url, onDone, onClose, `${name} is verified and has been notified.`);
  useEffect(() => {
    if (open) {
      setNote('');
      setOverride(false);
      setReason('');
      setLocal(undefined);
      reset();
    }
  }, [open, reset]);
  const needsOverride = detail.approvalNeedsOverride;
  const submit = () => {
    if (needsOverride && (!override || reason.trim().length < 10)) return setLocal(kycMessages.overrideReason);
    void send('approve', { note: note.trim() || undefined, ...(needsOverride ? { override: true, overrideReason: reason.trim() } : {}) });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Approve ${name}’s verification`}
      description="The investor becomes verified at once: the KYC banner disappears and they can fund their wallet and invest. They are notified."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} disabled={busy}>
            {busy ? 'Approving…' : 'Approve'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {error ? <ErrorNote>{error}</ErrorNote> : null}
        {needsOverride ? (
          <div className="space-y-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200">
            <p className="text-sm text-red-900">
              Screening flagged this applicant ({detail.screening.hits.length} {detail.screening.hits.length === 1 ? 'match' : 'matches'}). Approve only if you are satisfied the match is not
              this person, and say why.
            </p>
            <label className="flex items-start gap-2 text-sm text-ink">
              <input type="checkbox" checked={override} onChange={(e) => setOverride(e.target.checked)} className="mt-0.5 h-4 w-4 accent-brand-700" />
              I have reviewed the screening matches and approve despite them
            </label>
            <TextArea label="Why the matches do not apply" value={reason} onChange={setReason} required error={fields.overrideReason ?? local} />
          </div>
        ) : null}
        <TextArea label="Note for the record" value={note} onChange={setNote} hint="Optional. Kept in the application’s history and the audit log." error={fields.note} />
      </div>
    </Dialog>
  );
}

export function RejectDialog({ open, onClose, detail, url, onDone }: DecisionProps) {
  const name = detail.applicant.firstName;
  const docs = detail.application.documents;
  const [reason, setReason] = useState('');
  const [perDoc, setPerDoc] = useState<Record<string, string | undefined>>({});
  const [local, setLocal] = useState<Record<string, string>>({});
  const { busy, error, fields, send, reset } = useDecision(url, onDone, onClose, `${name} has been told what to fix.`);
  useEffect(() => {
    if (open) {
      setReason('');
      setPerDoc({});
      setLocal({});
      reset();
    }
  }, [open, reset]);
  const submit = () => {
    const problems: Record<string, string> = {};
    if (reason.trim().length < 10) problems.reason = kycMessages.rejectReason;
    const documents = Object.entries(perDoc)
      .filter(([, r]) => r !== undefined)
      .map(([id, r]) => ({ id, reason: (r ?? '').trim() }));
    for (const d of documents) if (d.reason.length < 3) problems[d.id] = kycMessages.documentReason;
    setLocal(problems);
    if (Object.keys(problems).length) return;
    void send('reject', { reason: reason.trim(), documents });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title={`Reject ${name}’s verification`}
      description="The investor sees your reason and the reason for each document you reject, can correct their details or upload new documents, and submit again."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} disabled={busy}>
            {busy ? 'Rejecting…' : 'Reject'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {error ? <ErrorNote>{error}</ErrorNote> : null}
        <TextArea label="Reason, shown to the investor" value={reason} onChange={setReason} required rows={3} error={local.reason ?? fields.reason} hint="At least 10 characters. Say what to fix." />
        {docs.length ? (
          <fieldset>
            <legend className="mb-2 text-xs font-medium text-slate-600">Documents to reject (the investor must upload each again)</legend>
            <ul className="space-y-2">
              {docs.map((doc) => {
                const checked = perDoc[doc.id] !== undefined;
                const label = kycDocumentTypeLabels[doc.type];
                return (
                  <li key={doc.id} className="rounded-lg border border-slate-200 p-3">
                    <label className="flex items-center gap-3 text-sm text-ink">
                      <input
                        type="checkbox"
                        checked={checked}
                        onChange={(e) => setPerDoc((p) => ({ ...p, [doc.id]: e.target.checked ? '' : undefined }))}
                        className="h-4 w-4 accent-brand-700"
                      />
                      <DocumentThumb doc={doc} size={32} />
                      {label}
                    </label>
                    {checked ? (
                      <div className="mt-2">
                        <TextArea label={`Why the ${label.toLowerCase()} is rejected`} rows={2} value={perDoc[doc.id] ?? ''} onChange={(v) => setPerDoc((p) => ({ ...p, [doc.id]: v }))} error={local[doc.id]} required />
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ) : null}
      </div>
    </Dialog>
  );
}

export function RequestDialog({ open, onClose, detail, url, onDone }: DecisionProps) {
  const name = detail.applicant.firstName;
  const [types, setTypes] = useState<KycDocumentType[]>([]);
  const [message, setMessage] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const { busy, error, fields, send, reset } = useDecision(url, onDone, onClose, `${name} has been asked for more documents.`);
  useEffect(() => {
    if (open) {
      setTypes([]);
      setMessage('');
      setLocal({});
      reset();
    }
  }, [open, reset]);
  const listId = useId();
  const submit = () => {
    const problems: Record<string, string> = {};
    if (!types.length) problems.types = kycMessages.requestTypes;
    if (message.trim().length < 10) problems.message = kycMessages.requestMessage;
    setLocal(problems);
    if (Object.keys(problems).length) return;
    void send('request-documents', { types, message: message.trim() });
  };
  const typeError = local.types ?? fields.types;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Ask ${name} for more documents`}
      description="The application goes back to the investor as “Action needed”. They upload what you ask for and submit again."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} disabled={busy}>
            {busy ? 'Sending…' : 'Send request'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {error ? <ErrorNote>{error}</ErrorNote> : null}
        <fieldset aria-describedby={typeError ? `${listId}-error` : undefined}>
          <legend className="mb-2 text-xs font-medium text-slate-600">Documents to upload (required)</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {KYC_DOCUMENT_TYPES.map((t) => (
              <label key={t} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-ink">
                <input
                  type="checkbox"
                  checked={types.includes(t)}
                  onChange={(e) => setTypes((x) => (e.target.checked ? [...x, t] : x.filter((y) => y !== t)))}
                  className="h-4 w-4 accent-brand-700"
                />
                {kycDocumentTypeLabels[t]}
              </label>
            ))}
          </div>
          {typeError ? (
            <p id={`${listId}-error`} className="mt-1 text-xs text-red-700">
              {typeError}
            </p>
          ) : null}
        </fieldset>
        <TextArea label="Message to the investor" value={message} onChange={setMessage} required error={local.message ?? fields.message} hint="What you need and why, in 10 to 1,000 characters." />
      </div>
    </Dialog>
  );
}

