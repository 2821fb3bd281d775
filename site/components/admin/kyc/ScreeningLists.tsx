/**
 * Screening lists (sanctions and PEP) for the /admin/kyc screen: the uploaded lists with their entries,
 * a CSV upload checked line by line before it is sent, delete, and "try a name" against every list.
 * Self-contained (its own queries); mount it anywhere in the admin app: <ScreeningLists />.
 */
import { formatBytes } from '@modules/files/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, ListChecks, Search, ShieldAlert, ShieldCheck, Trash2, Upload } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { api, errorText, readCookie, toApiError } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { COUNTRIES, countryName } from '@modules/kyc/contract';
import {
  CSV_COLUMNS,
  CSV_TEMPLATE,
  MAX_LIST_FILE_BYTES,
  parseScreeningCsv,
  scorePercent,
  screeningCategoryLabels,
  type CsvError,
  type ScreeningListDetailJson,
  type ScreeningListJson,
  type ScreeningResult,
} from '@modules/kyc/screening-contract';
import { formatDateTime } from '../format';
import { Busy, Dialog, ErrorNote, Field, Select } from '../ledger/parts';
import { Badge, Button, Card, DataTable, EmptyState } from '../ui';

export const SCREENING_API = '/api/admin/screening';
const LISTS_KEY = [`${SCREENING_API}/lists`];

type ListsJson = { items: ScreeningListJson[]; total: number; threshold: number };

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

function UploadDialog({ open, onClose, existing }: { open: boolean; onClose: () => void; existing: ScreeningListJson[] }) {
  const client = useQueryClient();
  const fileId = useId();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const [errors, setErrors] = useState<{ list: CsvError[]; total?: number; checkedHere: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<number | null>(null);
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
      const res = await fetch(`${SCREENING_API}/lists`, { method: 'POST', body: form, credentials: 'include', headers: token ? { 'X-CSRF-Token': token, 'X-XSRF-TOKEN': token } : {} });
      if (!res.ok) throw await toApiError(res);
      return (await res.json()) as ScreeningListJson;
    },
    onSuccess: (list) => {
      void client.invalidateQueries({ queryKey: LISTS_KEY });
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

function EntriesDialog({ list, onClose }: { list: ScreeningListJson | null; onClose: () => void }) {
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const url = list ? `${SCREENING_API}/lists/${list.id}?limit=50&offset=${offset}${q.trim() ? `&q=${encodeURIComponent(q.trim())}` : ''}` : '';
  const detail = useQuery<ScreeningListDetailJson>({
    queryKey: [url],
    queryFn: ({ signal }) => api.get<ScreeningListDetailJson>(url, { signal }),
    enabled: Boolean(list),
    placeholderData: (p) => p,
  });
  const d = detail.data;
  return (
    <Dialog open={Boolean(list)} onClose={onClose} title={list?.name ?? ''} description={list ? `${list.entryCount.toLocaleString('en-US')} entries · updated ${formatDateTime(list.updatedAt)}` : undefined} wide="xl">
      <div className="mb-3 max-w-sm">
        <Field
          label="Search names, aliases and references"
          type="search"
          value={q}
          onChange={(v) => {
            setQ(v);
            setOffset(0);
          }}
        />
      </div>
      {detail.isError ? (
        <ErrorNote>{errorText(detail.error, 'Could not load the entries.')}</ErrorNote>
      ) : !d ? (
        <Busy>Loading the entries…</Busy>
      ) : (
        <>
          <DataTable
            caption={`Entries of ${list?.name ?? 'the list'}`}
            minWidth={760}
            columns={[
              { key: 'line', label: 'Line', align: 'right' },
              { key: 'name', label: 'Name' },
              { key: 'aliases', label: 'Aliases' },
              { key: 'dob', label: 'Born' },
              { key: 'nat', label: 'Nationality' },
              { key: 'cat', label: 'Category' },
              { key: 'ref', label: 'Reference' },
            ]}
            empty={<p className="px-4 py-8 text-center text-sm text-slate-500">No entry matches “{q}”.</p>}
          >
            {d.entries.map((e) => (
              <tr key={e.id}>
                <td className="px-4 py-2 text-right tabular-nums text-slate-500">{e.line ?? ''}</td>
                <td className="px-4 py-2 font-medium text-ink">{e.name}</td>
                <td className="px-4 py-2 text-slate-600">{e.aliases.join('; ')}</td>
                <td className="px-4 py-2 tabular-nums text-slate-600">{e.dateOfBirth ?? ''}</td>
                <td className="px-4 py-2 text-slate-600">{e.nationality ? countryName(e.nationality) : ''}</td>
                <td className="px-4 py-2">
                  <Badge tone={e.category === 'sanctions' ? 'danger' : 'warning'}>{e.category === 'sanctions' ? 'Sanctions' : 'PEP'}</Badge>
                </td>
                <td className="px-4 py-2 text-slate-600">{e.reference ?? ''}</td>
              </tr>
            ))}
          </DataTable>
          {d.entriesTotal > 50 ? (
            <div className="mt-3 flex items-center justify-between text-sm text-slate-600">
              <span>
                {offset + 1}–{Math.min(offset + 50, d.entriesTotal)} of {d.entriesTotal.toLocaleString('en-US')}
              </span>
              <div className="flex gap-2">
                <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - 50))}>
                  Previous
                </Button>
                <Button disabled={offset + 50 >= d.entriesTotal} onClick={() => setOffset(offset + 50)}>
                  Next
                </Button>
              </div>
            </div>
          ) : null}
        </>
      )}
    </Dialog>
  );
}

function TryAName({ threshold }: { threshold: number }) {
  const [name, setName] = useState('');
  const [dob, setDob] = useState('');
  const [nationality, setNationality] = useState('');
  const check = useMutation({
    mutationFn: () => api.post<ScreeningResult>(`${SCREENING_API}/check`, { name, dateOfBirth: dob || undefined, nationality: nationality || undefined }),
  });
  const countries = useMemo(() => [{ value: '', label: 'Not given' }, ...COUNTRIES.map(([code, n]) => ({ value: code, label: n }))], []);
  const r = check.data;
  return (
    <div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim().length >= 2) check.mutate();
        }}
        className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto] sm:items-end"
      >
        <Field label="Full name" value={name} onChange={setName} maxLength={200} placeholder="Karim al-Mirqadi" />
        <Field label="Date of birth (optional)" type="date" value={dob} onChange={setDob} />
        <Select label="Nationality (optional)" value={nationality} onChange={setNationality} options={countries} />
        <Button type="submit" icon={Search} disabled={name.trim().length < 2 || check.isPending}>
          {check.isPending ? 'Checking…' : 'Check'}
        </Button>
      </form>
      <div aria-live="polite" className="mt-4">
        {check.isError ? <ErrorNote>{errorText(check.error, 'The check failed.')}</ErrorNote> : null}
        {r && !r.flagged ? (
          <p className="flex items-center gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            <ShieldCheck className="h-4 w-4" aria-hidden="true" />
            No match at {scorePercent(threshold)} or above among {r.entriesChecked.toLocaleString('en-US')} listed entries.
          </p>
        ) : null}
        {r && r.flagged ? (
          <div>
            <p className="flex items-center gap-2 text-sm font-semibold text-red-800">
              <ShieldAlert className="h-4 w-4" aria-hidden="true" />
              {r.hits.length} possible match{r.hits.length === 1 ? '' : 'es'} — risk {r.risk}. An application with this name would be held for review.
            </p>
            <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {r.hits.map((h) => (
                <li key={h.entryId} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-ink">
                      {h.name}
                      {h.matchedOn !== h.name ? <span className="font-normal text-slate-500"> (as “{h.matchedOn}”)</span> : null}
                    </p>
                    <p className="mt-0.5 text-slate-600">
                      {h.listName} · {screeningCategoryLabels[h.category]}
                      {h.reference ? ` · ${h.reference}` : ''}
                      {h.dateOfBirth ? ` · born ${h.dateOfBirth}` : ''}
                      {h.nationality ? ` · ${countryName(h.nationality)}` : ''}
                    </p>
                    {h.reasons.length ? <p className="mt-0.5 text-xs text-slate-500">{h.reasons.join(', ')}</p> : null}
                  </div>
                  <Badge tone={h.category === 'sanctions' ? 'danger' : 'warning'}>{scorePercent(h.score)} match</Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function Block({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-8">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
            {title}
          </h2>
          {description ? <p className="mt-0.5 max-w-3xl text-sm text-slate-500">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

export default function ScreeningLists() {
  const client = useQueryClient();
  const lists = useQuery<ListsJson>({ queryKey: LISTS_KEY, queryFn: ({ signal }) => api.get<ListsJson>(LISTS_KEY[0], { signal }) });
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<ScreeningListJson | null>(null);
  const [deleting, setDeleting] = useState<ScreeningListJson | null>(null);
  const remove = useMutation({
    mutationFn: (l: ScreeningListJson) => api.delete<{ message: string }>(`${SCREENING_API}/lists/${l.id}`),
    onSuccess: (r) => {
      setDeleting(null);
      void client.invalidateQueries({ queryKey: LISTS_KEY });
      toast({ title: 'List deleted', description: r.message, variant: 'success' });
    },
  });
  const items = lists.data?.items ?? [];
  const threshold = lists.data?.threshold ?? 0.85;

  return (
    <>
      <Block
        title="Screening lists"
        description={`Every submitted application's name is checked against these sanctions and PEP lists — spelling variants, particles (al, bin…) and word order included. A match scoring ${scorePercent(threshold)} or more holds the application for review.`}
        actions={
          <Button variant="primary" icon={Upload} onClick={() => setUploading(true)}>
            Upload list
          </Button>
        }
      >
        <Card className="overflow-hidden">
          {lists.isPending ? (
            <div className="px-5 py-8">
              <Busy>Loading the lists…</Busy>
            </div>
          ) : lists.isError ? (
            <div className="p-5">
              <ErrorNote title="Could not load the screening lists">{errorText(lists.error, 'Please try again.')}</ErrorNote>
            </div>
          ) : (
            <DataTable
              caption="Screening lists"
              minWidth={720}
              columns={[
                { key: 'name', label: 'List' },
                { key: 'entries', label: 'Entries', align: 'right' },
                { key: 'split', label: 'Sanctions / PEP' },
                { key: 'by', label: 'Uploaded by' },
                { key: 'updated', label: 'Updated' },
                { key: 'actions', label: 'Actions', align: 'right' },
              ]}
              empty={
                <EmptyState icon={FileSpreadsheet} title="No screening lists" action={<Button icon={Upload} onClick={() => setUploading(true)}>Upload list</Button>}>
                  Without a list, applications are not screened. Upload a sanctions or PEP list as CSV.
                </EmptyState>
              }
            >
              {items.map((l) => (
                <tr key={l.id}>
                  <td className="px-4 py-3">
                    <span className="font-medium text-ink">{l.name}</span> {l.source === 'demo' ? <Badge tone="sand">Demo</Badge> : null}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{l.entryCount.toLocaleString('en-US')}</td>
                  <td className="px-4 py-3 tabular-nums text-slate-600">
                    {l.sanctionsCount.toLocaleString('en-US')} / {l.pepCount.toLocaleString('en-US')}
                  </td>
                  <td className="px-4 py-3 text-slate-600">{l.uploadedBy?.name || (l.source === 'demo' ? 'Seeded at first start' : '—')}</td>
                  <td className="px-4 py-3 text-slate-600">{formatDateTime(l.updatedAt)}</td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" icon={ListChecks} onClick={() => setViewing(l)}>
                        Entries<span className="sr-only"> of {l.name}</span>
                      </Button>
                      <Button variant="ghost" icon={Trash2} onClick={() => setDeleting(l)}>
                        Delete<span className="sr-only"> {l.name}</span>
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </Card>
      </Block>

      <Block title="Try a name" description="Check a name against every list without creating anything, to see how the matching behaves.">
        <Card className="p-5">
          <TryAName threshold={threshold} />
        </Card>
      </Block>

      <UploadDialog open={uploading} onClose={() => setUploading(false)} existing={items} />
      <EntriesDialog list={viewing} onClose={() => setViewing(null)} />
      <Dialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description={`Its ${deleting?.entryCount.toLocaleString('en-US') ?? ''} entries are removed and new applications are no longer screened against it. Applications already screened keep their results. The deletion is recorded in the activity log.`}
        footer={
          <>
            <Button onClick={() => setDeleting(null)}>Cancel</Button>
            <Button variant="primary" icon={Trash2} disabled={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>
              {remove.isPending ? 'Deleting…' : 'Delete list'}
            </Button>
          </>
        }
      >
        {remove.isError ? <ErrorNote>{errorText(remove.error, 'The list could not be deleted.')}</ErrorNote> : null}
      </Dialog>
    </>
  );
}
