/**
 * The general ledger: posted lines for an account (with its sub-accounts), a date range, a cost center
 * and a property, account by account with the opening balance, each line's running balance and the
 * closing balance. Paged on the server (page 7 starts from the right balance without reading pages
 * 1–6); the CSV export streams every line with a running count.
 */
import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { Pager } from '../table/pager';
import { ErrorState, SkeletonRows } from '../table/states';
import { EmptyState, ListCard, Toolbar, cx } from '../ui';
import { PRESETS, formatDate, formatRange, isIsoDate, presetOf, presetRange, todayInDubai, type PresetKey } from './dates';
import { ACCOUNTS_URL, COST_CENTERS_URL, entryHref, ledgerUrl } from './endpoints';
import { ExportButton } from './ExportButton';
import { accountCodeOf } from './lines';
import { formatFils } from './money';
import { Amount, Balance, Field, Select } from './parts';
import type { AccountsResponse, CostCentersResponse, GeneralLedgerJson, GeneralLedgerLine } from './types';

/** The filters a link carries: ?account=1110&from=2026-01-01&to=2026-03-31&costCenter=OPS&property=marina-heights. */
export function linkFilters(search: string): { account: string; range: { from: string; to: string } | null; costCenter: string; property: string } {
  const params = new URLSearchParams(search);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    account: params.get('account')?.toUpperCase() ?? '',
    range: isIsoDate(from) && isIsoDate(to) && from <= to ? { from, to } : null,
    costCenter: params.get('costCenter')?.toUpperCase() ?? '',
    property: params.get('property')?.trim() ?? '',
  };
}

const COLUMNS = ['Date', 'Entry', 'Description', 'Cost center / property', 'Debit (AED)', 'Credit (AED)', 'Balance (AED)'];
const RIGHT = new Set(['Debit (AED)', 'Credit (AED)', 'Balance (AED)']);

export function GeneralLedgerView({ idPrefix = 'gl' }: { idPrefix?: string }) {
  const search = useSearch();
  const link = useMemo(() => linkFilters(search), [search]);
  const initialAccount = link.account;
  const today = todayInDubai();
  const [range, setRange] = useState(() => link.range ?? presetRange('year-to-date', today));
  const [accountText, setAccountText] = useState(initialAccount);
  const [account, setAccount] = useState(initialAccount);
  const [costCenter, setCostCenter] = useState(link.costCenter);
  const [propertyText, setPropertyText] = useState(link.property);
  const [property, setProperty] = useState(link.property);
  const [offset, setOffset] = useState(0);
  const [limit, setLimit] = useState(50);

  // A link from elsewhere (?account=1110&from=…&to=…&costCenter=…&property=…) sets the filters it names.
  useEffect(() => {
    if (initialAccount && initialAccount !== account) {
      setAccount(initialAccount);
      setAccountText(initialAccount);
      setOffset(0);
    }
    if (link.range) setRange(link.range);
    if (link.costCenter) setCostCenter(link.costCenter);
    if (link.property) {
      setPropertyText(link.property);
      setProperty(link.property);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  // Property filter applies once typing pauses.
  useEffect(() => {
    const t = setTimeout(() => {
      setProperty(propertyText.trim());
      setOffset(0);
    }, 400);
    return () => clearTimeout(t);
  }, [propertyText]);

  const accounts = useQuery<AccountsResponse>({ queryKey: [ACCOUNTS_URL] });
  const centers = useQuery<CostCentersResponse>({ queryKey: [COST_CENTERS_URL] });
  const byCode = useMemo(() => new Map((accounts.data?.items ?? []).map((a) => [a.code, a])), [accounts.data]);
  const properties = useMemo(() => [...new Set((centers.data?.items ?? []).map((c) => c.property).filter((p): p is string => !!p))].sort(), [centers.data]);

  const rangeOk = isIsoDate(range.from) && isIsoDate(range.to) && range.from <= range.to;
  const filters = { account, from: range.from, to: range.to, costCenter, property };
  const url = ledgerUrl('/general-ledger', { ...filters, limit, offset });
  const gl = useQuery<GeneralLedgerJson>({ queryKey: [url], placeholderData: keepPreviousData, enabled: rangeOk });
  const data = gl.data;

  const typedCode = accountCodeOf(accountText);
  const accountError = typedCode && accounts.data && !byCode.has(typedCode) ? `There is no account with code ${typedCode}.` : null;
  const applyAccount = (text: string) => {
    setAccountText(text);
    const code = accountCodeOf(text);
    if (code === '') {
      if (account !== '') {
        setAccount('');
        setOffset(0);
      }
    } else if (byCode.has(code) && code !== account) {
      setAccount(code);
      setOffset(0);
    }
  };
  const preset = presetOf(range, today);
  const summaryById = new Map((data?.accounts ?? []).map((a) => [a.accountCode, a]));
  const lines = data?.lines ?? [];
  const total = data?.page.total ?? 0;
  const pageEnd = offset + lines.length >= total;
  const scopeName = data?.account ? `${data.account.code} · ${data.account.name}` : 'All accounts';
  const listId = `${idPrefix}-accounts`;
  const propId = `${idPrefix}-properties`;

  return (
    <>
      <datalist id={listId}>
        {(accounts.data?.items ?? []).map((a) => (
          <option key={a.code} value={`${a.code} · ${a.name}`}>
            {a.isGroup ? 'Group: includes its sub-accounts' : undefined}
          </option>
        ))}
      </datalist>
      <datalist id={propId}>
        {properties.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>

      <ListCard
        toolbar={
          <Toolbar label="General ledger filters">
            <Field
              label="Account"
              value={accountText}
              onChange={applyAccount}
              list={listId}
              placeholder="All accounts — type a code or name"
              error={accountError}
              className="sm:min-w-64 sm:flex-1"
              hint={data?.account && !accountError ? (byCode.get(data.account.code)?.isGroup ? 'A group: its sub-accounts are included.' : undefined) : undefined}
            />
            <Select
              label="Period"
              value={preset}
              onChange={(k) => {
                if (k) {
                  setRange(presetRange(k as PresetKey, today));
                  setOffset(0);
                }
              }}
              options={[...PRESETS.map((p) => ({ value: p.key, label: p.label })), ...(preset ? [] : [{ value: '', label: 'Custom dates' }])]}
              className="sm:w-40"
            />
            <Field label="From" type="date" value={range.from} onChange={(from) => (setRange((r) => ({ ...r, from })), setOffset(0))} className="sm:w-40" error={rangeOk ? null : 'Choose a start on or before the end.'} />
            <Field label="To" type="date" value={range.to} onChange={(to) => (setRange((r) => ({ ...r, to })), setOffset(0))} className="sm:w-40" />
            <Select
              label="Cost center"
              value={costCenter}
              onChange={(c) => (setCostCenter(c), setOffset(0))}
              options={[{ value: '', label: 'All cost centers' }, ...(centers.data?.items ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}${c.archived ? ' (archived)' : ''}` }))]}
              className="sm:w-52"
            />
            <Field label="Property" value={propertyText} onChange={setPropertyText} list={propId} placeholder="Any property" className="sm:w-40" maxLength={64} />
          </Toolbar>
        }
        footer={
          data && total > 0 ? (
            <Pager
              offset={offset}
              limit={limit}
              count={lines.length}
              total={total}
              label="General ledger pages"
              busy={gl.isFetching}
              onOffset={setOffset}
              onLimit={(n) => (setLimit(n), setOffset(0))}
            />
          ) : null
        }
      >
        <div className="flex flex-col gap-4 border-b border-slate-200 p-4 lg:flex-row lg:items-end lg:justify-between">
          <div className="min-w-0">
            <h3 className="truncate text-base font-semibold text-ink">{scopeName}</h3>
            <p className="text-sm text-slate-500">
              {rangeOk ? formatRange(range.from, range.to) : 'Choose a valid period'}
              {costCenter ? ` · cost center ${costCenter}` : ''}
              {property ? ` · property ${property}` : ''}
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4" aria-busy={gl.isFetching || undefined}>
              <Figure label="Opening balance" value={data ? <Balance value={data.openingBalance} /> : null} />
              <Figure label="Debits" value={data ? <Amount value={data.totals.debit} /> : null} />
              <Figure label="Credits" value={data ? <Amount value={data.totals.credit} /> : null} />
              <Figure label="Closing balance" value={data ? <Balance value={data.closingBalance} /> : null} strong />
            </dl>
            <ExportButton url={ledgerUrl('/general-ledger', { ...filters, format: 'csv' })} fallbackName={`general-ledger-${range.from}-to-${range.to}.csv`} expectedRows={data?.page.total} noun={['line', 'lines']} disabled={!rangeOk || !data || total === 0} />
          </div>
        </div>

        {gl.isError ? (
          <ErrorState error={gl.error} what="the general ledger" onRetry={() => void gl.refetch()} retrying={gl.isFetching} />
        ) : (
          <>
            <div className="relative overflow-x-auto" role="region" aria-label="General ledger lines" tabIndex={0}>
              <table className={cx('w-full min-w-[820px] border-collapse text-left text-sm', gl.isFetching && data && 'opacity-60')} aria-busy={gl.isFetching || undefined}>
                <caption className="sr-only">
                  General ledger, {scopeName}, {rangeOk ? formatRange(range.from, range.to) : ''}. Balances are debit minus credit, shown as Dr or Cr.
                </caption>
                <thead>
                  <tr className="border-b border-slate-200 bg-slate-50/70">
                    {COLUMNS.map((c) => (
                      <th key={c} scope="col" className={cx('px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500', RIGHT.has(c) ? 'whitespace-nowrap text-right' : c.includes('/') ? 'w-28' : 'whitespace-nowrap')}>
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {!data && (gl.isPending || !rangeOk) ? (
                    rangeOk ? <SkeletonRows columns={COLUMNS.length} rows={8} /> : null
                  ) : (
                    lines.map((l, i) => {
                      const prev = lines[i - 1];
                      const next = lines[i + 1];
                      const firstOfAccount = !prev || prev.accountCode !== l.accountCode;
                      const lastOfAccount = next ? next.accountCode !== l.accountCode : pageEnd;
                      const s = summaryById.get(l.accountCode);
                      return (
                        <Fragment key={`${l.entryId}-${i}`}>
                          {firstOfAccount ? (
                            <tr className="bg-sand-50/60">
                              <th scope="rowgroup" colSpan={4} className="px-3 py-2 text-left font-semibold text-ink">
                                <span className="font-mono text-xs text-sand-700">{l.accountCode}</span> {l.accountName}
                                {i === 0 && offset > 0 && s ? <span className="font-normal text-slate-500"> (continued)</span> : null}
                              </th>
                              <td colSpan={2} className="whitespace-nowrap px-3 py-2 text-right text-xs text-slate-500">
                                {i === 0 && offset > 0 ? 'Balance brought forward' : 'Opening balance'}
                              </td>
                              <td className="px-3 py-2 text-right font-medium">
                                <Balance value={i === 0 && offset > 0 ? broughtForward(l) : (s?.opening ?? '0')} />
                              </td>
                            </tr>
                          ) : null}
                          <LineRow line={l} />
                          {lastOfAccount && s ? (
                            <tr className="border-b-2 border-slate-200">
                              <td colSpan={4} className="px-3 py-2 text-right text-xs text-slate-500">
                                Totals and closing balance of {l.accountCode}
                              </td>
                              <td className="px-3 py-2 text-right font-medium"><Amount value={s.debit} /></td>
                              <td className="px-3 py-2 text-right font-medium"><Amount value={s.credit} /></td>
                              <td className="px-3 py-2 text-right font-semibold"><Balance value={s.closing} /></td>
                            </tr>
                          ) : null}
                        </Fragment>
                      );
                    })
                  )}
                </tbody>
              </table>
            </div>
            {data && lines.length === 0 ? (
              <EmptyState icon={BookOpen} title="No posted lines in this period">
                {data.accounts.length
                  ? 'Balances were carried in from earlier periods, but nothing was posted between these dates with these filters.'
                  : 'Nothing has been posted that matches these filters. Widen the dates or clear a filter; drafts never appear in the ledger.'}
              </EmptyState>
            ) : null}
          </>
        )}
      </ListCard>
    </>
  );
}

/** The balance before a line (its running balance less its own movement). */
function broughtForward(l: GeneralLedgerLine): bigint {
  return BigInt(l.balance) - BigInt(l.debit) + BigInt(l.credit);
}

function Figure({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={cx('text-right sm:text-left', strong ? 'font-semibold text-ink' : 'text-slate-800')}>{value ?? <span className="text-slate-300">…</span>}</dd>
    </div>
  );
}

function LineRow({ line: l }: { line: GeneralLedgerLine }) {
  const foreign = l.currency !== 'AED' && l.originalAmount;
  return (
    <tr className="align-top hover:bg-slate-50/70">
      <td className="whitespace-nowrap px-3 py-2.5 text-slate-600">{formatDate(l.date)}</td>
      <td className="whitespace-nowrap px-3 py-2.5">
        <Link href={entryHref(l.entryId)} className="font-mono text-xs text-brand-800 underline-offset-2 hover:underline">
          {l.entryNumber}
        </Link>
        {l.kind === 'reversal' ? <span className="block text-xs text-sand-700">reversal</span> : l.kind === 'closing' ? <span className="block text-xs text-sand-700">year-end</span> : null}
      </td>
      <td className="min-w-[14rem] px-3 py-2.5 text-slate-800">
        <span className="line-clamp-2 [overflow-wrap:anywhere]">{l.lineMemo || l.memo || <span className="text-slate-400">No memo</span>}</span>
        {l.lineMemo && l.memo ? <span className="line-clamp-2 text-xs text-slate-500 [overflow-wrap:anywhere]">{l.memo}</span> : null}
        {foreign ? (
          <span className="block text-xs text-slate-500">
            {l.currency} {formatFils(l.originalAmount)} at {l.rate}
          </span>
        ) : null}
      </td>
      <td className="whitespace-nowrap px-3 py-2.5 text-xs text-slate-600">
        {l.costCenter ? <span className="block">{l.costCenter}</span> : null}
        {l.property ? <span className="block text-slate-500">{l.property}</span> : null}
      </td>
      <td className="px-3 py-2.5 text-right"><Amount value={l.debit} blankZero /></td>
      <td className="px-3 py-2.5 text-right"><Amount value={l.credit} blankZero /></td>
      <td className="whitespace-nowrap px-3 py-2.5 text-right"><Balance value={l.balance} /></td>
    </tr>
  );
}
