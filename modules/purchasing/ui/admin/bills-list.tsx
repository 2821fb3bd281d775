/**
 * Supplier bills on the admin table (GET /api/admin/bills: q, sort, status — "open" for anything still
 * owed — and supplier filters, CSV). Open bills can be paid one by one or ticked and paid as a batch.
 */
import { Banknote, Receipt } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { BILL_STATUSES, billStatusLabels, type BillJson } from '../../contract';
import { BatchDialog, PayDialog } from './pay-dialogs';
import { aed, BILLS, billTone, useSupplierOptions } from './shared';

type Row = BillJson;
const payable = (r: Row) => (r.status === 'posted' || r.status === 'partially_paid') && BigInt(r.openAmount) > 0n;

export function BillsList() {
  const suppliers = useSupplierOptions();
  const [selected, setSelected] = useState<Map<string, Row>>(new Map());
  const [paying, setPaying] = useState<Row | null>(null);
  const [batchOpen, setBatchOpen] = useState(false);
  const toggle = (r: Row) =>
    setSelected((s) => {
      const next = new Map(s);
      if (next.has(r.id)) next.delete(r.id);
      else next.set(r.id, r);
      return next;
    });
  const filters = useMemo<FilterDef[]>(
    () => [
      { type: 'select', key: 'status', label: 'Status', all: 'Any status', options: [{ value: 'open', label: 'Open (still owed)' }, ...BILL_STATUSES.map((s) => ({ value: s, label: billStatusLabels[s] }))] },
      { type: 'select', key: 'supplierId', label: 'Supplier', all: 'All suppliers', options: (suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: s.name })), className: 'sm:w-64' },
    ],
    [suppliers.data],
  );
  const columns = useMemo(
    () => [
      col.custom<Row>('select', 'Select', (r) =>
        payable(r) ? <input type="checkbox" aria-label={`Select ${r.supplierName} bill ${r.supplierBillNumber} for a batch payment`} checked={selected.has(r.id)} onChange={() => toggle(r)} className="h-4 w-4" /> : null,
      ),
      col.custom<Row>('number', 'Bill', (r) => (
        <>
          <span className="block font-medium text-ink">{r.supplierBillNumber}</span>
          <span className="block font-mono text-xs text-slate-500">
            {r.number}
            {r.purchaseOrderNumber ? ` · ${r.purchaseOrderNumber}` : ''}
          </span>
        </>
      ), { sort: 'createdAt', sortFirst: 'desc' }),
      col.text<Row>('supplier', 'Supplier', (r) => r.supplierName),
      col.date<Row>('billDate', 'Dated', (r) => r.billDate, { sort: 'billDate' }),
      col.date<Row>('dueDate', 'Due', (r) => r.dueDate, { sort: 'dueDate' }),
      col.money<Row>('total', 'Total (AED)', (r) => r.total, { sort: 'total' }),
      col.money<Row>('openAmount', 'Open (AED)', (r) => r.openAmount, { sort: 'openAmount', strong: true }),
      col.status<Row>('status', 'Status', (r) => r.status, { labels: billStatusLabels, tones: billTone, sort: 'status' }),
      col.custom<Row>('pay', 'Pay', (r) =>
        payable(r) ? (
          <Button icon={Banknote} onClick={() => setPaying(r)}>
            Pay<span className="sr-only"> {r.supplierName} bill {r.supplierBillNumber}</span>
          </Button>
        ) : null,
      ),
    ],
    [selected],
  );
  const chosen = [...selected.values()];
  const total = chosen.reduce((s, b) => s + BigInt(b.openAmount), 0n);
  return (
    <section aria-labelledby="bills-title" className="mt-8">
      <h2 id="bills-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        Bills
      </h2>
      <p className="mt-0.5 text-sm text-slate-500">Every supplier bill: what it came to, when it is due and what is still open. Tick open bills to pay them together and download the bank file.</p>
      <AdminTable<Row>
        endpoint={BILLS}
        caption="Supplier bills"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['bill', 'bills']}
        search={{ placeholder: 'Supplier, their bill number, BILL- or PO- number' }}
        filters={filters}
        defaultSort="-billDate"
        urlPrefix="bills."
        minWidth={1100}
        actions={
          <Button variant="primary" icon={Banknote} onClick={() => setBatchOpen(true)} disabled={chosen.length === 0}>
            {chosen.length ? `Pay ${chosen.length} selected (${aed(total)})` : 'Pay selected'}
          </Button>
        }
        detailRow={(r) => (r.status === 'rejected' && r.decisionReason ? <p className="text-xs text-slate-600">Rejected: {r.decisionReason}</p> : null)}
        empty={{ icon: Receipt, title: 'No bills yet', body: 'Bills appear here when they are recorded against a purchase order or directly for a supplier.' }}
      />
      <PayDialog bill={paying} onClose={() => setPaying(null)} />
      <BatchDialog bills={chosen} open={batchOpen} onClose={() => setBatchOpen(false)} onPaid={() => setSelected(new Map())} />
    </section>
  );
}
