/**
 * The drill-down of a box (?period=&box=): the documents behind it, grouped per document, and the journal
 * entries of the platform charges and of other recoverable VAT, on the admin table (list contract, group
 * filter, CSV) with the totals of the filtered set. Its URL keys carry the 'box.' prefix.
 */
import { FileSearch } from 'lucide-react';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Dialog } from '@site/components/admin/ledger/parts';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { BOX_GROUPS, DOCUMENT_BOXES, boxGroupLabels, returnBoxLabels, type BoxDocumentJson, type BoxDocumentsResult, type DocumentBox } from '../../return-contract';
import { TAX_PATH, aed, boxUrl } from './shared';

type Row = BoxDocumentJson;
const typeLabels: Record<string, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  bill: 'Bill',
  debit_note: 'Debit note',
  adjustment: 'Adjustment',
  journal_entry: 'Journal entry',
};
const filters: FilterDef[] = [{ type: 'select', key: 'group', label: 'Group', all: 'All groups', options: BOX_GROUPS.map((g) => ({ value: g, label: boxGroupLabels[g] })) }];

export function BoxDialog() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const period = params.get('period') ?? '';
  const box = params.get('box') ?? '';
  const open = !!period && (DOCUMENT_BOXES as readonly string[]).includes(box);
  const close = () => {
    const next = new URLSearchParams(search);
    for (const k of [...next.keys()]) if (k === 'box' || k.startsWith('box.')) next.delete(k);
    navigate(`${TAX_PATH}?${next}`);
  };
  const columns = useMemo(
    () => [
      col.custom<Row>(
        'number',
        'Document',
        (r) =>
          r.documentType === 'journal_entry' ? (
            <a href={`/admin/journal-entries?q=${encodeURIComponent(r.documentNumber)}`} className="font-mono text-xs font-medium text-brand-800 hover:underline">
              {r.documentNumber}
            </a>
          ) : (
            <span className="font-mono text-xs">{r.documentNumber}</span>
          ),
        { sort: 'number' },
      ),
      col.custom<Row>('type', 'Type', (r) => (
        <>
          <span className="block">{typeLabels[r.documentType] ?? r.documentType}</span>
          {r.group !== 'documents' ? <span className="block text-xs text-slate-500">{boxGroupLabels[r.group]}</span> : null}
        </>
      )),
      col.date<Row>('date', 'Date', (r) => r.date, { sort: 'date', sortFirst: 'asc' }),
      col.custom<Row>('who', 'Counterparty or memo', (r) => (
        <>
          <span className="block text-slate-700">{r.counterparty || r.memo || '—'}</span>
          {r.sourceModule ? <span className="block font-mono text-xs text-slate-500">posted by {r.sourceModule}</span> : null}
        </>
      )),
      col.money<Row>('taxable', 'Taxable (AED)', (r) => r.taxable, { sort: 'taxable' }),
      col.money<Row>('vat', 'VAT (AED)', (r) => r.vat, { sort: 'vat' }),
    ],
    [],
  );
  return (
    <Dialog
      open={open}
      onClose={close}
      wide="xl"
      title={open ? `Box ${box}: ${returnBoxLabels[box as DocumentBox]}` : 'Box'}
      description={open ? `The documents and journal entries behind box ${box} of the ${period} return; their totals equal the box (VAT column plus adjustment).` : undefined}
    >
      {open ? (
        <AdminTable<Row, Pick<BoxDocumentsResult, 'totals'>>
          endpoint={boxUrl(period, box)}
          caption={`Documents in box ${box}, ${period}`}
          columns={columns}
          rowKey={(r) => `${r.group}:${r.documentId}`}
          noun={['document', 'documents']}
          search={{ placeholder: 'Number, counterparty, memo or source' }}
          filters={filters}
          defaultSort="date"
          urlPrefix="box."
          minWidth={880}
          summary={(res) =>
            res?.totals ? (
              <p className="mb-2 text-sm text-slate-600">
                Total of the {res.total === 1 ? 'document' : `${res.total} documents`} shown: taxable <strong className="text-ink">{aed(res.totals.taxable)}</strong>, VAT{' '}
                <strong className="text-ink">{aed(res.totals.vat)}</strong>.
              </p>
            ) : null
          }
          empty={{ icon: FileSearch, title: 'Nothing in this box', body: 'No document, platform charge or journal entry in this period lands in this box.' }}
        />
      ) : null}
    </Dialog>
  );
}
