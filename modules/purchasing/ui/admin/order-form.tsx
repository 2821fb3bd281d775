/**
 * "New purchase order": from an approved request (?new=<requestId>: its lines and dimensions, the prices
 * still editable as agreed with the supplier) or directly. POST /api/admin/purchase-orders.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { minorToInput } from '@modules/platform/money';
import type { PurchaseOrderDetailJson, PurchaseRequestDetailJson, UnitCode } from '../../contract';
import { emptyLine, lineProblems, LinesEditor, linesBody, type LineDraft } from './lines-editor';
import { enc, ORDERS, REQUESTS, refreshPurchasing, useCostCenterOptions, usePropertyOptions, useStockItemOptions, useSupplierOptions } from './shared';

export function OrderForm({ open, requestId, onClose, onCreated }: { open: boolean; requestId: string | null; onClose: () => void; onCreated: (id: string) => void }) {
  const client = useQueryClient();
  const suppliers = useSupplierOptions();
  const stockItems = useStockItemOptions();
  const centers = useCostCenterOptions();
  const properties = usePropertyOptions();
  const request = useQuery<PurchaseRequestDetailJson>({ queryKey: [`${REQUESTS}/${enc(requestId ?? '')}`], enabled: open && Boolean(requestId) });
  const [supplierId, setSupplierId] = useState('');
  const [expectedDate, setExpectedDate] = useState('');
  const [costCenter, setCostCenter] = useState('');
  const [property, setProperty] = useState('');
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const r = request.data;
    if (!open || !r) return;
    setSupplierId(r.supplierId ?? '');
    setCostCenter(r.costCenter ?? '');
    setProperty(r.property ?? '');
    setExpectedDate(r.neededBy ?? '');
    setLines(r.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitCode: l.unitCode as UnitCode, price: minorToInput(BigInt(l.estimatedUnitPrice)), taxCode: l.taxCode, stockItemId: l.stockItemId ?? '' })));
  }, [open, request.data]);
  const save = useMutation({
    mutationFn: (body: object) => api.post<PurchaseOrderDetailJson>(ORDERS, body),
    onSuccess: (po) => {
      void refreshPurchasing(client);
      setShown(false);
      setLines([emptyLine()]);
      onCreated(po.id);
    },
    onError: (e) => setError(errorText(e, 'The order was not raised.')),
  });
  const supplierError = shown && !supplierId ? 'Choose the supplier.' : null;
  const submit = () => {
    setShown(true);
    if (!supplierId || lineProblems(lines).some(Boolean)) return;
    save.mutate({
      requestId: requestId || null,
      supplierId,
      expectedDate: expectedDate || null,
      costCenter: costCenter || null,
      property: property || null,
      notes,
      lines: linesBody(lines, 'unitPrice'),
    });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide="xl"
      title={request.data ? `Purchase order for ${request.data.number}` : 'New purchase order'}
      description={request.data ? `${request.data.title}. The request's lines are copied; change the prices to what the supplier agreed.` : 'An order straight to a supplier, without a request.'}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" icon={ClipboardList} onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Raising…' : 'Raise order'}
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
        <Select label="Supplier" value={supplierId} onChange={setSupplierId} error={supplierError} options={[{ value: '', label: 'Choose a supplier' }, ...(suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))]} />
        <Field label="Expected by (optional)" type="date" value={expectedDate} onChange={setExpectedDate} />
        <Select label="Cost center" value={costCenter} onChange={setCostCenter} options={[{ value: '', label: 'None' }, ...(centers.data?.items ?? []).filter((c) => !c.archived).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))]} />
        <Select label="Property" value={property} onChange={setProperty} options={[{ value: '', label: 'None (Manzil itself)' }, ...(properties.data?.items ?? []).map((p) => ({ value: p.reference, label: `${p.title} (${p.reference})` }))]} />
        <div className="sm:col-span-2">
          <LinesEditor lines={lines} onChange={setLines} priceLabel="Agreed price" stockItems={stockItems.data?.items ?? []} problems={shown ? lineProblems(lines) : undefined} caption="Order lines (AED, before VAT)" />
        </div>
        <Field className="sm:col-span-2" label="Notes for the supplier (optional)" value={notes} onChange={setNotes} maxLength={1000} placeholder="Access, delivery hours, contact on site" />
        {error ? (
          <div className="sm:col-span-2">
            <ErrorNote title="Not raised">{error}</ErrorNote>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
