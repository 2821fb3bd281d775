/**
 * Every rent and cost record of the property in the range shown (from the admin P&L), newest first,
 * with "Reverse": a reason is required and the reversal is confirmed (POST .../records/:id/reverse). The
 * record stays, marked reversed; the ledger gets a reversing entry dated today.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReceiptText, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '@site/components/admin/format';
import { Amount, Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import { Badge, Button, Card, DataTable, EmptyState, Section } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { recordKindLabels, reverseRecordInput, type PropertyRecordJson } from '../../contract';
import { aed, periodLabel } from '../format';
import { refreshBooks, reverseUrl, TextArea } from './shared';

const columns = [
  { key: 'record', label: 'Record' },
  { key: 'month', label: 'Month' },
  { key: 'kind', label: 'Kind' },
  { key: 'amount', label: 'Amount (AED)', align: 'right' as const },
  { key: 'description', label: 'Description', className: 'min-w-56' },
  { key: 'entry', label: 'Journal entry' },
  { key: 'action', label: 'Action', align: 'right' as const },
];

function ReverseDialog({ record, onClose }: { record: PropertyRecordJson; onClose: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reverse = useMutation({
    mutationFn: (body: { reason: string }) => api.post<PropertyRecordJson>(reverseUrl(record.id), body),
    onSuccess: (r) => {
      toast({ title: `${r.number} reversed`, description: `${recordKindLabels[r.kind]} of ${aed(r.amount)} for ${periodLabel(r.period)} is out of the books.`, variant: 'success' });
      void refreshBooks(client);
      onClose();
    },
  });
  const submit = () => {
    const parsed = reverseRecordInput.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Give a reason.');
    setError(null);
    reverse.mutate(parsed.data);
  };
  return (
    <Dialog
      open
      onClose={() => !reverse.isPending && onClose()}
      title={`Reverse ${record.number}?`}
      description={`${recordKindLabels[record.kind]} of ${aed(record.amount)} for ${periodLabel(record.period)} (journal entry ${record.journalReference}). A reversing entry dated today takes it out of the books; the record stays, marked reversed.`}
      footer={
        <>
          <Button onClick={onClose} disabled={reverse.isPending}>
            Keep it
          </Button>
          <Button variant="primary" icon={Undo2} onClick={submit} disabled={reverse.isPending}>
            {reverse.isPending ? 'Reversing…' : 'Reverse record'}
          </Button>
        </>
      }
    >
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextArea
          label="Reason (kept with the reversal)"
          required
          value={reason}
          onChange={(v) => {
            setReason(v);
            setError(null);
          }}
          max={300}
          error={error}
        />
        {reverse.isError ? <ErrorNote title="Not reversed">{errorText(reverse.error, 'The record was not reversed.')}</ErrorNote> : null}
      </form>
    </Dialog>
  );
}

export function RecordsList({ records }: { records: PropertyRecordJson[] }) {
  const [reversing, setReversing] = useState<PropertyRecordJson | null>(null);
  const sorted = [...records].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return (
    <Section title="Records" description="Rent and costs recorded in the months shown, newest first. Reversed records stay listed and count for nothing.">
      <Card className="overflow-hidden">
        <DataTable
          caption="Rent and cost records"
          columns={columns}
          minWidth={980}
          empty={
            <EmptyState icon={ReceiptText} title="Nothing recorded in these months">
              Record a month's rent and each cost above; every record is one journal entry on this property.
            </EmptyState>
          }
        >
          {sorted.map((r) => (
            <tr key={r.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-3">
                <span className="font-mono text-xs text-ink">{r.number}</span>
                {r.reversedAt ? (
                  <span className="mt-1 block">
                    <Badge tone="warning">Reversed {formatDate(r.reversedAt)}</Badge>
                  </span>
                ) : null}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                {periodLabel(r.period)}
                <span className="block text-xs text-slate-500">Dated {formatDate(r.date)}</span>
              </td>
              <td className="px-4 py-3 text-slate-700">{recordKindLabels[r.kind] ?? r.kind}</td>
              <td className={`px-4 py-3 text-right ${r.reversedAt ? 'text-slate-400 line-through' : 'font-medium text-ink'}`}>
                <Amount value={r.amount} />
              </td>
              <td className="px-4 py-3 text-slate-600">{r.description || <span className="text-slate-400">No description</span>}</td>
              <td className="whitespace-nowrap px-4 py-3">
                <Link href={`/admin/journal-entries?q=${encodeURIComponent(r.journalReference)}`} className="font-mono text-xs text-brand-800 hover:underline">
                  {r.journalReference}
                </Link>
              </td>
              <td className="px-4 py-3 text-right">
                {r.reversedAt ? null : (
                  <button
                    type="button"
                    onClick={() => setReversing(r)}
                    className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                  >
                    <Undo2 className="h-3.5 w-3.5" aria-hidden="true" />
                    Reverse<span className="sr-only"> {r.number}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </Card>
      {reversing ? <ReverseDialog record={reversing} onClose={() => setReversing(null)} /> : null}
    </Section>
  );
}
