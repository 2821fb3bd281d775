/** The returns figures shared by the dashboard card and the holding page: tiles with a sentence each. */
import { RefreshCw } from 'lucide-react';
import { formatDate } from '@modules/platform/dates';
import { toFils } from '@modules/platform/money';
import { xirrLabel } from '@modules/sip/ui/format';
import { btn, useMoney } from '@site/components/app/ui';
import { Problem, Skeleton } from '@site/components/app/wallet/shared';
import { errorText } from '@site/lib/api';
import { returnsExplanations, xirrReasonText, type ReturnsFiguresJson } from '../contract';
import { signedPercent } from './data';

/** A signed amount in the display currency: "+AED 12.00" / "−AED 3.00". */
export function useSignedMoney() {
  const money = useMoney();
  return (value: string) => {
    const f = toFils(value);
    return f === 0n ? money(0n) : f > 0n ? `+${money(f)}` : `−${money(-f)}`;
  };
}

export type Tile = { label: string; value: string; extra?: string | null; note: string };

export function Tiles({ tiles, columns = 4 }: { tiles: Tile[]; columns?: 3 | 4 }) {
  return (
    <dl className={`grid grid-cols-1 gap-3 sm:grid-cols-2 ${columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
      {tiles.map((t) => (
        <div key={t.label} className="rounded-lg bg-slate-50 p-4">
          <dt className="text-xs font-medium text-slate-500">{t.label}</dt>
          <dd className="mt-1 font-display text-lg tabular-nums text-ink">
            {t.value}
            {t.extra ? <span className="ml-2 text-sm font-medium text-slate-600">{t.extra}</span> : null}
          </dd>
          <dd className="mt-1 text-xs leading-relaxed text-slate-500">{t.note}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Income, value change, total and XIRR, each with what it means. */
export function useReturnTiles() {
  const money = useMoney();
  const signed = useSignedMoney();
  return (r: ReturnsFiguresJson): Tile[] => [
    { label: 'Income return', value: signed(r.income), extra: signedPercent(r.incomeReturnBps), note: returnsExplanations.income },
    { label: 'Value change', value: signed(r.valueChange), extra: signedPercent(r.valueChangeBps), note: returnsExplanations.valueChange },
    {
      label: 'Total return',
      value: signed(r.totalReturn),
      extra: signedPercent(r.totalReturnBps),
      note: `${returnsExplanations.totalReturn}${toFils(r.feesPaid.platform) > 0n ? ` Platform fees paid: ${money(toFils(r.feesPaid.platform))}.` : ''}`,
    },
    {
      label: 'Annual return (XIRR)',
      value: r.xirrBps === null ? 'Not yet' : xirrLabel(r.xirrBps),
      note: r.xirrReason ? xirrReasonText[r.xirrReason] : `${returnsExplanations.xirr}${r.since ? ` Since ${formatDate(r.since)}.` : ''}`,
    },
  ];
}

/** "Fees paid: AED 18.78 (purchases AED 0.00, sales AED 3.28, platform AED 15.50)". */
export function FeesLine({ r }: { r: ReturnsFiguresJson }) {
  const money = useMoney();
  const f = r.feesPaid;
  return (
    <p className="mt-3 text-xs text-slate-500">
      Fees paid: {money(toFils(f.total))} (purchases {money(toFils(f.purchase))}, sales {money(toFils(f.sale))}, platform {money(toFils(f.platform))}). Invested{' '}
      {money(toFils(r.invested))}; worth {money(toFils(r.currentValue))} today{toFils(r.saleProceeds) > 0n ? `, and your sales brought in ${money(toFils(r.saleProceeds))}` : ''}.
    </p>
  );
}

export function TilesLoading({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <p className="sr-only" role="status">
        {label}
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    </div>
  );
}

export function LoadProblem({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <Problem
      title={title}
      action={
        <button type="button" className={btn.secondary} onClick={retry}>
          <RefreshCw size={16} aria-hidden="true" /> Try again
        </button>
      }
    >
      {errorText(error, 'Please try again.')}
    </Problem>
  );
}
