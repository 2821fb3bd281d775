import { type DragEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import {
  type KycDocumentJson,
  type KycDocumentType,
  kycDocumentStatusLabels,
  kycDocumentTypeHints,
  kycDocumentTypeLabels,
  UPLOAD_ACCEPT,
  UPLOAD_RULES_TEXT,
} from '@modules/kyc/contract';
import { formatDayInDubai } from '@modules/platform/dates';
import { errorText } from '@site/lib/api';
import { awaitingRequested, checkDocumentFile, currentDocument, documentSlots, formatBytes, isImage, missingDocuments } from '../documents';
import { FieldError, linkClass } from '../fields';
import type { SaveState } from '../SaveStatus';
import { ContinueButton, linkTo, StepActions } from '../StepActions';
import type { StepFormProps } from '../step-types';
import { uploadKycDocument } from '../upload';
import { useAcceptApplication, useKycApplication } from '../use-kyc';

type Uploading = { fileName: string; size: number; fraction: number; preview: string | null; abort: () => void };

export function DocumentsStep({ user, app, next, go }: StepFormProps) {
  const accept = useAcceptApplication(user);
  const { refetch } = useKycApplication();
  const [uploading, setUploading] = useState<Partial<Record<KycDocumentType, Uploading>>>({});
  const [errors, setErrors] = useState<Partial<Record<KycDocumentType, string>>>({});
  const [attempted, setAttempted] = useState(false);
  const [save, setSave] = useState<SaveState>({ state: 'idle' });
  const handles = useRef(new Set<() => void>());
  const slots = documentSlots(app);
  const missing = missingDocuments(app);
  const idChosen = Boolean(app.personal);
  const busy = Object.keys(uploading).length > 0;

  useEffect(() => () => handles.current.forEach((abort) => abort()), []);

  const upload = async (type: KycDocumentType, file: File | undefined) => {
    if (!file || uploading[type]) return;
    const problem = checkDocumentFile(file);
    setErrors((e) => ({ ...e, [type]: problem ?? undefined }));
    if (problem) return;
    const preview = isImage(file.type) ? URL.createObjectURL(file) : null;
    let abort = () => {};
    // The card shows the upload before the first progress event can arrive.
    setUploading((u) => ({ ...u, [type]: { fileName: file.name, size: file.size, fraction: 0, preview, abort: () => abort() } }));
    const handle = uploadKycDocument(type, file, (fraction) =>
      setUploading((u) => (u[type] ? { ...u, [type]: { ...u[type]!, fraction } } : u)),
    );
    abort = handle.abort;
    handles.current.add(handle.abort);
    setSave({ state: 'saving' });
    try {
      await handle.promise;
      const fresh = await refetch();
      if (fresh.data) accept(fresh.data);
      setSave({ state: 'saved', at: Date.now() });
    } catch (err) {
      const cancelled = err instanceof DOMException && err.name === 'AbortError';
      setErrors((e) => ({ ...e, [type]: cancelled ? 'Upload cancelled.' : errorText(err, 'The upload failed. Please try again.') }));
      setSave(cancelled ? { state: 'idle' } : { state: 'error', message: `Not uploaded: ${errorText(err, 'check your connection')}` });
    } finally {
      handles.current.delete(handle.abort);
      if (preview) URL.revokeObjectURL(preview);
      setUploading((u) => {
        const rest = { ...u };
        delete rest[type];
        return rest;
      });
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (busy) return;
    if (missing.length) {
      window.requestAnimationFrame(() => document.getElementById(`doc-${missing[0]}-label`)?.scrollIntoView({ block: 'center' }));
      return;
    }
    next();
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Documents">
      <div className="rounded-xl border border-slate-200 bg-slate-50/70 p-4 text-sm text-slate-600">
        <p>
          <span className="font-medium text-ink">Accepted:</span> {UPLOAD_RULES_TEXT} each. Each file uploads as soon as you choose it.{' '}
          {idChosen ? (
            <>
              Verifying with a different ID? <a {...linkTo(go, 'personal')} className={linkClass}>Change your ID type</a>.
            </>
          ) : (
            <>
              <a {...linkTo(go, 'personal')} className={linkClass}>Choose your ID in Personal info</a> first to see which ID photos we need.
            </>
          )}
        </p>
      </div>

      {app.status === 'rejected' && app.requestedDocuments && (
        <div role="note" className="mt-4 rounded-xl border border-sand-300 bg-sand-50 p-4 text-sm text-slate-700">
          <p className="font-semibold text-ink">Our compliance team asked for:</p>
          <p className="mt-1">{app.requestedDocuments.message}</p>
        </div>
      )}

      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {slots.map((type) => (
          <li key={type}>
            <DocumentCard
              type={type}
              doc={currentDocument(app, type)}
              requested={awaitingRequested(app, type)}
              uploading={uploading[type]}
              error={errors[type] ?? (attempted && missing.includes(type) ? `Upload your ${kycDocumentTypeLabels[type].toLowerCase()}` : undefined)}
              onChoose={(f) => void upload(type, f)}
            />
          </li>
        ))}
      </ul>

      {attempted && missing.length > 0 && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          Still needed: {missing.map((t) => kycDocumentTypeLabels[t]).join(', ')}.
        </p>
      )}

      <StepActions back="personal" go={go} status={save} primary={<ContinueButton busy={busy} />} />
    </form>
  );
}

function StatusPill({ doc, requested }: { doc: KycDocumentJson; requested: boolean }) {
  if (requested) return <span className="rounded-full bg-sand-50 px-2 py-0.5 text-xs font-medium text-sand-800 ring-1 ring-sand-300">Upload again</span>;
  const tone =
    doc.status === 'accepted'
      ? 'bg-brand-50 text-brand-800 ring-brand-200'
      : doc.status === 'rejected'
        ? 'bg-red-50 text-red-700 ring-red-200'
        : 'bg-sky-50 text-sky-800 ring-sky-200';
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${tone}`} data-testid="document-status">
      {doc.status === 'pending' ? 'Uploaded' : kycDocumentStatusLabels[doc.status]}
    </span>
  );
}

function DocumentCard({
  type,
  doc,
  requested,
  uploading,
  error,
  onChoose,
}: {
  type: KycDocumentType;
  doc?: KycDocumentJson;
  requested: boolean;
  uploading?: Uploading;
  error?: string;
  onChoose: (file: File | undefined) => void;
}) {
  const [over, setOver] = useState(false);
  const id = `doc-${type}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    onChoose(e.dataTransfer.files?.[0]);
  };
  const label = kycDocumentTypeLabels[type];
  const needsNew = !doc || doc.status === 'rejected' || requested;

  const input = (
    <input
      ref={inputRef}
      id={id}
      type="file"
      accept={UPLOAD_ACCEPT}
      className="sr-only"
      aria-labelledby={`${id}-label`}
      aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
      onChange={(e) => {
        onChoose(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );

  return (
    <div
      className={`flex h-full flex-col rounded-xl border bg-white p-4 ${error || doc?.status === 'rejected' || requested ? 'border-red-300' : 'border-slate-200'}`}
      data-testid={`document-${type}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold text-ink" id={`${id}-label`}>
          {label}
        </h2>
        {doc && !uploading && <StatusPill doc={doc} requested={requested} />}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {kycDocumentTypeHints[type]}
      </p>
      {doc?.status === 'rejected' && doc.rejectionReason && !uploading && (
        <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <span className="font-medium">Why it was rejected:</span> {doc.rejectionReason}
        </p>
      )}

      <div className="mt-4 flex flex-1 flex-col justify-end">
        {uploading ? (
          <div className="rounded-lg border border-brand-200 bg-brand-50/60 p-3">
            <div className="flex items-center gap-3">
              {uploading.preview ? (
                <img src={uploading.preview} alt="" className="h-12 w-12 shrink-0 rounded-md object-cover ring-1 ring-brand-200" />
              ) : (
                <FileIcon />
              )}
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium text-ink">{uploading.fileName}</p>
                <p className="text-slate-600">
                  Uploading… {Math.round(uploading.fraction * 100)}% of {formatBytes(uploading.size)}
                </p>
              </div>
              <button type="button" onClick={uploading.abort} className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-white hover:text-ink">
                Cancel<span className="sr-only"> the {label} upload</span>
              </button>
            </div>
            <div
              role="progressbar"
              aria-label={`Uploading ${label}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(uploading.fraction * 100)}
              className="mt-3 h-1.5 overflow-hidden rounded-full bg-white ring-1 ring-brand-100"
            >
              <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200" style={{ width: `${uploading.fraction * 100}%` }} />
            </div>
          </div>
        ) : doc && !needsNew ? (
          <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3">
            <Preview doc={doc} label={label} />
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate font-medium text-ink">{doc.originalName ?? label}</p>
              <p className="text-slate-600">
                {formatBytes(doc.size)} · uploaded {formatDayInDubai(doc.uploadedAt)}
              </p>
            </div>
            <label htmlFor={id} className="cursor-pointer rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-white hover:text-brand-900 focus-within:ring-2 focus-within:ring-brand-500/40">
              Replace<span className="sr-only"> {label}</span>
              {input}
            </label>
          </div>
        ) : (
          <>
            {doc && (
              <div className="mb-3 flex items-center gap-3 text-sm text-slate-600">
                <Preview doc={doc} label={label} />
                <span className="min-w-0 truncate">Previous upload: {doc.originalName ?? label}</span>
              </div>
            )}
            <label
              htmlFor={id}
              onDragOver={(e) => {
                e.preventDefault();
                setOver(true);
              }}
              onDragLeave={() => setOver(false)}
              onDrop={onDrop}
              className={`flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30 ${
                over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 hover:border-brand-400 hover:bg-slate-50'
              }`}
            >
              <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" className="text-brand-700">
                <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />
              </svg>
              <span className="font-medium text-brand-800">
                {doc ? 'Upload a new file' : 'Choose a file'} <span className="font-normal text-slate-600">or drag it here</span>
              </span>
              <span className="text-xs text-slate-500">{UPLOAD_RULES_TEXT}</span>
              {input}
            </label>
          </>
        )}
        <FieldError id={id} error={error} />
      </div>
    </div>
  );
}

function FileIcon() {
  return (
    <span aria-hidden="true" className="grid h-12 w-12 shrink-0 place-items-center rounded-md bg-white text-brand-700 ring-1 ring-brand-200">
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
        <path d="M14 2v6h6" />
      </svg>
    </span>
  );
}

/** A thumbnail of an uploaded image, or a PDF badge; either opens the file (owner-only route) in a new tab. */
function Preview({ doc, label }: { doc: KycDocumentJson; label: string }) {
  return (
    <a href={doc.url} target="_blank" rel="noreferrer" className="shrink-0 rounded-md focus-visible:outline-2" aria-label={`Open your ${label} in a new tab`}>
      {isImage(doc.contentType) ? (
        <img src={doc.url} alt="" loading="lazy" className="h-12 w-12 rounded-md object-cover ring-1 ring-slate-200" data-testid="document-preview" />
      ) : (
        <span className="grid h-12 w-12 place-items-center rounded-md bg-white text-xs font-semibold text-red-700 ring-1 ring-slate-200" data-testid="document-preview">
          PDF
        </span>
      )}
    </a>
  );
}
