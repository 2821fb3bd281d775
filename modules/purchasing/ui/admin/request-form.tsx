/**
 * "New purchase request": what it is for, the cost center and property it is charged to, an optional
 * supplier and date, and the estimated lines. Says before sending whether the estimate needs a second
 * administrator's approval (POST /api/admin/purchase-requests).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import type { PurchaseRequestDetailJson } from '../../contract';
import { emptyLine, lineProblems, LinesEditor, linesBody, totalsOf, type LineDraft } from './lines-editor';
import { aed, REQUESTS, refreshPurchasing, useCostCenterOptions, usePropertyOptions, useStockItemOptions, useSupplierOptions } from './shared';

type SettingJson = { key: string; value: string };
const SETTINGS_URL = '/api/admin/settings';

export function RequestForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const suppliers = useSupplierOptions();
  const stockItems = useStockItemOptions();
  const centers = useCostCenterOptions();
  const properties = usePropertyOptions();
  const settings = useQuery<{ items: SettingJson[] }>({ queryKey: [SETTINGS_URL], enabled: open, staleTime: 60_000 });
  const list = settings.data?.items ?? [];
  const threshold = BigInt(list.find((s) => s.key === 'purchaseApprovalThreshold')?.value ?? '500000');
  const [title, setTitle] = useState('');
  const [costCenter, setCostCenter] = useState('');
  const [property, setProperty] = useState('');
  const [supplierId, setSupplierId] = useState('');
  const [neededBy, setNeededBy] = useState('');
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = shown ? lineProblems(lines) : undefined;
  const titleError = shown && title.trim().length < 3 ? 'Say what the purchase is for, in 3 to 200 characters.' : null;
  const totals = totalsOf(lines);
  const reset = () => {
    setTitle('');
    setCostCenter('');
    setProperty('');
    setSupplierId('');
    setNeededBy('');
    setNotes('');
    setLines([emptyLine()]);
    setShown(false);
    setError(null);
  };
  const save = useMutation({
    mutationFn: (body: object) => api.post<PurchaseRequestDetailJson>(REQUESTS, body),
    onSuccess: () => {
      void refreshPurchasing(client);
      reset();
      onClose();
    },
    onError: (e) => setError(errorText(e, 'The request was not submitted.')),
  });
  const submit = () => {
    setShown(true);
    if (title.trim().length < 3 || lineProblems(lines).some(Boolean)) return;
    save.mutate({
      title: title.trim(),
      costCenter: costCenter || null,
      property: property || null,
      supplierId: supplierId || null,
      neededBy: neededBy || null,
      notes,
      lines: linesBody(lines, 'estimatedUnitPrice'),
    });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide="xl"
      title="New purchase request"
      description="Say what is needed and roughly what it costs. Once approved it becomes a purchase order to the supplier."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" icon={Send} onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Submitting…' : 'Submit request'}
          </Button>
        </>
      }
    >
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field className="sm:col-span-2" label="What for" value={title} onChange={setTitle} maxLength={200} required error={titleError} placeholder="Quarterly AC servicing, Marina Gate" />
        <Select label="Cost center" value={costCenter} onChange={setCostCenter} options={[{ value: '', label: 'None' }, ...(centers.data?.items ?? []).filter((c) => !c.archived).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))]} />
        <Select label="Property" value={property} onChange={setProperty} options={[{ value: '', label: 'None (Manzil itself)' }, ...(properties.data?.items ?? []).map((p) => ({ value: p.reference, label: `${p.title} (${p.reference})` }))]} />
        <Select label="Suggested supplier" value={supplierId} onChange={setSupplierId} options={[{ value: '', label: 'Not chosen yet' }, ...(suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))]} />
        <Field label="Needed by (optional)" type="date" value={neededBy} onChange={setNeededBy} />
        <div className="sm:col-span-2">
          <LinesEditor lines={lines} onChange={setLines} priceLabel="Estimated price" stockItems={stockItems.data?.items ?? []} problems={problems} caption="Estimated lines (AED, before VAT)" />
        </div>
        <Field className="sm:col-span-2" label="Notes (optional)" value={notes} onChange={setNotes} maxLength={1000} placeholder="Quotes received, urgency, access arrangements" />
        <p role="status" className="text-sm text-slate-600 sm:col-span-2">
          {totals.net + totals.vat > threshold
            ? `Estimated at ${aed(totals.net + totals.vat)} with VAT, above the ${aed(threshold)} approval threshold: another administrator must approve it.`
            : `Estimated at ${aed(totals.net + totals.vat)} with VAT, within the ${aed(threshold)} approval threshold: you may approve it yourself.`}
        </p>
        {error ? (
          <div className="sm:col-span-2">
            <ErrorNote title="Not submitted">{error}</ErrorNote>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
