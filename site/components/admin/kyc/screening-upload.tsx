/**
 * Uploading a screening list: the CSV is checked line by line in the browser with the parser the API
 * uses, before anything is sent; a list of the same name can be replaced.
 */
import { formatBytes } from '@modules/files/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { errorText, readCookie, toApiError } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { CSV_COLUMNS, CSV_TEMPLATE, MAX_LIST_FILE_BYTES, parseScreeningCsv, type CsvError, type ScreeningListJson } from '@modules/kyc/screening-contract';
import { Dialog, ErrorNote, Field } from '../ledger/parts';
import { invalidateAdminList } from '../table';
import { Button } from '../ui';

export const SCREENING_API = '/api/admin/screening';
export const SCREENING_LISTS_URL = `${SCREENING_API}/lists`;

function LineErrors({ errors, total, checkedHere }: { errors: CsvError[]; total?: number; checkedHere: boolean }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <p className="font-semibold">
        The file has {total ?? errors.length} error{(total ?? errors.length) === 1 ? '' : 's'}
        {checkedHere ? '. Correct the file and choose it again.' : ', so nothing was uploaded.'}
      </p>
      <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto">
        {errors.slice(0, 50).map((e, i) => (
          <li key={i}>
            <span className="font-medium">Line {e.line}</span>
            {e.column ? <span className="text-red-700"> ({e.column})</span> : null}: {e.message}
          </li>
        ))}
      </ul>
      {errors.length > 50 ? <p className="mt-1">…and {errors.length - 50} more.</p> : null}
    </div>
  );
}

export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const fileId = useId();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const [errors, setErrors] = useState<{ list: CsvError[]; total?: number; checkedHere: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<number | null>(null);
  // Every list's name (there are a handful), to offer "Replace" before the server would refuse a second list of the same name.
  const names = useQuery<{ items: ScreeningListJson[] }>({ queryKey: [`${SCREENING_LISTS_URL}?limit=200`], enabled: open });
  const existing = names.data?.items ?? [];
  const clash = existing.find((l) => l.name.trim().toLowerCase() === name.trim().toLowerCase());

  const close = () => {
    setName('');
    setFile(null);
    setReplace(false);
    setErrors(null);
    setProblem(null);
    setRows(null);
    onClose();
  };

  const pick = async (f: File | null) => {
    setFile(f);
    setErrors(null);
    setProblem(null);
    setRows(null);
    if (!f) return;
    if (f.size > MAX_LIST_FILE_BYTES) return setProblem(`The file is ${formatBytes(f.size)}; the limit is ${formatBytes(MAX_LIST_FILE_BYTES)}.`);
    const parsed = parseScreeningCsv(await f.text());
    if (parsed.errors.length) setErrors({ list: parsed.errors, checkedHere: true });
    else setRows(parsed.entries.length);
    if (!name) setName(f.name.replace(/\.csv$/i, '').replace(/[_-]+/g, ' ').slice(0, 80));
  };

  const upload = useMutation({
    mutationFn: async () => {
      const form = new FormData();
      form.set('name', name.trim());
      form.set('file', file!);
      if (replace) form.set('replace', 'true');
      const token = readCookie('XSRF-TOKEN');
      const res = await fetch(SCREENING_LISTS_URL, { method: 'POST', body: form, credentials: 'include', headers: token ? { 'X-CSRF-Token': token, 'X-XSRF-TOKEN': token } : {} });
      if (!res.ok) throw await toApiError(res);
      return (await res.json()) as ScreeningListJson;
    },
    onSuccess: (list) => {
      void invalidateAdminList(client, SCREENING_LISTS_URL);
      toast({ title: replace ? 'List replaced' : 'List uploaded', description: `${list.name}: ${list.entryCount.toLocaleString('en-US')} entries. New applications are screened against it.`, variant: 'success' });
      close();
    },
    onError: (e) => {
      const body = (e as { body?: { errors?: CsvError[]; errorCount?: number } }).body;
      if (body?.errors?.length) setErrors({ list: body.errors, total: body.errorCount, checkedHere: false });
      else setProblem(errorText(e, 'The list could not be uploaded.'));
    },
  });

  const nameError = name.trim().length > 0 && name.trim().length < 2 ? 'At least 2 characters.' : clash && !replace ? `A list called "${clash.name}" exists. Tick "Replace" to update it, or choose another name.` : null;
  const canSend = Boolean(file) && !errors && !problem && name.trim().length >= 2 && !(clash && !replace);

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Upload a screening list"
      wide
      description={
        <>
          A CSV with a header row. Columns: <code className="text-xs">{CSV_COLUMNS.join(', ')}</code> — only <code className="text-xs">name</code> and{' '}
          <code className="text-xs">category</code> (sanctions or pep) are required. Separate aliases with semicolons; dates as YYYY-MM-DD or just the year; nationality as a
          country code or name.{' '}
          <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(CSV_TEMPLATE)}`} download="screening-list-template.csv" className="font-medium text-brand-700 underline">
            Download the template
          </a>
          .
        </>
      }
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="primary" icon={Upload} disabled={!canSend || upload.isPending} onClick={() => upload.mutate()}>
            {upload.isPending ? 'Uploading…' : replace && clash ? 'Replace list' : 'Upload list'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div>
          <label htmlFor={fileId} className="mb-1 block text-xs font-medium text-slate-600">
            CSV file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void pick(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
          />
          {rows !== null ? (
            <p role="status" className="mt-1 text-xs text-brand-800">
              {rows.toLocaleString('en-US')} rows read, all valid.
            </p>
          ) : null}
        </div>
        <Field label="List name" value={name} onChange={setName} maxLength={80} required error={nameError} placeholder="UN consolidated list, March 2026" />
        {clash ? (
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} className="mt-0.5 h-4 w-4 accent-brand-700" />
            <span>
              Replace the {clash.entryCount.toLocaleString('en-US')} entries of “{clash.name}” with this file
            </span>
          </label>
        ) : null}
        {errors ? <LineErrors errors={errors.list} total={errors.total} checkedHere={errors.checkedHere} /> : null}
        {problem ? <ErrorNote>{problem}</ErrorNote> : null}
      </div>
    </Dialog>
  );
}
