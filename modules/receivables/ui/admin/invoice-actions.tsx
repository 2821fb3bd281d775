/**
 * The two forms an issued invoice opens: recording a payment (POST /api/admin/invoices/:id/payments, with an
 * Idempotency-Key so a double click records it once) and a credit note (POST /:id/credit-notes) on some or all
 * of its lines.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, FileMinus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { apiRequest, errorText } from '@site/lib/api';
import { minorToInput, parseFils } from '@modules/platform/money';
import { todayInDubai } from '@modules/platform/dates';
import { defaultRate, type InvoiceDetailJson } from '../../contract';
import { BANK_ACCOUNTS, invoiceUrl, money, refreshReceivables } from './shared';

type BankAccount = { id: string; name: string; iban: string };

export function PaymentForm({ invoice, onDone, onCancel }: { invoice: InvoiceDetailJson; onDone: () => void; onCancel: () => void }) {
  const client = useQueryClient();
  const banks = useQuery<{ items: BankAccount[] }>({ queryKey: [BANK_ACCOUNTS] });
  const foreign = invoice.currency !== 'AED';
  const [amount, setAmount] = useState(minorToInput(BigInt(invoice.openAed)));
  const [amountDoc, setAmountDoc] = useState(foreign ? minorToInput(BigInt(invoice.openAmount)) : '');
  const [date, setDate] = useState(todayInDubai());
  const [bank, setBank] = useState('');
  const [reference, setReference] = useState('');
  const [tried, setTried] = useState(false);
  const key = useMemo(() => crypto.randomUUID(), []);
  const fils = parseFils(amount);
  const doc = foreign && amountDoc.trim() ? parseFils(amountDoc) : null;
  const bankId = bank || banks.data?.items[0]?.id || '';
  const errors = {
    amount: fils === null || fils <= 0n ? 'Enter the amount received in AED, such as 1,250.00.' : null,
    amountDoc: foreign && amountDoc.trim() && (doc === null || doc <= 0n || doc > BigInt(invoice.openAmount)) ? `Enter at most ${money(invoice.openAmount, invoice.currency)}.` : null,
    bank: !bankId ? 'Add a bank account in the banking screen first.' : null,
  };
  const pay = useMutation({
    mutationFn: () =>
      apiRequest('POST', `${invoiceUrl(invoice.id)}/payments`, { amount: fils!.toString(), date, bankAccountId: bankId, reference, ...(doc ? { amountDoc: doc.toString() } : {}) }, { headers: { 'Idempotency-Key': key } }),
    onSuccess: async () => {
      await refreshReceivables(client);
      onDone();
    },
  });
  const over = fils !== null && !foreign && fils > BigInt(invoice.openAmount) ? fils - BigInt(invoice.openAmount) : 0n;
  return (
    <form
      aria-label={`Record a payment of ${invoice.number}`}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!errors.amount && !errors.amountDoc && !errors.bank) pay.mutate();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Amount received (AED)" value={amount} onChange={setAmount} inputMode="decimal" error={tried ? errors.amount : null} hint={over > 0n ? `${money(over)} more than is open: it is kept as the customer's credit.` : `Open: ${money(invoice.openAed)}.`} />
        {foreign ? (
          <Field
            label={`Settles (${invoice.currency})`}
            value={amountDoc}
            onChange={setAmountDoc}
            inputMode="decimal"
            error={tried ? errors.amountDoc : null}
            hint={`Booked at ${invoice.rate}; today's platform rate is ${defaultRate(invoice.currency)}. The difference in AED goes to exchange differences (4930).`}
          />
        ) : null}
        <Field label="Date received" type="date" value={date} onChange={setDate} />
        <Select label="Into bank account" value={bankId} onChange={setBank} options={(banks.data?.items ?? []).map((b) => ({ value: b.id, label: `${b.name} (${b.iban.slice(-4)})` }))} error={tried ? errors.bank : null} />
        <Field label="Bank reference" value={reference} onChange={setReference} maxLength={100} />
      </div>
      {pay.isError ? <ErrorNote title="The payment was not recorded">{errorText(pay.error, 'Request failed')}</ErrorNote> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button onClick={onCancel}>Back</Button>
        <Button variant="primary" type="submit" icon={Banknote} disabled={pay.isPending}>
          {pay.isPending ? 'Recording…' : 'Record payment'}
        </Button>
      </div>
    </form>
  );
}

export function CreditNoteForm({ invoice, onDone, onCancel }: { invoice: InvoiceDetailJson; onDone: () => void; onCancel: () => void }) {
  const client = useQueryClient();
  const creditable = invoice.lines.filter((l) => BigInt(l.net) > BigInt(l.creditedNet));
  const [amounts, setAmounts] = useState<Record<number, string>>(() => Object.fromEntries(creditable.map((l) => [l.lineNo, minorToInput(BigInt(l.net) - BigInt(l.creditedNet))])));
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(todayInDubai());
  const [tried, setTried] = useState(false);
  const chosen = creditable.map((l) => ({ line: l, net: amounts[l.lineNo]?.trim() ? parseFils(amounts[l.lineNo]!) : 0n })).filter((c) => c.net !== 0n);
  const bad = chosen.find((c) => c.net === null || c.net! < 0n || c.net! > BigInt(c.line.net) - BigInt(c.line.creditedNet));
  const errors = {
    reason: reason.trim().length < 3 ? 'Give the reason, in a few words the customer will read.' : null,
    lines: bad ? `Line ${bad.line.lineNo} can be credited by at most ${money(BigInt(bad.line.net) - BigInt(bad.line.creditedNet), invoice.currency)}.` : chosen.length === 0 ? 'Credit at least one line.' : null,
  };
  const create = useMutation({
    mutationFn: () => apiRequest('POST', `${invoiceUrl(invoice.id)}/credit-notes`, { date, reason: reason.trim(), lines: chosen.map((c) => ({ lineNo: c.line.lineNo, net: c.net!.toString() })) }),
    onSuccess: async () => {
      await refreshReceivables(client);
      onDone();
    },
  });
  return (
    <form
      aria-label={`Credit note against ${invoice.number}`}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!errors.reason && !errors.lines) create.mutate();
      }}
    >
      <p className="text-sm text-slate-600">A credit note reverses the net of the lines below with their VAT, and takes the total off what is open on {invoice.number}. Leave a line empty to keep it.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {creditable.map((l) => (
          <Field
            key={l.lineNo}
            label={`Line ${l.lineNo}: ${l.description} (net, ${invoice.currency})`}
            value={amounts[l.lineNo] ?? ''}
            onChange={(v) => setAmounts((a) => ({ ...a, [l.lineNo]: v }))}
            inputMode="decimal"
            hint={`Up to ${money(BigInt(l.net) - BigInt(l.creditedNet), invoice.currency)}`}
          />
        ))}
      </div>
      {tried && errors.lines ? <ErrorNote>{errors.lines}</ErrorNote> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Reason" value={reason} onChange={setReason} maxLength={300} error={tried ? errors.reason : null} />
        <Field label="Credit note date" type="date" value={date} onChange={setDate} />
      </div>
      {create.isError ? <ErrorNote title="No credit note was issued">{errorText(create.error, 'Request failed')}</ErrorNote> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button onClick={onCancel}>Back</Button>
        <Button variant="primary" type="submit" icon={FileMinus} disabled={create.isPending}>
          {create.isPending ? 'Issuing…' : 'Issue credit note'}
        </Button>
      </div>
    </form>
  );
}
