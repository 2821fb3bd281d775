/**
 * Importing a statement: the file, its format (guessed from the name), for CSV the column mapping with a
 * preview of the first rows (the account's saved mapping when there is one), then the result: how many lines
 * were new and how many were already imported from an overlapping statement.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Busy, ErrorNote, Select } from '@site/components/admin/ledger/parts';
import { Button, Section } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { formatAed } from '@modules/platform/money';
import { MAX_STATEMENT_BYTES, STATEMENT_FORMATS, statementFormatLabels, statementMessages, type BankAccountJson, type ImportResultJson, type StatementFormat, type StatementPreviewJson } from '../../contract';
import { draftFrom, guessDraft, MappingForm, mappingFrom, type MappingDraft } from './csv-mapping';
import { accountUrl, postForm, refreshBanking } from './shared';

export function formatOf(fileName: string): StatementFormat {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'ofx' || ext === 'qfx') return 'ofx';
  if (['sta', 'mt940', '940', 'swi'].includes(ext)) return 'mt940';
  if (ext === 'xml') return 'camt053';
  return 'csv';
}

export function ImportPanel({ account }: { account: BankAccountJson }) {
  const client = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<StatementFormat>('csv');
  const [draft, setDraft] = useState<MappingDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMutation({
    mutationFn: ({ f, mapping }: { f: File; mapping?: MappingDraft }) => {
      const form = new FormData();
      form.set('file', f);
      if (mapping) form.set('mapping', JSON.stringify(mappingFrom(mapping)));
      return postForm<StatementPreviewJson>(accountUrl(account.id, '/statements/preview'), form);
    },
    onSuccess: (p, vars) => {
      if (!vars.mapping) setDraft(p.mapping ? draftFrom(p.mapping) : guessDraft(p.rows));
    },
  });
  const run = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.set('file', file!);
      form.set('format', format);
      if (format === 'csv' && draft) form.set('mapping', JSON.stringify(mappingFrom(draft)));
      return postForm<ImportResultJson>(accountUrl(account.id, '/statements'), form);
    },
    onSuccess: () => refreshBanking(client),
  });
  const choose = (f: File | null) => {
    run.reset();
    setProblem(null);
    setFile(f);
    if (!f) return;
    if (f.size > MAX_STATEMENT_BYTES) return setProblem(statementMessages.tooLarge);
    const guessed = formatOf(f.name);
    setFormat(guessed);
    setDraft(null);
    if (guessed === 'csv') preview.mutate({ f });
  };
  const setFormatAndPreview = (v: string) => {
    setFormat(v as StatementFormat);
    if (v === 'csv' && file && !draft) preview.mutate({ f: file });
  };
  const result = run.data;
  return (
    <Section title="Import a statement" description={`CSV, OFX, MT940 or CAMT.053, up to ${MAX_STATEMENT_BYTES / 1024 / 1024} MB. Lines already imported from an overlapping statement are skipped.`}>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (file && !problem) run.mutate();
        }}
      >
        <div className="grid gap-3 sm:grid-cols-[1fr_16rem]">
          <div>
            <label htmlFor={fileId} className="mb-1 block text-xs font-medium text-slate-600">
              Statement file
            </label>
            <input id={fileId} type="file" accept=".csv,.txt,.ofx,.qfx,.sta,.mt940,.940,.xml" onChange={(e) => choose(e.target.files?.[0] ?? null)} className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-800" />
          </div>
          <Select label="Format" value={format} onChange={setFormatAndPreview} options={STATEMENT_FORMATS.map((f) => ({ value: f, label: statementFormatLabels[f] }))} />
        </div>
        {problem ? <ErrorNote>{problem}</ErrorNote> : null}
        {format === 'csv' && preview.isPending ? <Busy>Reading the first rows…</Busy> : null}
        {format === 'csv' && preview.error ? <ErrorNote title="The file could not be previewed">{errorText(preview.error, 'Please try again.')}</ErrorNote> : null}
        {format === 'csv' && draft && preview.data ? (
          <>
            <MappingForm draft={draft} onChange={setDraft} rows={preview.data.rows} lines={preview.variables?.mapping ? preview.data.lines : null} error={preview.variables?.mapping ? preview.data.error : null} />
            <div>
              <Button onClick={() => file && preview.mutate({ f: file, mapping: draft })}>Check the mapping</Button>
            </div>
          </>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="primary" icon={Upload} disabled={!file || !!problem || run.isPending}>
            {run.isPending ? 'Importing…' : 'Import statement'}
          </Button>
          {run.isPending ? <Busy>Reading and checking every line…</Busy> : null}
        </div>
        <div role="status" aria-live="polite">
          {result ? (
            <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
              Imported {result.imported} new {result.imported === 1 ? 'line' : 'lines'}
              {result.duplicates ? `; ${result.duplicates} ${result.duplicates === 1 ? 'was' : 'were'} already imported and skipped` : ''}
              {result.periodFrom && result.periodTo ? `, ${result.periodFrom} to ${result.periodTo}` : ''}
              {result.closingBalance ? `. Closing balance ${formatAed(result.closingBalance)}.` : '.'}
            </p>
          ) : null}
        </div>
        {run.error ? <ErrorNote title="The statement was not imported">{errorText(run.error, 'Please try again.')}</ErrorNote> : null}
      </form>
    </Section>
  );
}
