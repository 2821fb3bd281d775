/**
 * The CSV column mapping form: which column holds the date (and in which format), the amount (one signed column
 * or debit and credit), the description, reference, counterparty and running balance; the delimiter, header
 * row, rows to skip and decimal comma. Shows the file's first rows, and how the mapping reads them.
 */
import { Field, Select } from '@site/components/admin/ledger/parts';
import { cx } from '@site/components/admin/ui';
import { formatAed } from '@modules/platform/money';
import { CSV_DATE_FORMATS, CSV_DELIMITERS, csvDelimiterLabels, type CsvMapping, type StatementLineDraftJson } from '../../contract';

/** A mapping being edited: columns as strings ('' = none), so selects and the optional columns stay simple. */
export type MappingDraft = {
  delimiter: CsvMapping['delimiter'];
  hasHeader: boolean;
  skipRows: string;
  dateColumn: string;
  dateFormat: CsvMapping['dateFormat'];
  amountMode: 'signed' | 'split';
  amountColumn: string;
  debitColumn: string;
  creditColumn: string;
  descriptionColumn: string;
  referenceColumn: string;
  counterpartyColumn: string;
  balanceColumn: string;
  decimalComma: boolean;
};

const col = (v: number | undefined) => (v === undefined ? '' : String(v));
const num = (v: string) => (v === '' ? undefined : Number(v));

export function draftFrom(m: CsvMapping): MappingDraft {
  return {
    delimiter: m.delimiter,
    hasHeader: m.hasHeader,
    skipRows: String(m.skipRows),
    dateColumn: col(m.dateColumn),
    dateFormat: m.dateFormat,
    amountMode: m.amountColumn === undefined ? 'split' : 'signed',
    amountColumn: col(m.amountColumn),
    debitColumn: col(m.debitColumn),
    creditColumn: col(m.creditColumn),
    descriptionColumn: col(m.descriptionColumn),
    referenceColumn: col(m.referenceColumn),
    counterpartyColumn: col(m.counterpartyColumn),
    balanceColumn: col(m.balanceColumn),
    decimalComma: m.decimalComma,
  };
}

/** The JSON the API reads (csvMappingInput), from a draft. */
export function mappingFrom(d: MappingDraft): Record<string, unknown> {
  const split = d.amountMode === 'split';
  return {
    delimiter: d.delimiter,
    hasHeader: d.hasHeader,
    skipRows: Number(d.skipRows) || 0,
    dateColumn: num(d.dateColumn),
    dateFormat: d.dateFormat,
    amountColumn: split ? undefined : num(d.amountColumn),
    debitColumn: split ? num(d.debitColumn) : undefined,
    creditColumn: split ? num(d.creditColumn) : undefined,
    descriptionColumn: num(d.descriptionColumn),
    referenceColumn: num(d.referenceColumn),
    counterpartyColumn: num(d.counterpartyColumn),
    balanceColumn: num(d.balanceColumn),
    decimalComma: d.decimalComma,
  };
}

/** A first guess from the header's names ("Transaction Date", "Narration", "Debit"…). */
export function guessDraft(rows: string[][]): MappingDraft {
  const delimiter: CsvMapping['delimiter'] = ',';
  const skip = Math.max(0, rows.findIndex((r) => r.some((c) => /date/i.test(c))));
  const header = rows[skip] ?? [];
  const find = (re: RegExp) => col(header.findIndex((c) => re.test(c)) >= 0 ? header.findIndex((c) => re.test(c)) : undefined);
  const debit = find(/debit|withdraw|paid out/i);
  const credit = find(/credit|deposit|paid in/i);
  const amount = find(/amount/i);
  return {
    delimiter,
    hasHeader: true,
    skipRows: String(skip),
    dateColumn: find(/date/i) || '0',
    dateFormat: 'DD/MM/YYYY',
    amountMode: !amount && debit && credit ? 'split' : 'signed',
    amountColumn: amount,
    debitColumn: debit,
    creditColumn: credit,
    descriptionColumn: find(/narration|description|details|particulars|memo/i) || '1',
    referenceColumn: find(/ref/i),
    counterpartyColumn: find(/payee|counterparty|beneficiary|remitter/i),
    balanceColumn: find(/balance/i),
    decimalComma: false,
  };
}

export function MappingForm({ draft, onChange, rows, lines, error }: { draft: MappingDraft; onChange: (d: MappingDraft) => void; rows: string[][]; lines: StatementLineDraftJson[] | null; error: string | null }) {
  const set = <K extends keyof MappingDraft>(k: K) => (v: MappingDraft[K]) => onChange({ ...draft, [k]: v });
  const skip = Number(draft.skipRows) || 0;
  const header = draft.hasHeader ? (rows[skip] ?? []) : [];
  const width = Math.max(0, ...rows.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => ({ value: String(i), label: header[i]?.trim() ? `${i + 1}. ${header[i]!.trim()}` : `Column ${i + 1}` }));
  const optional = [{ value: '', label: 'None' }, ...columns];
  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">CSV columns</legend>
      <PreviewTable rows={rows} skip={skip} hasHeader={draft.hasHeader} />
      <div className="grid gap-3 sm:grid-cols-4">
        <Select label="Delimiter" value={draft.delimiter} onChange={(v) => set('delimiter')(v as MappingDraft['delimiter'])} options={CSV_DELIMITERS.map((d) => ({ value: d, label: csvDelimiterLabels[d] }))} />
        <Field label="Rows before the header" value={draft.skipRows} onChange={set('skipRows')} inputMode="numeric" maxLength={2} />
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input type="checkbox" checked={draft.hasHeader} onChange={(e) => set('hasHeader')(e.target.checked)} className="h-4 w-4 rounded border-slate-300" />
          The file has a header row
        </label>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input type="checkbox" checked={draft.decimalComma} onChange={(e) => set('decimalComma')(e.target.checked)} className="h-4 w-4 rounded border-slate-300" />
          Amounts use a decimal comma (1.234,56)
        </label>
        <Select label="Date column" value={draft.dateColumn} onChange={set('dateColumn')} options={columns} />
        <Select label="Date format" value={draft.dateFormat} onChange={(v) => set('dateFormat')(v as MappingDraft['dateFormat'])} options={CSV_DATE_FORMATS.map((f) => ({ value: f, label: f }))} />
        <Select label="Description column" value={draft.descriptionColumn} onChange={set('descriptionColumn')} options={columns} />
        <Select label="Reference column" value={draft.referenceColumn} onChange={set('referenceColumn')} options={optional} />
        <Select
          label="Amounts"
          value={draft.amountMode}
          onChange={(v) => set('amountMode')(v as MappingDraft['amountMode'])}
          options={[
            { value: 'signed', label: 'One column, money out negative' },
            { value: 'split', label: 'Separate debit and credit columns' },
          ]}
        />
        {draft.amountMode === 'signed' ? (
          <Select label="Amount column" value={draft.amountColumn} onChange={set('amountColumn')} options={optional} />
        ) : (
          <>
            <Select label="Debit column (money out)" value={draft.debitColumn} onChange={set('debitColumn')} options={optional} />
            <Select label="Credit column (money in)" value={draft.creditColumn} onChange={set('creditColumn')} options={optional} />
          </>
        )}
        <Select label="Counterparty column" value={draft.counterpartyColumn} onChange={set('counterpartyColumn')} options={optional} />
        <Select label="Running balance column" value={draft.balanceColumn} onChange={set('balanceColumn')} options={optional} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {lines?.length ? <ReadAs lines={lines} /> : null}
    </fieldset>
  );
}

function PreviewTable({ rows, skip, hasHeader }: { rows: string[][]; skip: number; hasHeader: boolean }) {
  if (!rows.length) return null;
  const width = Math.max(...rows.map((r) => r.length));
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-xs">
        <caption className="sr-only">The first rows of the file</caption>
        <thead>
          <tr>
            {Array.from({ length: width }, (_, i) => (
              <th key={i} scope="col" className="border-b border-slate-200 px-2 py-1 font-medium text-slate-500">
                Column {i + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, n) => (
            <tr key={n} className={cx(n < skip && 'text-slate-400', hasHeader && n === skip && 'font-semibold text-ink')}>
              {Array.from({ length: width }, (_, i) => (
                <td key={i} className="whitespace-nowrap border-b border-slate-100 px-2 py-1">
                  {r[i] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReadAs({ lines }: { lines: StatementLineDraftJson[] }) {
  return (
    <div>
      <p className="text-sm font-medium text-ink">The first lines as they will be imported</p>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {lines.map((l, i) => (
          <li key={i} className="flex justify-between gap-4 py-1">
            <span className="tabular-nums text-slate-600">{l.date}</span>
            <span className="min-w-0 flex-1 truncate">{l.description || l.reference}</span>
            <span className="tabular-nums">{formatAed(l.amount)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
