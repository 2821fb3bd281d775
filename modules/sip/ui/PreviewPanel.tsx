/**
 * What the plan being set up would do, from POST /api/sip/preview (computed by the code that runs
 * collections): the next collection dates, the retail limit left, the wallet, and what the first
 * instalment would buy today, with the reasons and anything standing in the way.
 */
import { AlertTriangle, CalendarDays, Info } from 'lucide-react';
import { formatDate } from '@modules/platform/dates';
import { toFils } from '@modules/platform/money';
import { card, useMoney } from '@site/components/app/ui';
import { Skeleton, Spinner } from '@site/components/app/wallet/shared';
import type { SipSetupPreviewJson } from '../contract';
import { CollectionCalendar } from './parts';

export function PreviewPanel({
  preview,
  loading,
  error,
  waiting,
}: {
  preview: SipSetupPreviewJson | undefined;
  loading: boolean;
  error: string | null;
  /** The form is not valid yet: say what the preview waits for. */
  waiting: string | null;
}) {
  const money = useMoney();
  return (
    <section aria-labelledby="sip-preview-title" aria-busy={loading || undefined} className={`${card} p-5 sm:p-6`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sip-preview-title" className="font-display text-xl text-ink">
            Before you confirm
          </h2>
          <p className="mt-1 text-sm text-slate-500">What this plan would do, worked out by the same code that runs each collection.</p>
        </div>
        {loading ? <Spinner label="Updating…" /> : null}
      </div>

      {waiting ? (
        <p className="mt-5 flex gap-2 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
          <Info size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
          {waiting}
        </p>
      ) : error ? (
        <p role="alert" className="mt-5 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {error}
        </p>
      ) : !preview ? (
        <div className="mt-5 space-y-3" aria-hidden="true">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : (
        <div className="mt-5 space-y-6">
          {preview.problems.length > 0 ? (
            <div role="alert" className="rounded-lg border border-sand-300 bg-sand-50 p-4 text-sm text-slate-800">
              <p className="flex items-center gap-2 font-semibold text-ink">
                <AlertTriangle size={16} className="text-sand-700" aria-hidden="true" /> Check before you start
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {preview.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          ) : null}

          <div>
            <h3 className="flex items-center gap-2 text-sm font-semibold text-ink">
              <CalendarDays size={16} aria-hidden="true" /> Next collections
            </h3>
            <CollectionCalendar dates={preview.upcoming} amount={money(toFils(preview.amount))} />
          </div>

          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="rounded-lg bg-slate-50 p-4">
              <dt className="text-xs font-medium text-slate-500">Wallet available now</dt>
              <dd className="mt-1 font-display text-lg tabular-nums text-ink">{money(toFils(preview.walletAvailable))}</dd>
              <dd className="mt-1 text-xs text-slate-500">
                {toFils(preview.walletAvailable) >= toFils(preview.amount) ? 'Covers the first collection.' : `Add money before ${formatDate(preview.firstCollectionDate)}.`}{' '}
                <a href="/wallet" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  Wallet
                </a>
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-4">
              <dt className="text-xs font-medium text-slate-500">Retail limit left (12 months)</dt>
              <dd className="mt-1 font-display text-lg tabular-nums text-ink">
                {preview.retailLimit.remaining === null ? 'No limit' : money(toFils(preview.retailLimit.remaining))}
              </dd>
              <dd className="mt-1 text-xs text-slate-500">
                {preview.retailLimit.monthsCovered === null
                  ? 'Your account has no annual retail limit.'
                  : `Enough for ${preview.retailLimit.monthsCovered} ${preview.retailLimit.monthsCovered === 1 ? 'collection' : 'collections'} at this amount.`}
              </dd>
            </div>
          </dl>

          <div>
            <h3 className="text-sm font-semibold text-ink">If the first instalment were collected today</h3>
            {preview.purchases.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">It would buy nothing today: the amount would stay in your wallet until a property can take it.</p>
            ) : (
              <table className="mt-2 w-full text-left text-sm">
                <caption className="sr-only">What the first instalment would buy today</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Property
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Shares
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {preview.purchases.map((p) => (
                    <tr key={p.propertyId} className="border-b border-slate-100 last:border-0">
                      <th scope="row" className="py-2 pr-3 font-medium text-ink">
                        <a href={`/property/${p.propertyId}`} className="hover:text-brand-800 hover:underline">
                          {p.title}
                        </a>
                      </th>
                      <td className="py-2 pr-3 text-right tabular-nums">{p.shares}</td>
                      <td className="py-2 text-right tabular-nums">{money(toFils(p.amount))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {toFils(preview.unspent) > 0n ? (
              <p className="mt-2 text-sm text-slate-600">
                {money(toFils(preview.unspent))} would stay in your wallet (too little for the next share fraction, or no room left).
              </p>
            ) : null}
            {preview.explanation.length > 0 ? (
              <details className="mt-3 rounded-lg border border-slate-200 px-4 py-3">
                <summary className="cursor-pointer text-sm font-medium text-brand-800">Why these properties</summary>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
                  {preview.explanation.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              </details>
            ) : null}
            <p className="mt-3 text-xs text-slate-500">Today's picture: on the collection day, prices and what is open for funding may differ.</p>
          </div>
        </div>
      )}
    </section>
  );
}
