/**
 * The balances header: the bank's balance by the statements, the books' balance of the bank's ledger account,
 * and their difference, explained item by item (bank lines not in the books, book lines not in the bank, …),
 * grouped by reason, each group's total shown so the sum visibly makes the difference.
 */
import { Scale } from 'lucide-react';
import { StatCard, StatGrid } from '@site/components/admin/ui';
import { formatAed } from '@modules/platform/money';
import { EXPLANATION_KINDS, explanationLabels, type ExplanationItemJson, type ReconciliationJson } from '../../contract';

const MAX_SHOWN = 50;

export function BalancesHeader({ data }: { data: ReconciliationJson }) {
  const difference = BigInt(data.difference);
  return (
    <section aria-label="Balances" className="grid gap-4">
      <StatGrid>
        <StatCard label="Statement balance" value={formatAed(data.statementBalance)} hint={`By the imported statements, ${data.to}`} />
        <StatCard label="Ledger balance" value={formatAed(data.ledgerBalance)} hint={`Account ${data.bankAccount.ledgerAccountCode} in the books, ${data.to}`} />
        <StatCard label="Difference" icon={Scale} value={formatAed(difference)} hint={difference === 0n ? 'The bank and the books agree.' : 'Statement − ledger, explained below.'} />
      </StatGrid>
      {data.explanation.length ? <Explanation items={data.explanation} difference={difference} /> : null}
    </section>
  );
}

function Explanation({ items, difference }: { items: ExplanationItemJson[]; difference: bigint }) {
  const groups = EXPLANATION_KINDS.map((kind) => {
    const of = items.filter((i) => i.kind === kind);
    return { kind, items: of, total: of.reduce((s, i) => s + BigInt(i.amount), 0n) };
  }).filter((g) => g.items.length);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="text-sm font-semibold text-ink">Why the balances differ</h3>
      <ul className="mt-2 divide-y divide-slate-100">
        {groups.map((g) => (
          <li key={g.kind} className="py-2">
            <details>
              <summary className="flex cursor-pointer items-center justify-between gap-4 rounded text-sm focus-visible:outline-2 focus-visible:outline-brand-500">
                <span>
                  {explanationLabels[g.kind]} <span className="text-slate-500">({g.items.length})</span>
                </span>
                <span className="tabular-nums font-medium">{formatAed(g.total)}</span>
              </summary>
              <ul className="mt-2 space-y-1 pl-4 text-sm text-slate-600">
                {g.items.slice(0, MAX_SHOWN).map((i, n) => (
                  <li key={`${i.statementLineId ?? i.journalLineId ?? n}`} className="flex justify-between gap-4">
                    <span className="min-w-0">
                      {i.date ? <span className="tabular-nums text-slate-500">{i.date} </span> : null}
                      {i.entryReference ? <span className="font-mono text-xs">{i.entryReference} </span> : null}
                      {i.description}
                    </span>
                    <span className="tabular-nums">{formatAed(i.amount)}</span>
                  </li>
                ))}
                {g.items.length > MAX_SHOWN ? <li>and {g.items.length - MAX_SHOWN} more, in the statement lines and the general ledger.</li> : null}
              </ul>
            </details>
          </li>
        ))}
        <li className="flex justify-between gap-4 pt-2 text-sm font-semibold text-ink">
          <span>Difference</span>
          <span className="tabular-nums">{formatAed(difference)}</span>
        </li>
      </ul>
    </div>
  );
}
