/**
 * The reconciliation, Xero-like: each unmatched statement line on the left, its best suggestion on the right
 * with the reason, other candidates in a disclosure. Keyboard: ↑/↓ move between lines, Enter accepts the focused
 * line's suggestion, c posts the entry its rule proposes (or opens the entry form), i ignores it. What happened
 * is announced in a live region.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, FilePlus2, EyeOff } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Button, cx, EmptyState } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { formatAed } from '@modules/platform/money';
import type { LineSuggestionsJson, ReconciliationJson, StatementLineJson, SuggestionJson } from '../../contract';
import { CreateEntryDialog, IgnoreDialog } from './line-dialogs';
import { lineActionUrl, refreshBanking } from './shared';

type Done = { line: StatementLineJson; message: string };
type Action = { lineId: string; action: 'match' | 'create-entry' | 'ignore'; body: unknown; what: string };

export function ReconcileList({ data }: { data: ReconciliationJson }) {
  const client = useQueryClient();
  const accountId = data.bankAccount.id;
  const [focus, setFocus] = useState(0);
  const [announce, setAnnounce] = useState('');
  const [creating, setCreating] = useState<StatementLineJson | null>(null);
  const [ignoring, setIgnoring] = useState<StatementLineJson | null>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const suggestions = new Map<string, LineSuggestionsJson>(data.suggestions.map((s) => [s.lineId, s]));
  const lines = data.unmatched;
  const act = useMutation({
    mutationFn: (a: Action) => api.post<Done>(lineActionUrl(accountId, a.lineId, a.action), a.body),
    onSuccess: async (done, a) => {
      setAnnounce(`${a.what}: ${done.message}`);
      setCreating(null);
      setIgnoring(null);
      await refreshBanking(client);
    },
    onError: (err, a) => setAnnounce(`${a.what} failed: ${errorText(err, 'please try again.')}`),
  });

  useEffect(() => {
    if (focus >= lines.length && lines.length) setFocus(lines.length - 1);
  }, [lines.length, focus]);

  const accept = (line: StatementLineJson, s: SuggestionJson) => act.mutate({ lineId: line.id, action: 'match', body: { candidateKey: s.key }, what: `${formatAed(line.amount)} on ${line.date}` });
  const createFromRule = (line: StatementLineJson) => {
    const rule = suggestions.get(line.id)?.candidates.find((c) => c.kind === 'rule');
    if (rule) accept(line, rule);
    else setCreating(line);
  };
  const move = (to: number) => {
    const next = Math.max(0, Math.min(lines.length - 1, to));
    setFocus(next);
    items.current[next]?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const line = lines[index]!;
    const best = suggestions.get(line.id)?.candidates[0];
    if (e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Enter' && best) accept(line, best);
    else if (e.key === 'c') createFromRule(line);
    else if (e.key === 'i') setIgnoring(line);
    else return;
    e.preventDefault();
  };

  return (
    <section aria-labelledby="reconcile-title" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="reconcile-title" className="text-base font-semibold text-ink">
          Statement lines to reconcile <span className="text-slate-500">({lines.length})</span>
        </h3>
        <p className="text-xs text-slate-500">
          <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>Enter</kbd> accept the suggestion · <kbd>c</kbd> create the entry · <kbd>i</kbd> ignore
        </p>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announce}
      </p>
      {lines.length === 0 ? (
        <EmptyState icon={Check} title="Every statement line is reconciled">
          Import the next statement to carry on.
        </EmptyState>
      ) : (
        <ul aria-label="Statement lines to reconcile" className="grid gap-2">
          {lines.map((line, index) => (
            <li
              key={line.id}
              ref={(el) => {
                items.current[index] = el;
              }}
              tabIndex={index === Math.min(focus, lines.length - 1) ? 0 : -1}
              onFocus={() => setFocus(index)}
              onKeyDown={(e) => onKey(e, index)}
              aria-label={`${line.date}, ${formatAed(line.amount)}, ${line.description || line.reference}`}
              className={cx('grid gap-3 rounded-xl border bg-white p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 md:grid-cols-2', index === focus ? 'border-brand-300' : 'border-slate-200')}
            >
              <StatementSide line={line} onCreate={() => setCreating(line)} onIgnore={() => setIgnoring(line)} />
              <SuggestionSide line={line} suggestions={suggestions.get(line.id)?.candidates ?? []} onAccept={(s) => accept(line, s)} busy={act.isPending} />
            </li>
          ))}
        </ul>
      )}
      {act.error && !creating && !ignoring ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(act.error, 'The action failed. Please try again.')}
        </p>
      ) : null}
      <CreateEntryDialog
        line={creating}
        bankLedgerCode={data.bankAccount.ledgerAccountCode}
        onClose={() => setCreating(null)}
        onSubmit={(body) => creating && act.mutate({ lineId: creating.id, action: 'create-entry', body, what: `${formatAed(creating.amount)} on ${creating.date}` })}
        state={act}
      />
      <IgnoreDialog line={ignoring} onClose={() => setIgnoring(null)} onSubmit={(reason) => ignoring && act.mutate({ lineId: ignoring.id, action: 'ignore', body: { reason }, what: `${formatAed(ignoring.amount)} on ${ignoring.date}` })} state={act} />
    </section>
  );
}

function StatementSide({ line, onCreate, onIgnore }: { line: StatementLineJson; onCreate: () => void; onIgnore: () => void }) {
  const moneyIn = BigInt(line.amount) > 0n;
  return (
    <div className="min-w-0">
      <div className="flex items-baseline justify-between gap-3">
        <span className="tabular-nums text-sm text-slate-500">{line.date}</span>
        <span className={cx('tabular-nums font-semibold', moneyIn ? 'text-emerald-700' : 'text-ink')}>{formatAed(line.amount)}</span>
      </div>
      <p className="mt-1 break-words text-sm text-ink">{line.description || 'No description'}</p>
      <p className="text-xs text-slate-500">{[line.counterparty, line.reference && `Ref. ${line.reference}`].filter(Boolean).join(' · ')}</p>
      <div className="mt-2 flex gap-2">
        <Button icon={FilePlus2} onClick={onCreate}>
          Create entry
        </Button>
        <Button icon={EyeOff} onClick={onIgnore}>
          Ignore
        </Button>
      </div>
    </div>
  );
}

function Candidate({ s, onAccept, busy, primary }: { s: SuggestionJson; onAccept: () => void; busy: boolean; primary?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="break-words text-sm font-medium text-ink">{s.label}</p>
        <p className="text-xs text-slate-600">{s.reason}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Badge tone={s.score >= 80 ? 'success' : s.score >= 50 ? 'brand' : 'neutral'}>
          <span className="sr-only">Score </span>
          {s.score}
        </Badge>
        <Button variant={primary ? 'primary' : 'secondary'} icon={Check} onClick={onAccept} disabled={busy}>
          Accept<span className="sr-only">: {s.label}</span>
        </Button>
      </div>
    </div>
  );
}

function SuggestionSide({ line, suggestions, onAccept, busy }: { line: StatementLineJson; suggestions: SuggestionJson[]; onAccept: (s: SuggestionJson) => void; busy: boolean }) {
  const [best, ...others] = suggestions;
  if (!best) return <p className="self-center text-sm text-slate-500">Nothing in the books matches {formatAed(line.amount)} yet. Create the entry or ignore the line.</p>;
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 p-3">
      <Candidate s={best} onAccept={() => onAccept(best)} busy={busy} primary />
      {others.length ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs font-medium text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-500">Other candidates ({others.length})</summary>
          <div className="mt-2 grid gap-2">
            {others.map((s) => (
              <Candidate key={s.key} s={s} onAccept={() => onAccept(s)} busy={busy} />
            ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}
