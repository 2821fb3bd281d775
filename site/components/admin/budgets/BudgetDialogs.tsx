/**
 * 'Copy from last year' (with a percentage adjustment, rounded half to even per amount) and
 * 'Import CSV' (file → preview of the parsed rows and every error → confirm), plus the CSV template.
 */
import { Download, FileUp } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  CSV_COLUMNS,
  MAX_CSV_CHARS,
  MAX_CSV_ROWS,
  MONTH_SHORT,
  adjustByBps,
  budgetMessages,
  formatFils,
  parseBudgetCsv,
  percentToBps,
  type BudgetJson,
  type CopyBudgetJson,
  type CsvRowError,
  type GridRowJson,
  type ImportCsvJson,
  type ParsedCsvRow,
} from '@modules/budgets/contract';
import { ApiError, api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { downloadCsv, toCsv } from '../csv';
import { Button, cx } from '../ui';
import { Amount, BUDGETS_API, Dialog, ErrorNote, fieldClass } from './parts';

// ---------------------------------------------------------------------------------------------
// Copy from last year

export function CopyDialog({ open, onClose, year, budgets, onCopied }: { open: boolean; onClose: () => void; year: number; budgets: BudgetJson[]; onCopied: () => void }) {
  const id = useId();
  const [percent, setPercent] = useState('0');
  const [replace, setReplace] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const source = budgets.find((b) => b.fiscalYear === year - 1);
  const target = budgets.find((b) => b.fiscalYear === year);
  const hasAmounts = (target?.cells ?? 0) > 0;
  const bps = percentToBps(percent.trim() === '' ? '0' : percent.trim().replace(/%$/, ''));

  useEffect(() => {
    if (open) {
      setPercent('0');
      setReplace(false);
      setError(null);
    }
  }, [open]);

  const submit = async () => {
    if (bps === null || !source || (hasAmounts && !replace)) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api.post<CopyBudgetJson>(`${BUDGETS_API}/${year}/copy-from-last-year`, { adjustPercent: percent.trim().replace(/%$/, '') || '0', replace });
      toast({ title: 'Budget copied', description: res.message, variant: 'success' });
      onCopied();
      onClose();
    } catch (err) {
      setError(errorText(err, 'The budget could not be copied. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const sample = 1_000_000n;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Copy ${year - 1} into ${year}`}
      description={`Every amount of the ${year - 1} budget — each account, cost center and month — is copied to the same month of ${year}, adjusted by the percentage you choose.`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={() => void submit()} disabled={busy || bps === null || !source || source.cells === 0 || (hasAmounts && !replace)}>
            {busy ? 'Copying…' : `Copy into FY${year}`}
          </Button>
        </>
      }
    >
      {!source || source.cells === 0 ? (
        <ErrorNote title="Nothing to copy">
          {source ? budgetMessages.sourceEmpty(year - 1) : budgetMessages.noSourceBudget(year - 1)} Start {year} in the grid or import a CSV instead.
        </ErrorNote>
      ) : (
        <div className="space-y-5">
          <dl className="grid grid-cols-3 gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4 text-sm">
            <div>
              <dt className="text-xs text-slate-500">{source.name} income</dt>
              <dd className="mt-0.5 font-semibold text-ink">
                <Amount value={source.income} decimals={0} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{source.name} expenses</dt>
              <dd className="mt-0.5 font-semibold text-ink">
                <Amount value={source.expense} decimals={0} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Amounts</dt>
              <dd className="mt-0.5 font-semibold text-ink tabular-nums">{source.cells.toLocaleString('en-US')}</dd>
            </div>
          </dl>
          <div className="sm:w-56">
            <label htmlFor={`${id}-pct`} className="mb-1 block text-xs font-medium text-slate-600">
              Adjust every amount by (%)
            </label>
            <input
              id={`${id}-pct`}
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={bps === null ? true : undefined}
              aria-describedby={`${id}-pct-note`}
              className={fieldClass}
            />
          </div>
          <p id={`${id}-pct-note`} className={cx('text-sm', bps === null ? 'font-medium text-red-700' : 'text-slate-600')}>
            {bps === null
              ? budgetMessages.adjustFormat
              : `For example, AED ${formatFils(sample)} in ${year - 1} becomes AED ${formatFils(adjustByBps(sample, bps))} in ${year}. Each amount is rounded to the fil, half to even.`}
          </p>
          {hasAmounts ? (
            <label className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} className="mt-0.5 h-4 w-4 accent-brand-800" />
              <span>
                Replace the {target!.cells.toLocaleString('en-US')} amounts already in {target!.name}. They are deleted first, so the result is exactly last year's budget
                adjusted.
              </span>
            </label>
          ) : null}
          {error ? <ErrorNote>{error}</ErrorNote> : null}
        </div>
      )}
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------
// CSV template and import

const plain = (fils: bigint) => (fils < 0n ? `(${formatFils(-fils, { grouping: false })})` : formatFils(fils, { grouping: false }));

/** The import template: the grid as it stands, one row per account, ready to edit and import back. */
export function templateCsv(rows: GridRowJson[], costCenter: string | null): string {
  type R = GridRowJson;
  const columns = [
    { header: 'account_code', value: (r: R) => r.accountCode },
    { header: 'account_name', value: (r: R) => r.accountName },
    { header: 'cost_center_code', value: () => costCenter ?? '' },
    ...MONTH_SHORT.map((m, i) => ({ header: m.toLowerCase(), value: (r: R) => plain(BigInt(r.amounts[i] ?? '0')) })),
    { header: 'total', value: (r: R) => plain(BigInt(r.total ?? '0')) },
  ];
  return toCsv(
    columns,
    rows.filter((r) => !r.archived),
  );
}

type Check = { state: 'idle' } | { state: 'checking' } | { state: 'ok'; message: string } | { state: 'errors'; message: string; errors: CsvRowError[] };

export function ImportDialog({
  open,
  onClose,
  year,
  costCenter,
  rows,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  year: number;
  costCenter: string | null;
  rows: GridRowJson[];
  onImported: () => void;
}) {
  const id = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [parsed, setParsed] = useState<{ rows: ParsedCsvRow[]; errors: CsvRowError[] } | null>(null);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [busy, setBusy] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setFile(null);
      setParsed(null);
      setCheck({ state: 'idle' });
      setReadError(null);
    }
  }, [open]);

  const serverCheck = async (text: string) => {
    setCheck({ state: 'checking' });
    try {
      const res = await api.post<ImportCsvJson>(`${BUDGETS_API}/${year}/import`, { csv: text, dryRun: true });
      setCheck({ state: 'ok', message: res.message });
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { errors?: CsvRowError[] } | undefined) : undefined;
      setCheck({ state: 'errors', message: errorText(err, 'The file could not be checked.'), errors: body?.errors ?? [] });
    }
  };

  const choose = async (f: File | undefined) => {
    setReadError(null);
    setParsed(null);
    setCheck({ state: 'idle' });
    if (!f) return setFile(null);
    if (f.size > MAX_CSV_CHARS * 2) {
      setFile(null);
      return setReadError(budgetMessages.csvTooLarge);
    }
    const text = await f.text();
    if (text.length > MAX_CSV_CHARS) {
      setFile(null);
      return setReadError(budgetMessages.csvTooLarge);
    }
    setFile({ name: f.name, text });
    setParsed(parseBudgetCsv(text));
    // The server runs the same parser and also checks every code against the chart, so its list is complete.
    await serverCheck(text);
  };

  const confirm = async () => {
    if (!file || check.state !== 'ok') return;
    setBusy(true);
    try {
      const res = await api.post<ImportCsvJson>(`${BUDGETS_API}/${year}/import`, { csv: file.text });
      toast({ title: 'Budget imported', description: res.message, variant: 'success' });
      onImported();
      onClose();
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { errors?: CsvRowError[] } | undefined) : undefined;
      setCheck({ state: 'errors', message: errorText(err, 'The file could not be imported.'), errors: body?.errors ?? [] });
    } finally {
      setBusy(false);
    }
  };

  const errors = check.state === 'errors' && check.errors.length ? check.errors : (parsed?.errors ?? []);
  const errorLines = new Set(errors.map((e) => e.line));
  const goodRows = (parsed?.rows ?? []).filter((r) => !errorLines.has(r.line));
  const template = () => downloadCsv(`manzil-budget-FY${year}${costCenter ? `-${costCenter}` : ''}.csv`, templateCsv(rows, costCenter));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide="xl"
      title={`Import a CSV into FY${year}`}
      description="Check the preview, then confirm. Nothing is saved unless every row is valid."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" icon={FileUp} onClick={() => void confirm()} disabled={busy || check.state !== 'ok'}>
            {busy ? 'Importing…' : check.state === 'ok' ? `Import ${goodRows.length} ${goodRows.length === 1 ? 'row' : 'rows'}` : 'Import'}
          </Button>
        </>
      }
    >
      <div className="grid gap-5 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-4">
          <div>
            <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-medium text-ink">
              CSV file
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => void choose(e.target.files?.[0])}
              aria-describedby={`${id}-file-hint`}
              className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
            />
            <p id={`${id}-file-hint`} className="mt-1 text-xs text-slate-500">
              Up to {MAX_CSV_ROWS.toLocaleString('en-US')} rows (about {Math.round(MAX_CSV_CHARS / 1000)} KB). UTF-8, comma-separated.
            </p>
          </div>
          {readError ? <ErrorNote>{readError}</ErrorNote> : null}

          {file && parsed ? (
            <div aria-live="polite" className="space-y-3">
              <p className="text-sm text-slate-700">
                <span className="font-medium text-ink">{file.name}</span>: {goodRows.length} {goodRows.length === 1 ? 'row reads' : 'rows read'} cleanly
                {errors.length ? `, ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}` : ''}.{' '}
                {check.state === 'checking' ? 'Checking account and cost center codes…' : check.state === 'ok' ? 'Every code exists and can take a budget.' : null}
              </p>
              {check.state === 'errors' && check.errors.length === 0 ? <ErrorNote>{check.message}</ErrorNote> : null}
              {errors.length ? (
                <ErrorNote title={budgetMessages.csvInvalid(errors.length)}>
                  <ul className="max-h-48 list-none space-y-1 overflow-y-auto">
                    {errors.slice(0, 100).map((e, i) => (
                      <li key={i}>
                        <span className="font-semibold">Line {e.line}</span>
                        {e.column ? <span className="font-mono text-xs"> · {e.column}</span> : null}: {e.message}
                      </li>
                    ))}
                    {errors.length > 100 ? <li>and {errors.length - 100} more</li> : null}
                  </ul>
                </ErrorNote>
              ) : null}
              {goodRows.length ? (
                <div className="relative overflow-x-auto rounded-lg border border-slate-200" role="region" aria-label="Rows to import" tabIndex={0}>
                  <table className="w-full min-w-[560px] text-left text-sm">
                    <caption className="sr-only">Rows to import into FY{year}</caption>
                    <thead>
                      <tr className="border-b border-slate-200 bg-slate-50/70 text-xs uppercase tracking-wide text-slate-500">
                        <th scope="col" className="px-3 py-2 font-semibold">Line</th>
                        <th scope="col" className="px-3 py-2 font-semibold">Account</th>
                        <th scope="col" className="px-3 py-2 font-semibold">Cost center</th>
                        <th scope="col" className="px-3 py-2 text-right font-semibold">Jan (AED)</th>
                        <th scope="col" className="px-3 py-2 text-right font-semibold">Year (AED)</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {goodRows.slice(0, 50).map((r) => (
                        <tr key={r.line}>
                          <td className="px-3 py-2 tabular-nums text-slate-500">{r.line}</td>
                          <td className="px-3 py-2 font-mono text-xs">{r.accountCode}</td>
                          <td className="px-3 py-2 font-mono text-xs">{r.costCenter ?? <span className="font-sans text-slate-500">None (company-wide)</span>}</td>
                          <td className="px-3 py-2 text-right">
                            <Amount value={r.amounts[0]} blankZero />
                          </td>
                          <td className="px-3 py-2 text-right font-medium">
                            <Amount value={r.amounts.reduce((s, a) => s + a, 0n)} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {goodRows.length > 50 ? <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">and {goodRows.length - 50} more rows</p> : null}
                </div>
              ) : null}
            </div>
          ) : null}
        </div>

        <aside aria-labelledby={`${id}-format`} className="rounded-xl border border-slate-200 bg-slate-50/60 p-4 text-sm text-slate-600">
          <h3 id={`${id}-format`} className="font-semibold text-ink">
            The file's format
          </h3>
          <ul className="mt-2 list-disc space-y-1.5 pl-4">
            <li>
              A header row, then one row per account and cost center, with the twelve months of {year} as columns: <span className="font-mono text-xs">{CSV_COLUMNS.filter((c) => c !== 'account_name' && c !== 'total').slice(0, 4).join(', ')}, … dec</span>.
            </li>
            <li>Leave the cost center blank for a company-wide amount.</li>
            <li>Amounts in AED with up to two decimals; a blank month is zero, a negative is -100 or (100).</li>
            <li>Each row replaces all twelve months of its account and cost center. Rows not in the file stay as they are.</li>
            <li>account_name and total columns may stay in; they are ignored.</li>
          </ul>
          <Button icon={Download} onClick={template} className="mt-4">
            Download template
          </Button>
          <p className="mt-2 text-xs text-slate-500">The template holds the grid you are looking at{costCenter ? ` (cost center ${costCenter})` : ''}, so you can edit it in a spreadsheet and import it back.</p>
        </aside>
      </div>
    </Dialog>
  );
}
