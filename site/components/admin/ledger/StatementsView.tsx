/**
 * The financial statements for any period: profit and loss, balance sheet, cash flow and trial
 * balance, each beside the prior period (current, prior, change), filtered by cost center or property,
 * with the statement's checks, CSV and PDF exports from the server and print-to-PDF (a print stylesheet lays
 * the statement out on its own, with a heading that says what it is and when it was produced).
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CircleCheck, FileDown, FileText, Printer, TriangleAlert } from 'lucide-react';
import { ACCOUNT_TYPES, accountTypeLabels } from '@modules/ledger/contract';
import { ErrorState, SkeletonRows } from '../table/states';
import { Button, Card, EmptyState, Toolbar, cx } from '../ui';
import { PRESETS, formatDate, formatRange, isIsoDate, presetOf, presetRange, todayInDubai, addDays, type PresetKey, type Range } from './dates';
import { COST_CENTERS_URL, ledgerUrl } from './endpoints';
import { ExportButton } from './ExportButton';
import { toFils } from './money';
import { Amount, Balance, Field, Select } from './parts';
import {
  REPORTS,
  balanceSheetStatement,
  cashFlowStatement,
  changePercent,
  profitAndLossStatement,
  trialBalanceCheck,
  type Check,
  type ReportKey,
  type Statement,
} from './statements';
import type { BalanceSheetJson, CashFlowJson, CostCentersResponse, ProfitAndLossJson, TrialBalanceResponse } from './types';

const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 14mm 12mm; }
  html, body { background: #fff !important; }
  body > *:not([data-statement-print]) { display: none !important; }
  [data-statement-print] { display: block !important; color: #0f172a; font-size: 10pt; }
  [data-statement-print] table { width: 100%; min-width: 0 !important; border-collapse: collapse; }
  [data-statement-print] th, [data-statement-print] td { padding: 3pt 6pt; }
  [data-statement-print] tr { break-inside: avoid; }
  [data-statement-print] thead { display: table-header-group; }
}
@media screen { [data-statement-print] { display: none !important; } }
`;

export function StatementsView({ initialReport = 'profit-and-loss' }: { initialReport?: ReportKey }) {
  const today = todayInDubai();
  const [report, setReport] = useState<ReportKey>(initialReport);
  const [range, setRange] = useState<Range>(() => presetRange('year-to-date', today));
  const [costCenter, setCostCenter] = useState('');
  const [propertyText, setPropertyText] = useState('');
  const [property, setProperty] = useState('');
  const [printing, setPrinting] = useState(false);
  const generatedAt = useRef(new Date());
  useEffect(() => {
    const t = setTimeout(() => setProperty(propertyText.trim()), 400);
    return () => clearTimeout(t);
  }, [propertyText]);

  const centers = useQuery<CostCentersResponse>({ queryKey: [COST_CENTERS_URL] });
  const rangeOk = isIsoDate(range.from) && isIsoDate(range.to) && range.from <= range.to;
  const params = { from: range.from, to: range.to, costCenter, property };
  const url = ledgerUrl(`/${report}`, params);
  const q = useQuery<unknown>({ queryKey: [url], placeholderData: keepPreviousData, enabled: rangeOk });
  const isCurrent = q.data !== undefined && !q.isPlaceholderData;
  const meta = REPORTS.find((r) => r.key === report)!;
  const preset = presetOf(range, today);

  // Ctrl+P prints the statement too: render the print copy just before the browser lays the page out.
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  const print = () => {
    generatedAt.current = new Date();
    flushSync(() => setPrinting(true));
    window.print();
  };

  const filterText = [costCenter ? `cost center ${costCenter}` : '', property ? `property ${property}` : ''].filter(Boolean).join(', ');
  const body = q.data ? <ReportBody report={report} data={q.data} /> : null;

  return (
    <>
      <style>{PRINT_CSS}</style>
      <ReportTabs current={report} onChange={setReport} />
      <Card className="mt-4 overflow-hidden">
        <Toolbar label="Report period and filters">
          <Select
            label="Period"
            value={preset}
            onChange={(k) => k && setRange(presetRange(k as PresetKey, today))}
            options={[...PRESETS.map((p) => ({ value: p.key, label: p.label })), ...(preset ? [] : [{ value: '', label: 'Custom dates' }])]}
            className="sm:w-40"
          />
          <Field label="From" type="date" value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} className="sm:w-40" error={rangeOk ? null : 'Choose a start on or before the end.'} />
          <Field label="To" type="date" value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} className="sm:w-40" />
          <Select
            label="Cost center"
            value={costCenter}
            onChange={setCostCenter}
            options={[{ value: '', label: 'All cost centers' }, ...(centers.data?.items ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))]}
            className="sm:w-52"
          />
          <Field label="Property" value={propertyText} onChange={setPropertyText} placeholder="Any property" className="sm:w-40" maxLength={64} />
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <ExportButton url={ledgerUrl(`/${report}`, { ...params, format: 'csv' })} fallbackName={`${report}-${range.from}-to-${range.to}.csv`} disabled={!rangeOk || !isCurrent} />
            <PdfLink href={ledgerUrl(`/${report}`, { ...params, format: 'pdf' })} disabled={!rangeOk || !isCurrent} />
            <Button icon={Printer} onClick={print} disabled={!isCurrent}>
              Print or save as PDF
            </Button>
          </div>
        </Toolbar>

        <div className="border-b border-slate-200 px-4 py-4 sm:px-5">
          <h3 className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
            {meta.title}
          </h3>
          <p className="mt-0.5 text-sm text-slate-500">
            {rangeOk ? (report === 'balance-sheet' ? `At ${formatDate(range.to)}, compared with ${formatDate(addDays(range.from, -1))}` : formatRange(range.from, range.to)) : 'Choose a valid period'}
            {filterText ? ` · ${filterText}` : ''} · amounts in AED, negatives in parentheses
          </p>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{meta.description}</p>
        </div>

        <div aria-busy={q.isFetching || undefined} aria-live="polite" className={cx(q.isFetching && q.data ? 'opacity-60 transition-opacity' : undefined)}>
          {!rangeOk ? (
            <EmptyState icon={FileText} title="Choose a period">
              The start date must be on or before the end date.
            </EmptyState>
          ) : q.isError ? (
            <ErrorState error={q.error} what={`the ${meta.title.toLowerCase()}`} onRetry={() => void q.refetch()} retrying={q.isFetching} />
          ) : body ? (
            body
          ) : (
            <LoadingTable report={report} />
          )}
        </div>
      </Card>

      {printing && q.data
        ? createPortal(
            <div data-statement-print="">
              <header style={{ borderBottom: '1.5pt solid #0f3d3a', paddingBottom: '6pt', marginBottom: '10pt' }}>
                <p style={{ fontSize: '9pt', letterSpacing: '0.08em', textTransform: 'uppercase', color: '#64748b' }}>Manzil · Amounts in AED</p>
                <h1 style={{ fontSize: '16pt', fontWeight: 600, margin: '2pt 0', fontFamily: 'var(--font-display)' }}>{meta.title}</h1>
                <p style={{ fontSize: '9.5pt', color: '#334155' }}>
                  {report === 'balance-sheet' ? `At ${formatDate(range.to)}, compared with ${formatDate(addDays(range.from, -1))}` : `${formatRange(range.from, range.to)}`}
                  {filterText ? ` · ${filterText}` : ''} · produced {generatedAt.current.toISOString().slice(0, 16).replace('T', ' ')} UTC
                </p>
              </header>
              <ReportBody report={report} data={q.data} forPrint />
            </div>,
            document.body,
          )
        : null}
    </>
  );
}

function ReportTabs({ current, onChange }: { current: ReportKey; onChange: (k: ReportKey) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const onKey = (e: KeyboardEvent, i: number) => {
    const n = REPORTS.length;
    const next = e.key === 'ArrowRight' ? (i + 1) % n : e.key === 'ArrowLeft' ? (i - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    onChange(REPORTS[next]!.key);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Statement" className="relative -mx-4 mt-6 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
      {REPORTS.map((r, i) => {
        const active = r.key === current;
        return (
          <button
            key={r.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${id}-${r.key}`}
            type="button"
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            onClick={() => onChange(r.key)}
            onKeyDown={(e) => onKey(e, i)}
            className={cx(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
              active ? 'border-brand-700 font-semibold text-brand-900' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-ink',
            )}
          >
            {r.short}
          </button>
        );
      })}
    </div>
  );
}

const HEAD = 'whitespace-nowrap px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500';

function LoadingTable({ report }: { report: ReportKey }) {
  const cols = report === 'trial-balance' ? ['Account', 'Opening', 'Debits', 'Credits', 'Closing debit', 'Closing credit'] : ['Account', 'This period', 'Prior period', 'Change'];
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[640px] text-sm" aria-busy="true">
        <caption className="sr-only">Loading the statement</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50/70">
            {cols.map((c, i) => (
              <th key={c} scope="col" className={cx(HEAD, i > 0 ? 'text-right' : 'text-left')}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <SkeletonRows columns={cols.length} rows={8} />
        </tbody>
      </table>
    </div>
  );
}

/** The server's typeset PDF of the statement: a plain download link, so the browser saves it under the server's filename. */
function PdfLink({ href, disabled }: { href: string; disabled: boolean }) {
  const cls = 'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-700 transition-colors';
  if (disabled) {
    return (
      <span role="link" aria-disabled="true" className={cx(cls, 'cursor-not-allowed opacity-50')}>
        <FileDown className="h-4 w-4" aria-hidden="true" />
        Download PDF
      </span>
    );
  }
  return (
    <a href={href} download className={cx(cls, 'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500')}>
      <FileDown className="h-4 w-4" aria-hidden="true" />
      Download PDF
    </a>
  );
}

function ReportBody({ report, data, forPrint }: { report: ReportKey; data: unknown; forPrint?: boolean }) {
  const statement = useMemo<Statement | null>(() => {
    try {
      if (report === 'profit-and-loss') return profitAndLossStatement(data as ProfitAndLossJson);
      if (report === 'balance-sheet') return balanceSheetStatement(data as BalanceSheetJson);
      if (report === 'cash-flow') return cashFlowStatement(data as CashFlowJson);
    } catch {
      return null;
    }
    return null;
  }, [report, data]);
  if (report === 'trial-balance') {
    const tb = data as TrialBalanceResponse;
    if (!Array.isArray(tb?.rows)) return <Unreadable />;
    return <TrialBalanceTable tb={tb} forPrint={forPrint} />;
  }
  if (!statement) return <Unreadable />;
  return <StatementTable statement={statement} forPrint={forPrint} />;
}

function Unreadable() {
  return (
    <EmptyState icon={TriangleAlert} title="This report couldn’t be read">
      The server answered with something other than the statement. Reload the page; if it persists, the ledger service needs attention.
    </EmptyState>
  );
}

export function StatementTable({ statement: s, forPrint }: { statement: Statement; forPrint?: boolean }) {
  const empty = s.lines.every((l) => l.kind !== 'row' || (l.figures.current === 0n && l.figures.prior === 0n));
  return (
    <>
      <div className="relative overflow-x-auto" role={forPrint ? undefined : 'region'} aria-label={forPrint ? undefined : s.title} tabIndex={forPrint ? undefined : 0}>
        <table className="w-full min-w-[640px] border-collapse text-sm">
          <caption className="sr-only">
            {s.title}: {s.currentLabel} compared with {s.priorLabel}, in AED
          </caption>
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50/70">
              <th scope="col" className={cx(HEAD, 'text-left')}>
                Account
              </th>
              <th scope="col" className={cx(HEAD, 'text-right')}>
                <span className="block normal-case tracking-normal">{s.currentLabel}</span>
                <span className="sr-only"> (this period)</span>
              </th>
              <th scope="col" className={cx(HEAD, 'text-right')}>
                <span className="block normal-case tracking-normal">{s.priorLabel}</span>
                <span className="sr-only"> (prior period)</span>
              </th>
              <th scope="col" className={cx(HEAD, 'text-right')}>
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {s.lines.map((l, i) => {
              if (l.kind === 'heading') {
                return (
                  <tr key={i} className="border-t border-slate-200">
                    <th scope="colgroup" colSpan={4} className="px-4 pb-1.5 pt-4 text-left text-xs font-semibold uppercase tracking-wide text-sand-700">
                      {l.label}
                    </th>
                  </tr>
                );
              }
              const strong = l.kind !== 'row' || l.group;
              const pct = changePercent(l.figures);
              return (
                <tr key={i} className={cx(l.kind === 'total' && 'border-t border-slate-200', l.kind === 'grand' && 'border-y-2 border-slate-300 bg-slate-50/70')}>
                  <th scope="row" className={cx('px-4 py-2 text-left', strong ? 'font-semibold text-ink' : 'font-normal text-slate-700')}>
                    <span style={l.kind === 'row' ? { paddingLeft: `${l.depth * 1.1}rem` } : undefined} className="block">
                      {l.kind === 'row' && l.code ? <span className="mr-2 font-mono text-xs font-normal text-slate-400">{l.code}</span> : null}
                      {l.label}
                    </span>
                  </th>
                  <td className={cx('px-4 py-2 text-right', strong && 'font-semibold')}>
                    <Amount value={l.figures.current} />
                  </td>
                  <td className="px-4 py-2 text-right text-slate-600">
                    <Amount value={l.figures.prior} />
                  </td>
                  <td className={cx('px-4 py-2 text-right', l.figures.change === 0n ? 'text-slate-400' : 'text-slate-700')}>
                    <Amount value={l.figures.change} />
                    {pct && !forPrint ? <span className="ml-1.5 hidden text-xs text-slate-400 md:inline">{pct}</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {empty ? <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500">Nothing was posted in either period with these filters, so every figure is zero.</p> : null}
      <Checks checks={s.checks} />
    </>
  );
}

function Checks({ checks }: { checks: Check[] }) {
  return (
    <ul className="flex flex-col gap-2 border-t border-slate-200 bg-slate-50/50 px-4 py-3 sm:flex-row sm:flex-wrap sm:gap-x-6" aria-label="Checks">
      {checks.map((c) => (
        <li key={c.label} className={cx('flex items-start gap-2 text-sm', c.ok ? 'text-brand-900' : 'font-medium text-red-800')}>
          {c.ok ? <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" /> : <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />}
          <span>
            <span className="font-medium">{c.label}</span>
            <span className="sr-only">{c.ok ? ': passes. ' : ': fails. '}</span>
            <span className="text-slate-600"> {c.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function TrialBalanceTable({ tb, forPrint }: { tb: TrialBalanceResponse; forPrint?: boolean }) {
  const check = trialBalanceCheck(tb);
  const openNet = (r: TrialBalanceResponse['rows'][number]) => toFils(r.opening.debit) - toFils(r.opening.credit);
  const groups = ACCOUNT_TYPES.map((t) => ({ type: t, rows: tb.rows.filter((r) => r.accountType === t) })).filter((g) => g.rows.length > 0);
  const num = 'whitespace-nowrap px-4 py-2 text-right';
  return (
    <>
      <div className="relative overflow-x-auto" role={forPrint ? undefined : 'region'} aria-label={forPrint ? undefined : 'Trial balance'} tabIndex={forPrint ? undefined : 0}>
        <table className="w-full min-w-[760px] border-collapse text-sm">
          <caption className="sr-only">
            Trial balance, {tb.from ? formatRange(tb.from, tb.to) : `to ${formatDate(tb.to)}`}, in AED. Opening balances are at the close of the prior period, as debit (Dr) or credit (Cr).
          </caption>
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50/70">
              <th scope="col" className={cx(HEAD, 'text-left')}>Account</th>
              <th scope="col" className={cx(HEAD, 'text-right')}>
                Opening
                {tb.from ? <span className="block text-[11px] font-normal normal-case tracking-normal text-slate-400">at {formatDate(addDays(tb.from, -1))}</span> : null}
              </th>
              <th scope="col" className={cx(HEAD, 'text-right')}>Debits</th>
              <th scope="col" className={cx(HEAD, 'text-right')}>Credits</th>
              <th scope="col" className={cx(HEAD, 'text-right')}>
                Closing debit
                <span className="block text-[11px] font-normal normal-case tracking-normal text-slate-400">at {formatDate(tb.to)}</span>
              </th>
              <th scope="col" className={cx(HEAD, 'text-right')}>
                Closing credit
                <span className="block text-[11px] font-normal normal-case tracking-normal text-slate-400">at {formatDate(tb.to)}</span>
              </th>
            </tr>
          </thead>
          {groups.map((g) => (
            <tbody key={g.type} className="divide-y divide-slate-100">
              <tr className="border-t border-slate-200">
                <th scope="colgroup" colSpan={6} className="px-4 pb-1.5 pt-4 text-left text-xs font-semibold uppercase tracking-wide text-sand-700">
                  {accountTypeLabels[g.type]}
                </th>
              </tr>
              {g.rows.map((r) => (
                <tr key={r.accountCode}>
                  <th scope="row" className="px-4 py-2 text-left font-normal text-slate-800">
                    <span className="mr-2 font-mono text-xs text-slate-400">{r.accountCode}</span>
                    {r.accountName}
                  </th>
                  <td className={cx(num, 'text-slate-600')}>
                    <Balance value={openNet(r)} />
                  </td>
                  <td className={num}><Amount value={r.movement.debit} blankZero /></td>
                  <td className={num}><Amount value={r.movement.credit} blankZero /></td>
                  <td className={num}><Amount value={r.debit} blankZero /></td>
                  <td className={num}><Amount value={r.credit} blankZero /></td>
                </tr>
              ))}
            </tbody>
          ))}
          <tfoot>
            <tr className="border-y-2 border-slate-300 bg-slate-50/70 font-semibold text-ink">
              <th scope="row" className="px-4 py-2.5 text-left">Totals</th>
              <td className={num}>
                <Balance value={toFils(tb.totals.opening.debit) - toFils(tb.totals.opening.credit)} />
              </td>
              <td className={num}><Amount value={tb.totals.movement.debit} /></td>
              <td className={num}><Amount value={tb.totals.movement.credit} /></td>
              <td className={num}><Amount value={tb.totals.debit} /></td>
              <td className={num}><Amount value={tb.totals.credit} /></td>
            </tr>
          </tfoot>
        </table>
      </div>
      {tb.rows.length === 0 ? <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500">No account has a balance or any movement up to this date.</p> : null}
      <Checks checks={[check]} />
    </>
  );
}
