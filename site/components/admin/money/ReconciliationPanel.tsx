/**
 * The reconciliation check on the financial screen: the sum of investor wallets must equal the
 * client-money liability in the ledger, and the shares sold must equal the shares investors hold.
 * A clear OK or mismatch state, the figures behind it, and every wallet or property that disagrees.
 */
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, RefreshCw } from 'lucide-react';
import type { ReconciliationJson } from '@modules/investing/contract';
import { unitsToShareString } from '@modules/properties/contract';
import { errorText } from '@site/lib/api';
import { toFils } from '../ledger/money';
import { Amount, Busy } from '../ledger/parts';
import { Button, Card, DataTable, cx } from '../ui';
import { aed, when } from './shared';

export const RECONCILIATION_URL = '/api/admin/reconciliation';

function Check({ title, ok, rows }: { title: string; ok: boolean; rows: { label: string; value: string; strong?: boolean }[] }) {
  return (
    <div className={cx('rounded-lg border p-4', ok ? 'border-brand-200 bg-brand-50/40' : 'border-red-200 bg-red-50/60')}>
      <p className="flex items-center gap-2 text-sm font-semibold text-ink">
        {ok ? <CheckCircle2 className="h-4 w-4 text-brand-700" aria-hidden="true" /> : <AlertTriangle className="h-4 w-4 text-red-700" aria-hidden="true" />}
        {title}
        <span className={cx('ml-auto text-xs font-semibold uppercase tracking-wide', ok ? 'text-brand-800' : 'text-red-700')}>{ok ? 'Agrees' : 'Differs'}</span>
      </p>
      <dl className="mt-3 space-y-1.5 text-sm">
        {rows.map((r) => (
          <div key={r.label} className={cx('flex justify-between gap-4', r.strong && 'border-t border-slate-200 pt-1.5 font-semibold')}>
            <dt className="text-slate-600">{r.label}</dt>
            <dd className="whitespace-nowrap tabular-nums text-ink">{r.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function ReconciliationPanel() {
  const q = useQuery<ReconciliationJson>({ queryKey: [RECONCILIATION_URL] });
  const r = q.data;
  const walletMismatches = r?.walletMismatches ?? [];
  const propertyMismatches = r?.propertyMismatches ?? [];
  const moneyOk = r ? toFils(r.difference) === 0n && walletMismatches.length === 0 : false;
  const sharesOk = r ? toFils(r.sharesDifference) === 0n && propertyMismatches.length === 0 : false;
  return (
    <section aria-labelledby="reconciliation-title" className="mt-6">
      <Card className="p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 id="reconciliation-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
              Reconciliation
            </h2>
            <p className="mt-0.5 max-w-2xl text-sm text-slate-500">Investor wallets against the client-money liability in the ledger, and shares sold against shares held.</p>
          </div>
          <Button icon={RefreshCw} onClick={() => void q.refetch()} disabled={q.isFetching}>
            {q.isFetching ? 'Checking…' : 'Run the check again'}
          </Button>
        </div>

        <div role="status" aria-live="polite" className="mt-4">
          {q.isPending ? (
            <Busy>Checking the books…</Busy>
          ) : q.isError || !r ? (
            <p className="text-sm text-red-700">The check could not run: {errorText(q.error, 'please try again')}.</p>
          ) : (
            <p
              className={cx(
                'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold',
                r.ok === true ? 'bg-brand-50 text-brand-900 ring-1 ring-brand-200' : 'bg-red-50 text-red-800 ring-1 ring-red-200',
              )}
            >
              {r.ok === true ? <CheckCircle2 className="h-5 w-5" aria-hidden="true" /> : <AlertTriangle className="h-5 w-5" aria-hidden="true" />}
              {r.ok === true ? 'Reconciled: wallets, client money and shares all agree.' : 'Mismatch: the figures below do not agree. Investigate before closing the period.'}
              <span className="ml-auto text-xs font-normal text-slate-500">{r.checkedAt ? `Checked ${when(r.checkedAt)}` : null}</span>
            </p>
          )}
        </div>

        {r ? (
          <>
            <div className="mt-4 grid gap-4 lg:grid-cols-3">
              <Check
                title="Client money"
                ok={moneyOk}
                rows={[
                  { label: 'Investor wallets', value: aed(r.walletsTotal) },
                  { label: 'Client-money liability (2100)', value: aed(r.clientMoneyLedger) },
                  { label: 'Difference', value: aed(r.difference), strong: true },
                ]}
              />
              <Check
                title="Shares"
                ok={sharesOk}
                rows={[
                  { label: 'Shares sold', value: unitsToShareString(toFils(r.sharesSold), { trim: false }) },
                  { label: 'Shares held by investors', value: unitsToShareString(toFils(r.sharesHeld), { trim: false }) },
                  { label: 'Difference', value: unitsToShareString(toFils(r.sharesDifference), { trim: false }), strong: true },
                ]}
              />
              <Check
                title="Ledger"
                ok={r.ledgerBalanced === true}
                rows={[{ label: 'Every entry balanced, trial balance zero', value: r.ledgerBalanced ? 'Yes' : 'No', strong: true }]}
              />
            </div>
            {walletMismatches.length > 0 ? (
              <div className="mt-5 overflow-hidden rounded-lg border border-red-200">
                <DataTable
                  caption="Wallets that differ from their ledger account"
                  columns={[
                    { key: 'investor', label: 'Investor' },
                    { key: 'wallet', label: 'Wallet (AED)', align: 'right' },
                    { key: 'ledger', label: 'Ledger (AED)', align: 'right' },
                    { key: 'diff', label: 'Difference (AED)', align: 'right' },
                  ]}
                  minWidth={640}
                >
                  {walletMismatches.map((m) => (
                    <tr key={m.userId}>
                      <td className="px-4 py-2.5">
                        {m.name} <span className="font-mono text-xs text-slate-500">{m.unicode}</span>
                      </td>
                      <td className="px-4 py-2.5 text-right">
                        <Amount value={m.wallet} />
                      </td>
                      <td className="px-4 py-2.5 text-right">
                        <Amount value={m.ledger} />
                      </td>
                      <td className="px-4 py-2.5 text-right font-semibold text-red-800">
                        <Amount value={toFils(m.wallet) - toFils(m.ledger)} />
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </div>
            ) : null}
            {propertyMismatches.length > 0 ? (
              <div className="mt-5 overflow-hidden rounded-lg border border-red-200">
                <DataTable
                  caption="Properties whose shares sold differ from shares held"
                  columns={[
                    { key: 'property', label: 'Property' },
                    { key: 'sold', label: 'Shares sold', align: 'right' },
                    { key: 'held', label: 'Shares held', align: 'right' },
                  ]}
                  minWidth={560}
                >
                  {propertyMismatches.map((m) => (
                    <tr key={m.propertyId}>
                      <td className="px-4 py-2.5">
                        {m.title} <span className="font-mono text-xs text-slate-500">{m.reference}</span>
                      </td>
                      <td className="px-4 py-2.5 text-right tabular-nums">{unitsToShareString(toFils(m.sharesSold), { trim: false })}</td>
                      <td className="px-4 py-2.5 text-right tabular-nums">{unitsToShareString(toFils(m.sharesHeld), { trim: false })}</td>
                    </tr>
                  ))}
                </DataTable>
              </div>
            ) : null}
          </>
        ) : null}
      </Card>
    </section>
  );
}
