/**
 * Manual VAT adjustments: the form (POST /api/admin/tax/adjustments: a journal entry between the VAT account
 * and the account named, with its tax line in the box) and every adjustment on the admin table.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { AdminTable, col } from '@site/components/admin/table';
import { Button, Card, Section } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { todayInDubai } from '@modules/platform/dates';
import { parseFils } from '@modules/platform/money';
import { ADJUSTMENT_BOXES, adjustmentInput, returnBoxLabels, type TaxAdjustmentJson } from '../../return-contract';
import { ADJUSTMENTS_URL, refreshTax } from './shared';

type Draft = { date: string; box: string; taxable: string; vat: string; accountCode: string; memo: string };
const blank = (): Draft => ({ date: todayInDubai(), box: '1b', taxable: '', vat: '', accountCode: '', memo: '' });
const AMOUNT = 'Enter an amount in AED such as 125.50, with a minus sign to reduce.';

function parse(d: Draft) {
  const taxable = d.taxable.trim() ? parseFils(d.taxable, { allowNegative: true }) : 0n;
  const vat = parseFils(d.vat, { allowNegative: true });
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (taxable === null) errors.taxable = AMOUNT;
  if (vat === null) errors.vat = AMOUNT;
  const r = adjustmentInput.safeParse({ ...d, taxable: (taxable ?? 0n).toString(), vat: (vat ?? 0n).toString() });
  if (!r.success) for (const i of r.error.issues) errors[i.path[0] as keyof Draft] ??= i.message;
  return { errors, body: r.success ? { ...d, accountCode: r.data.accountCode, taxable: r.data.taxable.toString(), vat: r.data.vat.toString() } : null };
}

function AdjustmentForm() {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(blank);
  const [tried, setTried] = useState(false);
  const { errors, body } = parse(draft);
  const set = (k: keyof Draft) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const err = (k: keyof Draft) => (tried ? (errors[k] ?? null) : null);
  const save = useMutation({
    mutationFn: () => api.post<TaxAdjustmentJson>(ADJUSTMENTS_URL, body),
    onSuccess: async (a) => {
      toast({ title: `Adjustment recorded in box ${a.box}`, description: `Journal entry ${a.entryReference}.`, variant: 'success' });
      setDraft(blank());
      setTried(false);
      await refreshTax(client);
    },
  });
  return (
    <form
      noValidate
      aria-label="Record a VAT adjustment"
      className="grid gap-4 sm:grid-cols-3"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (body) save.mutate();
      }}
    >
      <Field label="Date" type="date" value={draft.date} onChange={set('date')} error={err('date')} required />
      <Select label="Box" value={draft.box} onChange={set('box')} options={ADJUSTMENT_BOXES.map((b) => ({ value: b, label: `${b} · ${returnBoxLabels[b]}` }))} error={err('box')} className="sm:col-span-2" />
      <Field label="VAT (AED)" value={draft.vat} onChange={set('vat')} error={err('vat')} inputMode="decimal" required hint="Negative reduces the VAT in the box." />
      <Field label="Taxable amount (AED)" value={draft.taxable} onChange={set('taxable')} error={err('taxable')} inputMode="decimal" hint="Leave empty when only the VAT changes." />
      <Field label="Against account" value={draft.accountCode} onChange={set('accountCode')} error={err('accountCode')} required placeholder="e.g. 6510" hint="The ledger account on the other side of the VAT account." />
      <Field label="Reason" value={draft.memo} onChange={set('memo')} error={err('memo')} required maxLength={500} className="sm:col-span-3" placeholder="e.g. Bad debt relief on INV-2026-0042" />
      <div className="flex justify-end sm:col-span-3">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? 'Recording…' : 'Record adjustment'}
        </Button>
      </div>
      {save.isError ? (
        <div className="sm:col-span-3">
          <ErrorNote title="The adjustment was not recorded">{errorText(save.error, 'Try again in a moment.')}</ErrorNote>
        </div>
      ) : null}
    </form>
  );
}

type Row = TaxAdjustmentJson;
function AdjustmentsList() {
  const columns = useMemo(
    () => [
      col.date<Row>('date', 'Date', (r) => r.date, { sort: 'date' }),
      col.text<Row>('box', 'Box', (r) => r.box, { mono: true }),
      col.text<Row>('memo', 'Reason', (r) => r.memo, { className: 'min-w-64' }),
      col.text<Row>('account', 'Account', (r) => r.accountCode, { mono: true }),
      col.money<Row>('taxable', 'Taxable (AED)', (r) => r.taxable),
      col.money<Row>('vat', 'VAT (AED)', (r) => r.vat, { sort: 'vat' }),
      col.link<Row>('entry', 'Journal entry', (r) => ({ href: `/admin/journal-entries?q=${encodeURIComponent(r.entryReference)}`, label: <span className="font-mono text-xs">{r.entryReference}</span> })),
      col.dateTime<Row>('createdAt', 'Recorded', (r) => r.createdAt, { sort: 'createdAt' }),
    ],
    [],
  );
  return (
    <AdminTable<Row>
      endpoint={ADJUSTMENTS_URL}
      caption="VAT adjustments"
      columns={columns}
      rowKey={(r) => r.id}
      noun={['adjustment', 'adjustments']}
      search={{ placeholder: 'Reason, box or journal entry' }}
      defaultSort="-createdAt"
      urlPrefix="adj."
      minWidth={960}
      empty={{ icon: Scale, title: 'No adjustments', body: "Corrections the documents do not make, such as bad debt relief, are recorded here; each posts a journal entry and shows in its box's figures." }}
    />
  );
}

export function Adjustments() {
  return (
    <Section title="Manual adjustments" description="A correction the documents do not make: it posts a journal entry between the VAT account (2410 for boxes 1–7, 1410 for 9 and 10) and the account named, and lands in the box. Dates inside a filed return are refused.">
      <div className="space-y-4">
        <Card className="p-5">
          <AdjustmentForm />
        </Card>
        <AdjustmentsList />
      </div>
    </Section>
  );
}
