/**
 * The selected period's VAT 201 in the FTA's layout: VAT on sales and all other outputs (boxes 1a–8), VAT on
 * expenses and all other inputs (9–11), net VAT due (12–14). Each box that documents feed links to its
 * drill-down (?box=). Actions: File return, Record payment, and the CSV and PDF downloads.
 */
import { useQuery } from '@tanstack/react-query';
import { Download, FileCheck2, Landmark } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDate, formatDateTime } from '@site/components/admin/format';
import { ErrorNote } from '@site/components/admin/ledger/parts';
import { Badge, Button, Card, Section } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { ADJUSTMENT_COLUMN_BOXES } from '../../contract';
import { DOCUMENT_BOXES, returnBoxLabels, vatPeriodStatusLabels, type ReturnBox, type VatReturnJson } from '../../return-contract';
import { FileReturnDialog, PayReturnDialog } from './return-dialogs';
import { aed, boxHref, fils, returnUrl, statusTone } from './shared';

const OUTPUT_ROWS: ReturnBox[] = ['1a', '1b', '1c', '1d', '1e', '1f', '1g', '2', '3', '4', '5', '6', '7', '8'];
const INPUT_ROWS: ReturnBox[] = ['9', '10', '11'];
const hasAdjustment = (b: ReturnBox) => (ADJUSTMENT_COLUMN_BOXES as readonly string[]).includes(b) || b === '8' || b === '11';
const isTotal = (b: ReturnBox) => b === '8' || b === '11';

function BoxTable({ r, rows, caption, vatLabel }: { r: VatReturnJson; rows: ReturnBox[]; caption: string; vatLabel: string }) {
  return (
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[720px] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50/70 text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="w-14 px-4 py-2.5 text-left font-semibold">Box</th>
            <th scope="col" className="px-4 py-2.5 text-left font-semibold">Description</th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">Amount (AED)</th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">{vatLabel}</th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">Adjustment (AED)</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((b) => {
            const f = r.boxes[b];
            const drill = (DOCUMENT_BOXES as readonly string[]).includes(b);
            return (
              <tr key={b} className={isTotal(b) ? 'bg-slate-50 font-semibold text-ink' : undefined}>
                <th scope="row" className="px-4 py-2 text-left font-mono text-xs">
                  {drill ? (
                    <Link href={boxHref(r.period, b)} className="font-semibold text-brand-800 hover:underline" aria-label={`Box ${b}: the documents behind it`}>
                      {b}
                    </Link>
                  ) : (
                    b
                  )}
                </th>
                <td className="px-4 py-2 text-slate-700">
                  {returnBoxLabels[b]}
                  {b === r.platformCharges.box && fils(r.platformCharges.amount) !== 0n ? (
                    <span className="block text-xs text-slate-500">Includes platform charges to investors: {aed(r.platformCharges.amount)}, VAT {aed(r.platformCharges.vat)}</span>
                  ) : null}
                  {b === '9' && fils(r.otherRecoverableVat) !== 0n ? <span className="block text-xs text-slate-500">Includes other recoverable VAT from journal entries: {aed(r.otherRecoverableVat)}</span> : null}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{aed(f.amount)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{aed(f.vat)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{hasAdjustment(b) ? aed(f.adjustment) : <span className="text-slate-300">—</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function NetDue({ r }: { r: VatReturnJson }) {
  const net = fils(r.boxes['14'].vat);
  const rows: [ReturnBox, string][] = [
    ['12', aed(r.boxes['12'].vat)],
    ['13', aed(r.boxes['13'].vat)],
    ['14', net >= 0n ? aed(net) : `${aed(-net)} refundable`],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3" aria-label="Net VAT due">
      {rows.map(([b, v]) => (
        <div key={b} className={`rounded-xl border p-4 ${b === '14' ? 'border-brand-200 bg-brand-50/60' : 'border-slate-200 bg-white'}`}>
          <dt className="text-xs text-slate-600">
            <span className="font-mono font-semibold">Box {b}</span> · {returnBoxLabels[b]}
          </dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums text-ink">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Filing({ r }: { r: VatReturnJson }) {
  if (!r.filing) {
    if (r.status === 'open') return <p className="text-sm text-slate-600">The period is still running: the figures move as documents are posted. It can be filed from {formatDate(r.to)} onward.</p>;
    return <p className="text-sm text-slate-600">The period has ended and the return has not been filed. Filing is due by {formatDate(r.dueDate)}.</p>;
  }
  const f = r.filing;
  return (
    <p className="text-sm text-slate-600">
      Filed {formatDateTime(f.filedAt)}
      {f.filedBy ? ` by ${f.filedBy}` : ''}, FTA reference <span className="font-mono text-ink">{f.reference}</span>
      {f.settlementReference ? `; settlement entry ${f.settlementReference}` : ''}.{' '}
      {f.paidOn ? `Payment recorded on ${formatDate(f.paidOn)}${f.paymentReference ? ` (${f.paymentReference})` : ''}.` : 'No payment recorded yet.'} The figures are as filed and no longer move.
    </p>
  );
}

export function ReturnView({ period }: { period: string }) {
  const q = useQuery<VatReturnJson>({ queryKey: [returnUrl(period)] });
  const [dialog, setDialog] = useState<'file' | 'pay' | null>(null);
  const r = q.data;
  return (
    <Section
      title={r ? `VAT return ${r.label}` : 'VAT return'}
      description={r ? `${formatDate(r.from)} to ${formatDate(r.to)} · filing due ${formatDate(r.dueDate)} · amounts in AED` : undefined}
      actions={
        r ? (
          <div className="flex flex-wrap gap-2">
            {r.status === 'ready' ? (
              <Button variant="primary" icon={FileCheck2} onClick={() => setDialog('file')}>
                File return
              </Button>
            ) : null}
            {r.status === 'filed' && fils(r.net) !== 0n ? (
              <Button variant="primary" icon={Landmark} onClick={() => setDialog('pay')}>
                {fils(r.net) > 0n ? 'Record payment' : 'Record refund'}
              </Button>
            ) : null}
            <a className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50" href={`${returnUrl(period)}/csv`} download>
              <Download className="h-4 w-4" aria-hidden="true" /> CSV
            </a>
            <a className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50" href={`${returnUrl(period)}/pdf`} download>
              <Download className="h-4 w-4" aria-hidden="true" /> PDF
            </a>
          </div>
        ) : undefined
      }
    >
      {q.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Working out the return…
        </p>
      ) : q.isError || !r ? (
        <ErrorNote title="The return could not be loaded">{errorText(q.error, 'Try again in a moment.')}</ErrorNote>
      ) : (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-3">
            <Badge tone={statusTone[r.status]}>{vatPeriodStatusLabels[r.status]}</Badge>
            <Filing r={r} />
          </div>
          <Card className="overflow-hidden">
            <h3 className="px-4 pt-4 text-sm font-semibold text-ink">VAT on sales and all other outputs</h3>
            <BoxTable r={r} rows={OUTPUT_ROWS} caption={`VAT on sales and all other outputs, ${r.label}`} vatLabel="VAT amount (AED)" />
          </Card>
          <Card className="overflow-hidden">
            <h3 className="px-4 pt-4 text-sm font-semibold text-ink">VAT on expenses and all other inputs</h3>
            <BoxTable r={r} rows={INPUT_ROWS} caption={`VAT on expenses and all other inputs, ${r.label}`} vatLabel="Recoverable VAT (AED)" />
          </Card>
          <NetDue r={r} />
          <FileReturnDialog r={r} open={dialog === 'file'} onClose={() => setDialog(null)} />
          <PayReturnDialog r={r} open={dialog === 'pay'} onClose={() => setDialog(null)} />
        </div>
      )}
    </Section>
  );
}
