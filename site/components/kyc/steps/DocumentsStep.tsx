import { type DragEvent, type FormEvent, useState } from 'react';
import {
  ACCEPT_ATTRIBUTE,
  checkDocumentFile,
  chosenDocuments,
  DOCUMENT_SLOTS,
  type DocumentSlot,
  type DocumentSlotKey,
  formatBytes,
} from '../documents';
import { FieldError } from '../fields';
import { ContinueButton, linkTo, StepActions } from '../StepActions';
import type { StepFormProps } from '../step-types';

export function DocumentsStep({ draft, setDraft, go }: StepFormProps) {
  const isPassport = draft.personal.idType === 'passport';
  const [files, setFiles] = useState(() => chosenDocuments.all());
  const [errors, setErrors] = useState<Partial<Record<DocumentSlotKey, string>>>({});

  const choose = (key: DocumentSlotKey, file: File | undefined) => {
    if (!file) return;
    const problem = checkDocumentFile(file);
    setErrors((e) => ({ ...e, [key]: problem ?? undefined }));
    if (problem) return;
    chosenDocuments.set(key, file);
    setFiles(chosenDocuments.all());
  };
  const remove = (key: DocumentSlotKey) => {
    chosenDocuments.remove(key);
    setFiles(chosenDocuments.all());
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Nothing here is uploaded, so this step is never marked done: only the move to the next step is recorded.
    setDraft((d) => ({ ...d, lastStep: 'address' }));
    go('address');
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Documents">
      <div className="rounded-xl border border-slate-200 bg-slate-50/70 p-4 text-sm text-slate-600">
        <p>
          <span className="font-medium text-ink">Accepted:</span> JPEG, PNG or PDF, up to 10 MB each.
          {isPassport ? (
            <> You chose a passport, so the ID back isn’t needed.</>
          ) : (
            <>
              {' '}
              Using a passport instead? <a {...linkTo(go, 'personal')} className="font-medium text-brand-700 underline underline-offset-2">Change your ID type</a>.
            </>
          )}
        </p>
      </div>

      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {DOCUMENT_SLOTS.map((slot) => (
          <li key={slot.key}>
            <DocumentSlotCard
              slot={slot}
              notNeeded={Boolean(slot.emiratesIdOnly && isPassport)}
              file={files.get(slot.key)}
              error={errors[slot.key]}
              onChoose={(f) => choose(slot.key, f)}
              onRemove={() => remove(slot.key)}
            />
          </li>
        ))}
      </ul>

      <StepActions
        back="personal"
        go={go}
        primary={<ContinueButton />}
        note="Choosing a file checks its type and size in your browser. Files stay in this tab and are not uploaded from this step."
      />
    </form>
  );
}

function DocumentSlotCard({
  slot,
  notNeeded,
  file,
  error,
  onChoose,
  onRemove,
}: {
  slot: DocumentSlot;
  notNeeded: boolean;
  file?: File;
  error?: string;
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  const [over, setOver] = useState(false);
  const id = `doc-${slot.key}`;
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    onChoose(e.dataTransfer.files?.[0]);
  };

  return (
    <div className={`flex h-full flex-col rounded-xl border bg-white p-4 ${error ? 'border-red-300' : 'border-slate-200'} ${notNeeded ? 'opacity-60' : ''}`}>
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold text-ink" id={`${id}-label`}>
          {slot.label}
        </h2>
        {notNeeded ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">Not needed for a passport</span>
        ) : file ? (
          <span className="rounded-full bg-sand-50 px-2 py-0.5 text-xs font-medium text-sand-700 ring-1 ring-sand-200">Not uploaded</span>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {slot.hint}
      </p>

      {!notNeeded && (
        <div className="mt-4 flex flex-1 flex-col justify-end">
          {file ? (
            <div className="flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50/60 p-3">
              <span aria-hidden="true" className="grid h-9 w-9 shrink-0 place-items-center rounded-md bg-white text-brand-700 ring-1 ring-brand-200">
                <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
                  <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
                  <path d="M14 2v6h6M9 15l2 2 4-4" />
                </svg>
              </span>
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium text-ink">{file.name}</p>
                <p className="text-slate-600">{formatBytes(file.size)} · type and size checked</p>
              </div>
              <button
                type="button"
                onClick={onRemove}
                className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-white hover:text-ink"
                aria-label={`Remove ${slot.label} file ${file.name}`}
              >
                Remove
              </button>
            </div>
          ) : (
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
                Choose a file <span className="font-normal text-slate-600">or drag it here</span>
              </span>
              <span className="text-xs text-slate-500">JPEG, PNG or PDF · max 10 MB</span>
              <input
                id={id}
                type="file"
                accept={ACCEPT_ATTRIBUTE}
                className="sr-only"
                aria-labelledby={`${id}-label`}
                aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
                aria-invalid={error ? true : undefined}
                onChange={(e) => {
                  onChoose(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </label>
          )}
          <FieldError id={id} error={error} />
        </div>
      )}
    </div>
  );
}
