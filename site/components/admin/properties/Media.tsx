/**
 * A property's photos and documents: upload (stored through the files module; photos and documents are
 * public, like the listing itself), reorder photos, edit their descriptions, remove. Every change goes
 * through the API, which records it in the audit log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, FileText, ImagePlus, Trash2, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FILE_RULES_TEXT, formatBytes } from '@modules/files/contract';
import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS, type PropertyDetailJson, type PropertyDocumentJson, type PropertyPhotoJson } from '@modules/properties/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { Dialog, ErrorNote, Field, Select } from '../ledger/parts';
import { Button, Card, EmptyState } from '../ui';
import { ADMIN_PROPERTIES, startsWith, upload } from './shared';

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries(startsWith(ADMIN_PROPERTIES, '/api/admin/audit'));
}

function FilePicker({ label, accept, onFile, file }: { label: string; accept: string; onFile: (f: File | null) => void; file: File | null }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">{label}</label>
      <input id={id} type="file" accept={accept} onChange={(e) => onFile(e.target.files?.[0] ?? null)} className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-800 hover:file:bg-brand-100" />
      <p className="mt-1 text-xs text-slate-500">{file ? `${file.name} · ${formatBytes(file.size)}` : FILE_RULES_TEXT}</p>
    </div>
  );
}

export function PhotosPanel({ property }: { property: PropertyDetailJson }) {
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const base = `${ADMIN_PROPERTIES}/${property.id}/photos`;
  const { removing, setRemoving, remove } = useRemoval<PropertyPhotoJson>(base, 'Photo removed', refresh);

  const add = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.set('file', file!);
      form.set('alt', alt.trim());
      return upload<PropertyPhotoJson>(base, form);
    },
    onSuccess: () => {
      toast({ title: 'Photo added', variant: 'success' });
      setOpen(false);
      setFile(null);
      setAlt('');
      void refresh();
    },
    onError: (e) => setError(errorText(e, 'The photo could not be uploaded.')),
  });
  const move = useMutation({
    mutationFn: ({ id, position }: { id: string; position: number }) => api.patch(`${base}/${id}`, { position }),
    onSuccess: () => void refresh(),
    onError: (e) => toast({ title: 'Not moved', description: errorText(e, 'Try again.'), variant: 'destructive' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!file) return setError('Choose a JPEG or PNG photo.');
    if (alt.trim().length < 3) return setError('Describe the photo in 3 to 200 characters, for people using screen readers.');
    add.mutate();
  };

  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{property.photos.length} of 24 photos. The first is the cover on cards and link previews.</p>
        <Button variant="primary" icon={ImagePlus} onClick={() => setOpen(true)}>Add photo</Button>
      </div>
      {property.photos.length === 0 ? (
        <EmptyState icon={ImagePlus} title="No photos yet">A property needs at least one photo before it can be published.</EmptyState>
      ) : (
        <ol className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {property.photos.map((ph, i) => (
            <li key={ph.id} className="overflow-hidden rounded-lg border border-slate-200">
              <img src={ph.url} alt={ph.alt} className="aspect-[3/2] w-full object-cover" loading="lazy" />
              <div className="flex items-start justify-between gap-2 p-3">
                <p className="text-xs text-slate-600"><span className="font-semibold text-ink">{i === 0 ? 'Cover · ' : `${i + 1}. `}</span>{ph.alt}</p>
                <div className="flex shrink-0 gap-1">
                  <button type="button" aria-label={`Move “${ph.alt}” earlier`} disabled={i === 0 || move.isPending} onClick={() => move.mutate({ id: ph.id, position: i - 1 })} className="rounded p-1.5 text-slate-500 hover:bg-slate-100 disabled:opacity-30"><ArrowUp className="h-4 w-4" aria-hidden="true" /></button>
                  <button type="button" aria-label={`Move “${ph.alt}” later`} disabled={i === property.photos.length - 1 || move.isPending} onClick={() => move.mutate({ id: ph.id, position: i + 1 })} className="rounded p-1.5 text-slate-500 hover:bg-slate-100 disabled:opacity-30"><ArrowDown className="h-4 w-4" aria-hidden="true" /></button>
                  <button type="button" aria-label={`Remove “${ph.alt}”`} onClick={() => setRemoving(ph)} className="rounded p-1.5 text-red-600 hover:bg-red-50"><Trash2 className="h-4 w-4" aria-hidden="true" /></button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title="Add a photo" description="JPEG or PNG, at most 10 MB. It is public: anyone viewing the listing can see it.">
        <form onSubmit={submit} className="space-y-4">
          {error ? <ErrorNote>{error}</ErrorNote> : null}
          <FilePicker label="Photo" accept="image/jpeg,image/png" file={file} onFile={setFile} />
          <Field label="Description (alt text)" value={alt} onChange={setAlt} maxLength={200} required placeholder="Living room with a view over the marina" />
          <div className="flex justify-end gap-2">
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="primary" icon={Upload} disabled={add.isPending}>{add.isPending ? 'Uploading…' : 'Upload'}</Button>
          </div>
        </form>
      </Dialog>
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this photo?"
        description={removing ? `“${removing.alt}” will no longer show on the listing.` : undefined}
        footer={
          <>
            <Button onClick={() => setRemoving(null)}>Keep it</Button>
            <Button variant="primary" onClick={() => removing && remove.mutate(removing.id)} disabled={remove.isPending}>{remove.isPending ? 'Removing…' : 'Remove photo'}</Button>
          </>
        }
      />
    </Card>
  );
}

export function DocumentsPanel({ property }: { property: PropertyDetailJson }) {
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<string>('title_deed');
  const [title, setTitle] = useState<string>(DOCUMENT_KIND_LABELS.title_deed);
  const [error, setError] = useState<string | null>(null);
  const base = `${ADMIN_PROPERTIES}/${property.id}/documents`;
  const { removing, setRemoving, remove } = useRemoval<PropertyDocumentJson>(base, 'Document removed', refresh);
  const titleTouched = useRef(false);

  const add = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.set('file', file!);
      form.set('kind', kind);
      form.set('title', title.trim());
      return upload<PropertyDocumentJson>(base, form);
    },
    onSuccess: () => {
      toast({ title: 'Document added', variant: 'success' });
      setOpen(false);
      setFile(null);
      setTitle(DOCUMENT_KIND_LABELS[kind as keyof typeof DOCUMENT_KIND_LABELS]);
      titleTouched.current = false;
      void refresh();
    },
    onError: (e) => setError(errorText(e, 'The document could not be uploaded.')),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!file) return setError('Choose a PDF, JPEG or PNG file.');
    if (title.trim().length < 3) return setError('Give the document a title of 3 to 120 characters.');
    add.mutate();
  };

  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">Title deed, valuation report and vehicle documents, readable by anyone viewing the listing.</p>
        <Button variant="primary" icon={Upload} onClick={() => setOpen(true)}>Add document</Button>
      </div>
      {property.documents.length === 0 ? (
        <EmptyState icon={FileText} title="No documents yet">Investors see these on the property page before they invest.</EmptyState>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {property.documents.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <a href={d.url} target="_blank" rel="noopener" className="block truncate text-sm font-medium text-brand-800 hover:underline">{d.title}</a>
                <p className="text-xs text-slate-500">{DOCUMENT_KIND_LABELS[d.kind]}{d.sizeBytes ? ` · ${formatBytes(d.sizeBytes)}` : ''}</p>
              </div>
              <button type="button" aria-label={`Remove “${d.title}”`} onClick={() => setRemoving(d)} className="rounded p-1.5 text-red-600 hover:bg-red-50"><Trash2 className="h-4 w-4" aria-hidden="true" /></button>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title="Add a document" description="PDF, JPEG or PNG, at most 10 MB. Published with the listing.">
        <form onSubmit={submit} className="space-y-4">
          {error ? <ErrorNote>{error}</ErrorNote> : null}
          <Select
            label="Kind"
            value={kind}
            onChange={(v) => {
              setKind(v);
              if (!titleTouched.current) setTitle(DOCUMENT_KIND_LABELS[v as keyof typeof DOCUMENT_KIND_LABELS]);
            }}
            options={DOCUMENT_KINDS.map((k) => ({ value: k, label: DOCUMENT_KIND_LABELS[k] }))}
          />
          <Field label="Title" value={title} onChange={(v) => { titleTouched.current = true; setTitle(v); }} maxLength={120} required placeholder="Title deed — Marina Gate 2, unit 3807" />
          <FilePicker label="File" accept="application/pdf,image/jpeg,image/png" file={file} onFile={setFile} />
          <div className="flex justify-end gap-2">
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="primary" icon={Upload} disabled={add.isPending}>{add.isPending ? 'Uploading…' : 'Upload'}</Button>
          </div>
        </form>
      </Dialog>
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this document?"
        description={removing ? `“${removing.title}” will no longer be listed on the property page.` : undefined}
        footer={
          <>
            <Button onClick={() => setRemoving(null)}>Keep it</Button>
            <Button variant="primary" onClick={() => removing && remove.mutate(removing.id)} disabled={remove.isPending}>{remove.isPending ? 'Removing…' : 'Remove document'}</Button>
          </>
        }
      />
    </Card>
  );
}

/** The remove-with-confirmation state of a photo or document list: which item is being confirmed, and the DELETE. */
function useRemoval<T extends { id: string }>(base: string, done: string, refresh: () => unknown) {
  const [removing, setRemoving] = useState<T | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`${base}/${id}`),
    onSuccess: () => {
      toast({ title: done, variant: 'success' });
      setRemoving(null);
      void refresh();
    },
    onError: (e) => toast({ title: 'Not removed', description: errorText(e, 'Try again.'), variant: 'destructive' }),
  });
  return { removing, setRemoving, remove };
}
