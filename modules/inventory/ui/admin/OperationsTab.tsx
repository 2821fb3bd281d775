/**
 * /admin/inventory/operations: stock moves on the admin table (GET /api/admin/inventory/moves: q, sort, type
 * filter, CSV) with item, quantity, from, to, value, date and journal entry; buttons to record a receipt, an
 * issue, a transfer or a stock count.
 */
import { ArrowLeftRight, ClipboardCheck, PackageMinus, PackagePlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { MOVE_TYPES, moveTypeLabels, type MoveJson } from '../../contract';
import { MoveForm, type MoveKind } from './move-form';
import { MOVES, moveTone } from './shared';

type Row = MoveJson;

export default function OperationsTab() {
  const [kind, setKind] = useState<MoveKind | null>(null);
  const filters = useMemo<FilterDef[]>(() => [{ type: 'select', key: 'type', label: 'Type', all: 'Any type', options: MOVE_TYPES.map((t) => ({ value: t, label: moveTypeLabels[t] })) }, { type: 'hidden', key: 'itemId' }], []);
  const columns = useMemo(
    () => [
      col.date<Row>('date', 'Date', (r) => r.date, { sort: 'date' }),
      col.status<Row>('type', 'Type', (r) => r.type, { labels: moveTypeLabels, tones: moveTone }),
      col.custom<Row>('item', 'Item', (r) => (
        <>
          <span className="block font-medium text-ink">{r.itemName}</span>
          <span className="block font-mono text-xs text-slate-500">
            {r.sku} · {r.number}
          </span>
        </>
      ), { className: 'min-w-56' }),
      col.text<Row>('quantity', 'Quantity', (r) => r.quantity, { align: 'right' }),
      col.text<Row>('from', 'From', (r) => r.from?.code),
      col.text<Row>('to', 'To', (r) => r.to?.code),
      col.money<Row>('value', 'Value (AED)', (r) => r.value, { sort: 'value', strong: true }),
      col.text<Row>('journal', 'Journal entry', (r) => r.journalReference || null, { mono: true }),
    ],
    [],
  );
  return (
    <>
      <AdminTable<Row>
        endpoint={MOVES}
        caption="Stock moves"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['move', 'moves']}
        search={{ placeholder: 'SKU, item, location or journal entry' }}
        filters={filters}
        defaultSort="-createdAt"
        urlPrefix="moves."
        minWidth={1000}
        actions={
          <>
            <Button variant="primary" icon={PackagePlus} onClick={() => setKind('receipt')}>
              Receive
            </Button>
            <Button icon={PackageMinus} onClick={() => setKind('issue')}>
              Issue
            </Button>
            <Button icon={ArrowLeftRight} onClick={() => setKind('transfer')}>
              Transfer
            </Button>
            <Button icon={ClipboardCheck} onClick={() => setKind('count')}>
              Stock count
            </Button>
          </>
        }
        empty={{ icon: ArrowLeftRight, title: 'No stock has moved yet', body: 'Receive stock into the main store first; issues to homes and maintenance jobs, transfers and counts follow from there.' }}
      />
      <MoveForm kind={kind} onClose={() => setKind(null)} />
    </>
  );
}
