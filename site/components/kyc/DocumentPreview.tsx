import { ExternalLink, FileText } from 'lucide-react';
import type { KycDocumentJson } from '@modules/kyc/contract';
import { fileUrl } from '@modules/files/contract';

/**
 * A stored document through the authorised file route (GET /api/files/:id): images shown in place
 * with a link to open them in a new tab; PDFs are never rendered inside the site (the route hands them
 * out as attachments), so they show as a card with their download link.
 */
export function DocumentPreview({ doc, label, height = 420 }: { doc: Pick<KycDocumentJson, 'fileId' | 'url' | 'contentType' | 'originalName'>; label: string; height?: number }) {
  const image = doc.contentType !== 'application/pdf';
  return (
    <figure className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
      <div className="grid place-items-center bg-slate-100/70" style={{ minHeight: Math.min(height, 240) }}>
        {image ? (
          <img src={doc.url} alt={`${label}${doc.originalName ? ` (${doc.originalName})` : ''}`} className="max-w-full object-contain" style={{ maxHeight: height }} data-testid="document-image" />
        ) : (
          <div className="grid place-items-center gap-2 px-6 py-10 text-center" data-testid="document-pdf">
            <FileText className="h-10 w-10 text-red-700" aria-hidden="true" />
            <p className="text-sm text-slate-600">PDF documents open in your own PDF reader, not in the browser.</p>
            <a href={fileUrl(doc.fileId, { download: true })} className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
              Download {label} (PDF)
            </a>
          </div>
        )}
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white px-3 py-2 text-sm">
        <span className="flex min-w-0 items-center gap-1.5 text-slate-600">
          {image ? null : <FileText className="h-4 w-4 shrink-0 text-red-700" aria-hidden="true" />}
          <span className="truncate">{doc.originalName ?? label}</span>
        </span>
        <span className="flex gap-3">
          {image ? (
            <a href={doc.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-700 hover:text-brand-900">
              Open<span className="sr-only"> {label} in a new tab</span>
              <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            </a>
          ) : null}
          <a href={fileUrl(doc.fileId, { download: true })} className="font-medium text-brand-700 hover:text-brand-900">
            Download<span className="sr-only"> {label}</span>
          </a>
        </span>
      </figcaption>
    </figure>
  );
}

/** A small square thumbnail (images) or a PDF badge. */
export function DocumentThumb({ doc, size = 48 }: { doc: Pick<KycDocumentJson, 'url' | 'contentType'>; size?: number }) {
  if (doc.contentType === 'application/pdf') {
    return (
      <span aria-hidden="true" className="grid shrink-0 place-items-center rounded-md bg-white text-[11px] font-semibold text-red-700 ring-1 ring-slate-200" style={{ width: size, height: size }}>
        PDF
      </span>
    );
  }
  return <img src={doc.url} alt="" loading="lazy" className="shrink-0 rounded-md object-cover ring-1 ring-slate-200" style={{ width: size, height: size }} />;
}
