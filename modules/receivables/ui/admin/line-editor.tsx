/**
 * The lines of an invoice or a recurring template as a person types them, with each line's net and VAT and
 * the totals worked out live by the same arithmetic the server uses (amounts-contract.ts): quantity × unit
 * price rounded half-even, less the discount, VAT per line by its tax code, and the AED figures at the rate.
 */
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { inputClass } from '@site/components/admin/ledger/parts';
import { Button, cx } from '@site/components/admin/ui';
import { minorToInput, parseFils } from '@modules/platform/money';
import { EMIRATES, emirateLabels, SALES_TAX_CODES, taxCodeLabels, type Emirate, type TaxCode } from '@modules/tax/contract';
import { documentTotals, lineFigures, QUANTITY, type LineInput } from '../../contract';
import { money } from './shared';

/** `emirate` '' is the registration's default place of supply. */
export type LineDraft = { description: string; quantity: string; unitPrice: string; discount: string; taxCode: TaxCode; emirate: Emirate | ''; incomeAccount: '4300' | '4200'; property: string };

export const emptyLine = (): LineDraft => ({ description: '', quantity: '1', unitPrice: '', discount: '', taxCode: 'standard', emirate: '', incomeAccount: '4300', property: '' });

/** A stored line (fils) back as text in the form. */
export const lineDraftOf = (l: { description: string; quantity: string; unitPrice: string; discount?: string; taxCode: TaxCode; emirate?: string | null; incomeAccount?: string; property?: string | null }): LineDraft => ({
  description: l.description,
  quantity: l.quantity,
  unitPrice: minorToInput(BigInt(l.unitPrice)),
  discount: l.discount && l.discount !== '0' ? minorToInput(BigInt(l.discount)) : '',
  taxCode: l.taxCode,
  emirate: (EMIRATES as readonly string[]).includes(l.emirate ?? '') ? (l.emirate as Emirate) : '',
  incomeAccount: l.incomeAccount === '4200' ? '4200' : '4300',
  property: l.property ?? '',
});

type Parsed = { input: Omit<LineInput, 'unitPrice' | 'discount'> & { unitPrice: string; discount?: string }; net: bigint; vat: bigint; netAed: bigint; vatAed: bigint } | { error: string };

/** One line checked and worked out, or the reason it cannot be. */
export function parseLine(l: LineDraft, currency: string, rate: string): Parsed {
  if (!l.description.trim()) return { error: 'Describe the line.' };
  if (!QUANTITY.test(l.quantity.trim()) || !/[1-9]/.test(l.quantity)) return { error: 'The quantity is a number with at most 3 decimals, such as 1 or 2.5.' };
  const unitPrice = parseFils(l.unitPrice);
  if (unitPrice === null) return { error: 'Enter the unit price, such as 1,250.00.' };
  const discount = l.discount.trim() ? parseFils(l.discount) : 0n;
  if (discount === null) return { error: 'Enter the discount as an amount, such as 50.00.' };
  const f = lineFigures({ quantity: l.quantity.trim(), unitPrice, discount, taxCode: l.taxCode }, currency, rate);
  if (!f) return { error: 'The discount is larger than the line.' };
  return {
    input: {
      description: l.description.trim(),
      quantity: l.quantity.trim(),
      unitPrice: unitPrice.toString(),
      ...(discount > 0n ? { discount: discount.toString() } : {}),
      taxCode: l.taxCode as LineInput['taxCode'],
      ...(l.emirate ? { emirate: l.emirate } : {}),
      incomeAccount: l.incomeAccount,
      ...(l.property.trim() ? { property: l.property.trim().toUpperCase() } : {}),
    },
    net: f.net,
    vat: f.vat,
    netAed: f.netAed,
    vatAed: f.vatAed,
  };
}

export function LinesEditor({ lines, onChange, currency, rate, showErrors }: { lines: LineDraft[]; onChange: (lines: LineDraft[]) => void; currency: string; rate: string; showErrors: boolean }) {
  const id = useId();
  const parsed = lines.map((l) => parseLine(l, currency, rate));
  const ok = parsed.filter((p): p is Exclude<Parsed, { error: string }> => !('error' in p));
  const totals = documentTotals(ok, currency, rate);
  const set = (i: number, patch: Partial<LineDraft>) => onChange(lines.map((l, n) => (n === i ? { ...l, ...patch } : l)));
  const cell = 'px-1.5 py-1.5 align-top';
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto rounded-xl border border-slate-200">
        <table className="w-full min-w-[56rem] text-sm">
          <caption className="sr-only">Invoice lines</caption>
          <thead className="bg-slate-50 text-left text-xs font-medium text-slate-600">
            <tr>
              <th className={cell}>Description</th>
              <th className={cell}>Quantity</th>
              <th className={cell}>Unit price ({currency})</th>
              <th className={cell}>Discount</th>
              <th className={cell}>Tax code and emirate</th>
              <th className={cell}>Income</th>
              <th className={cell}>Property</th>
              <th className={cx(cell, 'text-right')}>Net / VAT</th>
              <th className={cell}>
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => {
              const p = parsed[i]!;
              const n = i + 1;
              return (
                <tr key={i} className="border-t border-slate-100">
                  <td className={cx(cell, 'min-w-56')}>
                    <input aria-label={`Line ${n} description`} className={inputClass} value={l.description} onChange={(e) => set(i, { description: e.target.value })} />
                    {showErrors && 'error' in p ? (
                      <p role="alert" id={`${id}-e${i}`} className="mt-1 text-xs text-red-700">
                        Line {n}: {p.error}
                      </p>
                    ) : null}
                  </td>
                  <td className={cell}>
                    <input aria-label={`Line ${n} quantity`} inputMode="decimal" className={cx(inputClass, 'w-20')} value={l.quantity} onChange={(e) => set(i, { quantity: e.target.value })} />
                  </td>
                  <td className={cell}>
                    <input aria-label={`Line ${n} unit price`} inputMode="decimal" className={cx(inputClass, 'w-28')} value={l.unitPrice} onChange={(e) => set(i, { unitPrice: e.target.value })} />
                  </td>
                  <td className={cell}>
                    <input aria-label={`Line ${n} discount`} inputMode="decimal" className={cx(inputClass, 'w-24')} value={l.discount} onChange={(e) => set(i, { discount: e.target.value })} />
                  </td>
                  <td className={cell}>
                    <select aria-label={`Line ${n} tax code`} className={inputClass} value={l.taxCode} onChange={(e) => set(i, { taxCode: e.target.value as TaxCode })}>
                      {SALES_TAX_CODES.map((c) => (
                        <option key={c} value={c}>
                          {taxCodeLabels[c]}
                        </option>
                      ))}
                    </select>
                    <select aria-label={`Line ${n} emirate of supply`} className={cx(inputClass, 'mt-1')} value={l.emirate} onChange={(e) => set(i, { emirate: e.target.value as LineDraft['emirate'] })}>
                      <option value="">Emirate: as registered</option>
                      {EMIRATES.map((e) => (
                        <option key={e} value={e}>
                          {emirateLabels[e]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className={cell}>
                    <select aria-label={`Line ${n} income account`} className={inputClass} value={l.incomeAccount} onChange={(e) => set(i, { incomeAccount: e.target.value as LineDraft['incomeAccount'] })}>
                      <option value="4300">4300 Services</option>
                      <option value="4200">4200 Rent</option>
                    </select>
                  </td>
                  <td className={cell}>
                    <input aria-label={`Line ${n} property reference`} placeholder="MZ-DXB-001" className={cx(inputClass, 'w-32')} value={l.property} onChange={(e) => set(i, { property: e.target.value })} />
                  </td>
                  <td className={cx(cell, 'whitespace-nowrap text-right tabular-nums')}>
                    {'error' in p ? (
                      <span className="text-slate-400">—</span>
                    ) : (
                      <>
                        <span className="block text-ink">{money(p.net, currency)}</span>
                        <span className="block text-xs text-slate-500">VAT {money(p.vat, currency)}</span>
                      </>
                    )}
                  </td>
                  <td className={cell}>
                    <button
                      type="button"
                      aria-label={`Remove line ${n}`}
                      disabled={lines.length === 1}
                      onClick={() => onChange(lines.filter((_, k) => k !== i))}
                      className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-red-700 disabled:opacity-40"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <Button icon={Plus} onClick={() => onChange([...lines, emptyLine()])}>
          Add a line
        </Button>
        <dl aria-label="Invoice totals" aria-live="polite" className="grid min-w-64 grid-cols-2 gap-x-6 gap-y-1 text-sm">
          <dt className="text-slate-500">Net</dt>
          <dd className="text-right tabular-nums">{money(totals.net, currency)}</dd>
          <dt className="text-slate-500">VAT</dt>
          <dd className="text-right tabular-nums">{money(totals.vat, currency)}</dd>
          <dt className="font-semibold text-ink">Total</dt>
          <dd className="text-right font-semibold tabular-nums text-ink">{money(totals.total, currency)}</dd>
          {currency !== 'AED' ? (
            <>
              <dt className="text-slate-500">In AED at {rate}</dt>
              <dd className="text-right tabular-nums">{money(totals.totalAed, 'AED')}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </div>
  );
}

/** Every line's API input, or null while one cannot be read. */
export function linesInput(lines: LineDraft[], currency: string, rate: string) {
  const parsed = lines.map((l) => parseLine(l, currency, rate));
  if (parsed.some((p) => 'error' in p)) return null;
  return parsed.map((p) => (p as Exclude<Parsed, { error: string }>).input);
}
