/** The stock ledger of one item: each move with the quantity in and out of store, unit cost, value and the running balance. */
import { useQuery } from '@tanstack/react-query';
import { Busy, Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import { MoneyCell } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { moveTypeLabels, type ItemJson, type ItemLedgerJson } from '../../contract';
import { enc, ITEMS } from './shared';

export function ItemLedger({ item, onClose }: { item: ItemJson | null; onClose: () => void }) {
  const ledger = useQuery<ItemLedgerJson>({ queryKey: [`${ITEMS}/${enc(item?.id ?? '')}/ledger`], enabled: !!item });
  return (
    <Dialog open={!!item} onClose={onClose} wide="xl" title={item ? `Stock ledger: ${item.sku} ${item.name}` : 'Stock ledger'} description="Moves in date order; the running figures are the stock in warehouses and bins at cost." footer={<Button onClick={onClose}>Close</Button>}>
      {ledger.isPending ? <Busy>Loading the stock ledger…</Busy> : null}
      {ledger.isError ? <ErrorNote title="The stock ledger did not load">{errorText(ledger.error, 'Try again in a moment.')}</ErrorNote> : null}
      {ledger.data && ledger.data.rows.length === 0 ? <p className="text-sm text-slate-600">No stock has moved for this item yet.</p> : null}
      {ledger.data && ledger.data.rows.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Stock ledger of {item?.sku}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="py-2 pr-3">Date</th>
                <th scope="col" className="py-2 pr-3">Move</th>
                <th scope="col" className="py-2 pr-3">From → to</th>
                <th scope="col" className="py-2 pr-3 text-right">In</th>
                <th scope="col" className="py-2 pr-3 text-right">Out</th>
                <th scope="col" className="py-2 pr-3 text-right">Unit cost</th>
                <th scope="col" className="py-2 pr-3 text-right">Value</th>
                <th scope="col" className="py-2 pr-3 text-right">Balance</th>
                <th scope="col" className="py-2 pr-3 text-right">Balance value</th>
                <th scope="col" className="py-2">Journal</th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.rows.map((r) => (
                <tr key={r.moveId} className="border-b border-slate-100">
                  <td className="py-2 pr-3 whitespace-nowrap">{r.date}</td>
                  <td className="py-2 pr-3">
                    {moveTypeLabels[r.type]} <span className="font-mono text-xs text-slate-500">{r.number}</span>
                  </td>
                  <td className="py-2 pr-3 text-slate-600">{[r.from, r.to].filter(Boolean).join(' → ')}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.quantityIn === '0' ? '' : r.quantityIn}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.quantityOut === '0' ? '' : r.quantityOut}</td>
                  <td className="py-2 pr-3 text-right">{r.unitCost === null ? '' : <MoneyCell value={r.unitCost} />}</td>
                  <td className="py-2 pr-3 text-right"><MoneyCell value={r.value} /></td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.runningQuantity}</td>
                  <td className="py-2 pr-3 text-right"><MoneyCell value={r.runningValue} strong /></td>
                  <td className="py-2 font-mono text-xs">{r.journalReference || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Dialog>
  );
}
