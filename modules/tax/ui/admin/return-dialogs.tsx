/**
 * Filing a return (the FTA reference, and a confirmation of what filing posts and locks) and recording its
 * payment or refund (date and bank account). Both answer with the return, which the screen then shows.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '@site/components/admin/format';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { todayInDubai } from '@modules/platform/dates';
import { returnMessages, type VatReturnJson } from '../../return-contract';
import { BANK_ACCOUNTS_URL, aed, fils, refreshTax, returnUrl } from './shared';

export function FileReturnDialog({ r, open, onClose }: { r: VatReturnJson; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [reference, setReference] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [touched, setTouched] = useState(false);
  const file = useMutation({
    mutationFn: () => api.post<VatReturnJson>(`${returnUrl(r.period)}/file`, { reference: reference.trim() }),
    onSuccess: async () => {
      toast({ title: `VAT return ${r.period} filed`, description: `Reference ${reference.trim()}. The period is now locked.`, variant: 'success' });
      await refreshTax(client);
      onClose();
    },
  });
  const refError = touched && !reference.trim() ? returnMessages.reference : null;
  const out = fils(r.boxes['12'].vat);
  const inp = fils(r.boxes['13'].vat);
  const net = out - inp;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`File the VAT return for ${r.label}`}
      description="Submit the return on the FTA's portal first, then record it here with the reference the portal gave."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={!reference.trim() || !confirmed || file.isPending}
            onClick={() => {
              setTouched(true);
              if (reference.trim() && confirmed) file.mutate();
            }}
          >
            {file.isPending ? 'Filing…' : 'File return'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (reference.trim() && confirmed) file.mutate();
        }}
      >
        <Field label="FTA submission reference" value={reference} onChange={setReference} onBlur={() => setTouched(true)} required maxLength={100} error={refError} placeholder="e.g. 230012345678" />
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          <p>Filing posts the settlement entry dated {formatDate(r.to)}:</p>
          <ul className="mt-1 list-disc pl-5">
            <li>Debit 2410 Output VAT {aed(out)}</li>
            <li>Credit 1410 Input VAT {aed(inp)}</li>
            <li>{net >= 0n ? `Credit 2420 VAT payable ${aed(net)}` : `Debit 2420 VAT payable ${aed(-net)} (refundable)`}</li>
          </ul>
          <p className="mt-2">
            It stores these figures and locks {r.label}: no invoice, bill, credit or debit note or adjustment can be dated from {formatDate(r.from)} to {formatDate(r.to)} afterwards.
            Corrections go into a later period.
          </p>
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
          <span>I have submitted this return to the FTA with these figures and understand the period will be locked.</span>
        </label>
        {file.isError ? <ErrorNote title="The return was not filed">{errorText(file.error, 'Try again in a moment.')}</ErrorNote> : null}
      </form>
    </Dialog>
  );
}

type BankAccount = { id: string; name: string; iban: string; ledgerAccountCode: string };

export function PayReturnDialog({ r, open, onClose }: { r: VatReturnJson; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const accounts = useQuery<{ items: BankAccount[] }>({ queryKey: [BANK_ACCOUNTS_URL], enabled: open });
  const [date, setDate] = useState(todayInDubai());
  const [bankAccountId, setBankAccountId] = useState('');
  const net = fils(r.net);
  const refund = net < 0n;
  const chosen = bankAccountId || accounts.data?.items[0]?.id || '';
  const pay = useMutation({
    mutationFn: () => api.post<VatReturnJson>(`${returnUrl(r.period)}/paid`, { date, bankAccountId: chosen }),
    onSuccess: async () => {
      toast({ title: refund ? `Refund for ${r.period} recorded` : `Payment for ${r.period} recorded`, variant: 'success' });
      await refreshTax(client);
      onClose();
    },
  });
  const items = accounts.data?.items ?? [];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={refund ? `Record the VAT refund for ${r.label}` : `Record the VAT payment for ${r.label}`}
      description={refund ? `The FTA refunds ${aed(-net)}: debit the bank account, credit 2420 VAT payable.` : `${aed(net)} paid to the FTA: debit 2420 VAT payable, credit the bank account.`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={!chosen || !date || pay.isPending} onClick={() => pay.mutate()}>
            {pay.isPending ? 'Recording…' : refund ? 'Record refund' : 'Record payment'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Field label={refund ? 'Date received' : 'Date paid'} type="date" value={date} onChange={setDate} required hint={`On or after ${formatDate(r.to)}, the period's last day.`} />
        {accounts.isPending ? (
          <p role="status" className="text-sm text-slate-500">
            Loading bank accounts…
          </p>
        ) : items.length === 0 ? (
          <ErrorNote title="No bank account is set up">Add the operating bank account under Banking first, so the payment posts to its ledger account.</ErrorNote>
        ) : (
          <Select label="Bank account" value={chosen} onChange={setBankAccountId} options={items.map((a) => ({ value: a.id, label: `${a.name} · ${a.iban} · ${a.ledgerAccountCode}` }))} />
        )}
        {pay.isError ? <ErrorNote title="Nothing was recorded">{errorText(pay.error, 'Try again in a moment.')}</ErrorNote> : null}
      </div>
    </Dialog>
  );
}
