/**
 * Server-side exports (CSV reports, the general ledger, the hledger journal). The server streams
 * them; the browser reads the stream so it can show how many rows have arrived (out of how many,
 * when known), lets the person cancel, then saves the file under the server's name.
 */
import { useEffect, useRef, useState } from 'react';
import { Download, X } from 'lucide-react';
import { errorText, toApiError } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { Button } from '../ui';

/** The filename in a Content-Disposition header, if any. */
export function filenameFrom(header: string | null, fallback: string): string {
  const m = header ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  return m?.[1] ? decodeURIComponent(m[1]) : fallback;
}

/**
 * Reads a streamed download, reporting the number of lines received as chunks arrive. This reads the
 * raw Response (the shared api wrapper buffers bodies), but failures become the same ApiError.
 */
export async function fetchWithProgress(url: string, onLines: (lines: number) => void, signal?: AbortSignal): Promise<{ blob: Blob; filename: string | null; lines: number }> {
  const res = await fetch(url, { credentials: 'include', signal, headers: { Accept: 'text/csv, text/plain, */*' } });
  if (!res.ok) throw await toApiError(res);
  const type = res.headers.get('content-type') ?? 'text/plain';
  const filename = res.headers.get('content-disposition');
  const chunks: BlobPart[] = [];
  let lines = 0;
  const reader = res.body?.getReader();
  if (!reader) {
    const text = await res.text();
    lines = text.split('\n').length - 1;
    onLines(lines);
    return { blob: new Blob([text], { type }), filename, lines };
  }
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value) {
      chunks.push(value as BlobPart);
      for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
      onLines(lines);
    }
  }
  return { blob: new Blob(chunks, { type }), filename, lines };
}

function save(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

export function ExportButton({
  url,
  label = 'Export CSV',
  fallbackName,
  expectedRows,
  noun = ['row', 'rows'],
  headerLines = 1,
  disabled,
}: {
  url: string;
  label?: string;
  fallbackName: string;
  /** Rows the file will hold, when known (shown as "1,200 of 5,000"). */
  expectedRows?: number;
  noun?: [string, string];
  /** Lines before the first data row (a CSV header). */
  headerLines?: number;
  disabled?: boolean;
}) {
  const [rows, setRows] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const word = (n: number) => (n === 1 ? noun[0] : noun[1]);

  async function start() {
    if (abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    setRows(0);
    try {
      const got = await fetchWithProgress(url, (l) => setRows(Math.max(0, l - headerLines)), controller.signal);
      const filename = filenameFrom(got.filename, fallbackName);
      save(got.blob, filename);
      const n = Math.max(0, got.lines - headerLines);
      toast({ title: 'Export ready', description: `${n.toLocaleString('en-US')} ${word(n)} saved to ${filename}.`, variant: 'success' });
    } catch (err) {
      if (controller.signal.aborted) toast({ title: 'Export cancelled', description: 'Nothing was saved.' });
      else toast({ title: 'Export failed', description: errorText(err, 'The export could not be created.'), variant: 'destructive' });
    } finally {
      abort.current = null;
      setRows(null);
    }
  }

  if (rows !== null) {
    const of = expectedRows !== undefined ? ` of ${expectedRows.toLocaleString('en-US')}` : '';
    const pct = expectedRows ? Math.min(100, Math.round((rows / Math.max(1, expectedRows)) * 100)) : null;
    return (
      <span className="inline-flex items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-1.5 text-sm text-brand-900" role="status" aria-live="polite">
        <span className="relative h-1.5 w-16 overflow-hidden rounded-full bg-brand-100" aria-hidden="true">
          <span className={pct === null ? 'absolute inset-y-0 w-1/3 animate-pulse rounded-full bg-brand-600' : 'absolute inset-y-0 left-0 rounded-full bg-brand-600 transition-[width]'} style={pct === null ? undefined : { width: `${pct}%` }} />
        </span>
        <span className="tabular-nums">
          Exporting… {rows.toLocaleString('en-US')}
          {of} {word(expectedRows ?? rows)}
        </span>
        <button type="button" onClick={() => abort.current?.abort()} className="rounded p-0.5 text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500">
          <X className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">Cancel the export</span>
        </button>
      </span>
    );
  }
  return (
    <Button icon={Download} onClick={() => void start()} disabled={disabled}>
      {label}
    </Button>
  );
}
