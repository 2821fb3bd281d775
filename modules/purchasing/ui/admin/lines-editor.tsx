/**
 * Editable document lines (a request's estimate, an order's agreed prices, a direct bill): description,
 * quantity, unit, unit price in AED and tax code, with each line's net and VAT worked out as typed
 * (half-even, as the server does) and the totals under them.
 */
import { Plus, Trash2 } from 'lucide-react';
import { inputClass } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { divideHalfEven } from '@modules/platform/money';
import { TAX_CODES, taxCodeLabels, vatFor, type TaxCode } from '@modules/tax/contract';
import { UNIT_CODES, unitCodeLabels, type UnitCode } from '../../contract';
import { aed, parseAed, parseQuantity } from './shared';

/** `stockItemId`: '' for goods or services that are expensed; an inventory item's id for stock received into the store. */
export type LineDraft = { description: string; quantity: string; unitCode: UnitCode; price: string; taxCode: TaxCode; stockItemId: string };
export const emptyLine = (): LineDraft => ({ description: '', quantity: '1', unitCode: 'C62', price: '', taxCode: 'standard', stockItemId: '' });
export type StockItemOption = { id: string; sku: string; name: string };

export function lineFigures(l: LineDraft): { net: bigint; vat: bigint } | null {
  const q = parseQuantity(l.quantity);
  const p = parseAed(l.price);
  if (q === null || p === null) return null;
  const net = divideHalfEven(q * p, 1000n);
  return { net, vat: vatFor(net, l.taxCode) };
}

export function totalsOf(lines: LineDraft[]) {
  return lines.reduce((t, l) => {
    const f = lineFigures(l);
    return f ? { net: t.net + f.net, vat: t.vat + f.vat } : t;
  }, { net: 0n, vat: 0n });
}

/** The first problem of each line, or null when every line is complete. */
export function lineProblems(lines: LineDraft[]): (string | null)[] {
  return lines.map((l) => {
    if (!l.description.trim()) return 'Describe what is bought.';
    if (parseQuantity(l.quantity) === null) return 'Type a quantity above zero, up to 3 decimal places.';
    if (parseAed(l.price) === null) return 'Type the unit price in AED, like 250 or 1,250.50.';
    return null;
  });
}

export function LinesEditor({
  lines,
  onChange,
  priceLabel,
  problems,
  caption,
  stockItems,
}: {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  priceLabel: string;
  problems?: (string | null)[];
  caption: string;
  /** Given (even empty), each line can name the stock item it buys. */
  stockItems?: StockItemOption[];
}) {
  const set = (i: number, patch: Partial<LineDraft>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const pickItem = (i: number, id: string) => {
    const item = stockItems?.find((s) => s.id === id);
    // Naming a stock item fills an empty description with it.
    set(i, { stockItemId: id, ...(item && !lines[i]!.description.trim() ? { description: `${item.sku} ${item.name}` } : {}) });
  };
  const totals = totalsOf(lines);
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[720px] text-sm">
        <caption className="mb-2 text-left text-xs font-medium text-slate-600">{caption}</caption>
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="py-1 pr-2 font-medium">Description</th>
            {stockItems ? <th className="w-44 py-1 pr-2 font-medium">Stock item</th> : null}
            <th className="w-20 py-1 pr-2 font-medium">Quantity</th>
            <th className="w-28 py-1 pr-2 font-medium">Unit</th>
            <th className="w-28 py-1 pr-2 font-medium">{priceLabel}</th>
            <th className="w-40 py-1 pr-2 font-medium">Tax code</th>
            <th className="w-28 py-1 pr-2 text-right font-medium">Net</th>
            <th className="w-10 py-1" />
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const f = lineFigures(l);
            const n = i + 1;
            const problem = problems?.[i];
            return (
              <tr key={i} className="align-top">
                <td className="py-1 pr-2">
                  <input aria-label={`Line ${n} description`} className={inputClass} value={l.description} maxLength={300} onChange={(e) => set(i, { description: e.target.value })} aria-invalid={problem ? true : undefined} />
                  {problem ? <p className="mt-1 text-xs text-red-700">{problem}</p> : null}
                </td>
                {stockItems ? (
                  <td className="py-1 pr-2">
                    <select aria-label={`Line ${n} stock item`} className={inputClass} value={l.stockItemId} onChange={(e) => pickItem(i, e.target.value)}>
                      <option value="">Not stock (expensed)</option>
                      {stockItems.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.sku} · {s.name}
                        </option>
                      ))}
                    </select>
                  </td>
                ) : null}
                <td className="py-1 pr-2">
                  <input aria-label={`Line ${n} quantity`} inputMode="decimal" className={inputClass} value={l.quantity} onChange={(e) => set(i, { quantity: e.target.value })} />
                </td>
                <td className="py-1 pr-2">
                  <select aria-label={`Line ${n} unit`} className={inputClass} value={l.unitCode} onChange={(e) => set(i, { unitCode: e.target.value as UnitCode })}>
                    {UNIT_CODES.map((u) => (
                      <option key={u} value={u}>
                        {unitCodeLabels[u]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="py-1 pr-2">
                  <input aria-label={`Line ${n} ${priceLabel.toLowerCase()}`} inputMode="decimal" placeholder="0.00" className={inputClass} value={l.price} onChange={(e) => set(i, { price: e.target.value })} />
                </td>
                <td className="py-1 pr-2">
                  <select aria-label={`Line ${n} tax code`} className={inputClass} value={l.taxCode} onChange={(e) => set(i, { taxCode: e.target.value as TaxCode })}>
                    {TAX_CODES.map((c) => (
                      <option key={c} value={c}>
                        {taxCodeLabels[c]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="py-2 pr-2 text-right tabular-nums text-slate-700">{f ? aed(f.net) : '—'}</td>
                <td className="py-1">
                  {lines.length > 1 ? (
                    <button type="button" aria-label={`Remove line ${n}`} onClick={() => onChange(lines.filter((_, j) => j !== i))} className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-red-700">
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="text-sm">
            <td colSpan={stockItems ? 6 : 5} className="pt-3">
              <Button icon={Plus} onClick={() => onChange([...lines, emptyLine()])}>
                Add a line
              </Button>
            </td>
            <td colSpan={2} className="pt-3 text-right tabular-nums text-slate-700">
              <span className="block">Net {aed(totals.net)}</span>
              <span className="block">VAT {aed(totals.vat)}</span>
              <span className="block font-semibold text-ink">Total {aed(totals.net + totals.vat)}</span>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The lines as the API takes them: quantity as a decimal string, the price in fils. */
export const linesBody = (lines: LineDraft[], priceKey: 'estimatedUnitPrice' | 'unitPrice') =>
  lines.map((l) => ({ description: l.description.trim(), quantity: l.quantity.trim(), unitCode: l.unitCode, [priceKey]: parseAed(l.price)!.toString(), taxCode: l.taxCode, ...(l.stockItemId ? { stockItemId: l.stockItemId } : {}) }));
