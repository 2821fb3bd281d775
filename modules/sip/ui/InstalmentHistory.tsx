/**
 * Every instalment of a plan, newest first: collected (what it bought, with links to the properties),
 * skipped, retrying (when the next try is) or failed (and why), with the explanation of each allocation.
 */
import { History } from 'lucide-react';
import { formatDate, monthYear } from '@modules/platform/dates';
import { toFils } from '@modules/platform/money';
import { EmptyState, Section, useMoney } from '@site/components/app/ui';
import type { SipInstalmentJson } from '../contract';
import { InstalmentStatusBadge } from './parts';

function Outcome({ i }: { i: SipInstalmentJson }) {
  const money = useMoney();
  if (i.status === 'skipped') return <p className="text-sm text-slate-600">Skipped: nothing was collected this month.</p>;
  if (i.status === 'retrying') {
    return (
      <p className="text-sm text-sand-800">
        Not collected yet.{i.failureReason ? ` ${i.failureReason}` : ''}
        {i.nextAttemptOn ? ` We will try again on ${formatDate(i.nextAttemptOn)}.` : ''}
      </p>
    );
  }
  if (i.status === 'failed') {
    return (
      <p className="text-sm text-red-800">
        Failed after {i.attempts} {i.attempts === 1 ? 'attempt' : 'attempts'}.{i.failureReason ? ` ${i.failureReason}` : ''} Nothing was taken from your wallet.
      </p>
    );
  }
  return (
    <div className="space-y-2 text-sm">
      <p className="text-slate-600">
        Invested {money(toFils(i.invested))}
        {toFils(i.unspent) > 0n ? `; ${money(toFils(i.unspent))} stayed in your wallet` : ''}
        {toFils(i.toppedUp) > 0n ? `; ${money(toFils(i.toppedUp))} topped up automatically` : ''}.
      </p>
      {i.purchases.length > 0 ? (
        <ul className="space-y-1">
          {i.purchases.map((p) => (
            <li key={`${p.propertyId}-${p.investmentId ?? ''}`} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
              <a href={`/property/${p.propertyId}`} className="font-medium text-brand-800 hover:underline">
                {p.title}
              </a>
              <span className="tabular-nums text-slate-600">
                {p.shares} {p.shares === '1' ? 'share' : 'shares'} · {money(toFils(p.amount))}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function InstalmentHistory({ instalments }: { instalments: SipInstalmentJson[] }) {
  const money = useMoney();
  return (
    <Section id="instalments-title" title="Instalments" description="Every collection of this plan, newest first.">
      {instalments.length === 0 ? (
        <EmptyState icon={History} title="No instalments yet">
          The first collection appears here on its day, with what it bought and why.
        </EmptyState>
      ) : (
        <ol className="-my-2 divide-y divide-slate-100">
          {instalments.map((i) => (
            <li key={i.id} className="py-4">
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <h3 className="text-sm font-semibold text-ink">
                  {monthYear(i.month)} <span className="font-normal text-slate-500">· due {formatDate(i.dueDate)}</span>
                </h3>
                <span className="flex items-center gap-3">
                  <span className="text-sm tabular-nums text-ink">{money(toFils(i.amount))}</span>
                  <InstalmentStatusBadge status={i.status} />
                </span>
              </div>
              <div className="mt-2">
                <Outcome i={i} />
              </div>
              {i.explanation.length > 0 ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-xs font-medium text-brand-800">Why it went where it went</summary>
                  <ul className="mt-1.5 list-disc space-y-1 pl-5 text-xs leading-relaxed text-slate-600">
                    {i.explanation.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
              {i.journalReference ? <p className="mt-1 text-xs text-slate-400">Ledger entry {i.journalReference}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
