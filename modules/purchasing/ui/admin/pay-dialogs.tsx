/**
 * Paying suppliers: one bill (any part of what is open) or the selected bills as a batch (each bill's open
 * amount), from a bank account. Each dialog sends an Idempotency-Key, so a double click pays once. After a
 * batch, the bank payment file (CSV) is one click away.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Banknote, Download } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { todayInDubai } from '@modules/platform/dates';
import { minorToInput } from '@modules/platform/money';
import type { BillJson, PaymentBatchJson } from '../../contract';
import { aed, AMOUNT_TYPED, BATCHES, BILLS, enc, parseAed, refreshPurchasing, useBankAccounts } from './shared';

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

function BankSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const banks = useBankAccounts();
  const items = useMemo(() => banks.data?.items ?? [], [banks.data]);
  useEffect(() => {
    if (!value && items[0]) onChange(items[0].id);
  }, [value, items, onChange]);
  return <Select label="Pay from" value={value} onChange={onChange} options={items.length ? items.map((b) => ({ value: b.id, label: `${b.name} (${b.ledgerAccountCode})` })) : [{ value: '', label: 'No bank account set up' }]} />;
}

export function PayDialog({ bill, onClose }: { bill: BillJson | null; onClose: () => void }) {
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(todayInDubai());
  const [bank, setBank] = useState('');
  const [error, setError] = useState<string | null>(null);
  const key = useMemo(() => (bill ? newKey() : ''), [bill]);
  useEffect(() => {
    if (bill) {
      setAmount(minorToInput(BigInt(bill.openAmount)));
      setError(null);
    }
  }, [bill]);
  const pay = useMutation({
    mutationFn: (body: object) => api.post(`${BILLS}/${enc(bill!.id)}/payments`, body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: () => {
      void refreshPurchasing(client);
      onClose();
    },
    onError: (e) => setError(errorText(e, 'The payment was not recorded.')),
  });
  const fils = parseAed(amount);
  return (
    <Dialog
      open={bill !== null}
      onClose={onClose}
      title={bill ? `Pay ${bill.supplierName}` : 'Pay a bill'}
      description={bill ? `Bill ${bill.supplierBillNumber} (${bill.number}): ${aed(bill.openAmount)} open, due ${bill.dueDate}.` : undefined}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" icon={Banknote} disabled={pay.isPending || !bank} onClick={() => (fils === null ? setError(AMOUNT_TYPED) : pay.mutate({ amount: fils.toString(), date, bankAccountId: bank }))}>
            {pay.isPending ? 'Recording…' : fils ? `Record payment of ${aed(fils)}` : 'Record payment'}
          </Button>
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Amount (AED)" value={amount} onChange={setAmount} inputMode="decimal" required hint="Less than the open amount leaves the rest to pay later." />
        <Field label="Payment date" type="date" value={date} onChange={setDate} />
        <div className="sm:col-span-2">
          <BankSelect value={bank} onChange={setBank} />
        </div>
      </div>
      {error ? (
        <div className="mt-3">
          <ErrorNote title="Not paid">{error}</ErrorNote>
        </div>
      ) : null}
    </Dialog>
  );
}

export function BatchDialog({ bills, open, onClose, onPaid }: { bills: BillJson[]; open: boolean; onClose: () => void; onPaid: () => void }) {
  const client = useQueryClient();
  const [date, setDate] = useState(todayInDubai());
  const [bank, setBank] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [batch, setBatch] = useState<PaymentBatchJson | null>(null);
  const key = useMemo(() => (open ? newKey() : ''), [open]);
  const total = bills.reduce((s, b) => s + BigInt(b.openAmount), 0n);
  const pay = useMutation({
    mutationFn: (body: { date: string; bankAccountId: string; billIds: string[] }) => api.post<PaymentBatchJson>(BATCHES, body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: (b) => {
      setBatch(b);
      void refreshPurchasing(client);
      onPaid();
    },
    onError: (e) => setError(errorText(e, 'The batch was not paid.')),
  });
  const close = () => {
    setBatch(null);
    setError(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      wide
      title={batch ? `Batch ${batch.number} recorded` : `Pay ${bills.length} bill${bills.length === 1 ? '' : 's'} as a batch`}
      description={batch ? `${batch.count} payments, ${aed(batch.total)} from ${batch.bankAccountName}, value date ${batch.date}. Upload the file to the bank’s portal.` : `Each bill is paid its open amount: ${aed(total)} in all, one journal entry per bill.`}
      footer={
        batch ? (
          <>
            <a href={`${BATCHES}/${enc(batch.id)}/file`} download className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-800 px-4 py-2 text-sm font-medium text-white hover:bg-brand-900">
              <Download className="h-4 w-4" aria-hidden="true" /> Download bank file (CSV)
            </a>
            <Button onClick={close}>Done</Button>
          </>
        ) : (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button variant="primary" icon={Banknote} onClick={() => pay.mutate({ date, bankAccountId: bank, billIds: bills.map((b) => b.id) })} disabled={pay.isPending || !bank || bills.length === 0}>
              {pay.isPending ? 'Paying…' : `Pay ${aed(total)}`}
            </Button>
          </>
        )
      }
    >
      {batch ? null : (
        <>
          <ul className="divide-y divide-slate-100 text-sm">
            {bills.map((b) => (
              <li key={b.id} className="flex justify-between gap-3 py-1.5">
                <span>
                  {b.supplierName} · {b.supplierBillNumber}
                </span>
                <span className="tabular-nums">{aed(b.openAmount)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <Field label="Value date" type="date" value={date} onChange={setDate} />
            <BankSelect value={bank} onChange={setBank} />
          </div>
        </>
      )}
      {error ? (
        <div className="mt-3">
          <ErrorNote title="Not paid">{error}</ErrorNote>
        </div>
      ) : null}
    </Dialog>
  );
}
