/**
 * A settled property exit (?exit=<id>, GET /api/admin/exchange/exits/:id; right after settling, the
 * POST's answer): the sale, what the holders shared, and every holder's gross proceeds, performance
 * fee, VAT and net payment.
 */
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, X } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { aed, when } from '@site/components/admin/money/shared';
import { Amount, Busy, ErrorNote } from '@site/components/admin/ledger/parts';
import { formatDate } from '@site/components/admin/format';
import { Badge, Button, Card, DataTable } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import type { ExitJson } from '../../admin-contract';
import { exitUrl, SCREEN_PATH, shares } from './shared';

const columns = [
  { key: 'investor', label: 'Holder', className: 'min-w-56' },
  { key: 'units', label: 'Shares', align: 'right' as const },
  { key: 'gross', label: 'Gross (AED)', align: 'right' as const },
  { key: 'fee', label: 'Performance fee (AED)', align: 'right' as const },
  { key: 'vat', label: 'VAT (AED)', align: 'right' as const },
  { key: 'net', label: 'Net paid (AED)', align: 'right' as const },
];

export function ExitSummary({ exit }: { exit: ExitJson }) {
  const figures = [
    { label: 'Sale price', value: aed(exit.salePrice) },
    { label: 'Selling costs', value: aed(exit.sellingCosts) },
    { label: 'Net proceeds', value: aed(exit.netProceeds) },
    { label: 'Holders paid', value: exit.holders.toLocaleString('en-US') },
    { label: 'Paid to wallets', value: aed(exit.paid) },
    { label: 'Performance fees', value: aed(exit.performanceFees) },
    { label: 'VAT', value: aed(exit.vat) },
  ];
  const items = Array.isArray(exit.items) ? exit.items : [];
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-xl border border-slate-200 bg-slate-200 md:grid-cols-4" aria-label={`Totals of the sale of ${exit.title}`}>
        {figures.map((f) => (
          <div key={f.label} className="bg-white px-4 py-3">
            <dt className="text-xs font-medium text-slate-500">{f.label}</dt>
            <dd className="mt-0.5 whitespace-nowrap font-semibold tabular-nums text-ink">{f.value}</dd>
          </div>
        ))}
      </dl>
      <Card className="overflow-hidden">
        <DataTable caption={`Holders paid for ${exit.title}`} columns={columns} minWidth={820} empty={<p className="px-4 py-6 text-sm text-slate-600">No investor held shares on the sale date.</p>}>
          {items.map((h) => (
            <tr key={h.userId}>
              <td className="px-4 py-3 font-medium text-ink [overflow-wrap:anywhere]">{h.investor}</td>
              <td className="px-4 py-3 text-right tabular-nums">{shares(h.units)}</td>
              <td className="px-4 py-3 text-right">
                <Amount value={h.gross} />
              </td>
              <td className="px-4 py-3 text-right">
                <Amount value={h.performanceFee} />
              </td>
              <td className="px-4 py-3 text-right">
                <Amount value={h.vat} />
              </td>
              <td className="px-4 py-3 text-right font-medium">
                <Amount value={h.net} />
              </td>
            </tr>
          ))}
        </DataTable>
      </Card>
    </div>
  );
}

/** The exit named by ?exit=<id>, under the form; "Close" drops the parameter. */
export function ExitResult() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const id = params.get('exit');
  const exit = useQuery<ExitJson>({ queryKey: [exitUrl(id ?? '')], enabled: Boolean(id) });
  if (!id) return null;
  const close = () => {
    params.delete('exit');
    navigate(`${SCREEN_PATH}${params.size ? `?${params}` : ''}`);
  };
  const e = exit.data;
  return (
    <div className="mt-5 space-y-3" aria-live="polite">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-ink">
            <CircleCheck className="h-4 w-4 text-emerald-600" aria-hidden="true" />
            {e ? `Sale of ${e.title} settled` : 'Property exit'}
            {e ? <Badge tone="success">Settled</Badge> : null}
          </h3>
          {e ? (
            <p className="mt-0.5 text-sm text-slate-600">
              Exit {e.reference}: sold on {formatDate(e.saleDate)}; settled {when(e.createdAt)}. Each holder was paid pro rata to their units on the sale date, less the performance fee on their profit and VAT.
            </p>
          ) : null}
        </div>
        <Button icon={X} onClick={close}>
          Close<span className="sr-only"> the settled exit</span>
        </Button>
      </div>
      {exit.isPending ? <Busy>Loading the exit…</Busy> : exit.isError ? <ErrorNote title="Couldn't load this exit">{errorText(exit.error, 'Request failed')}</ErrorNote> : <ExitSummary exit={exit.data} />}
    </div>
  );
}
