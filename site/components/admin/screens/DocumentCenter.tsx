/**
 * /admin/users/document-center: every document investors uploaded (GET /api/admin/documents),
 * searchable by user and filtered by type and status on the server, with a preview of each file and
 * a link to the application it belongs to.
 */
import { formatBytes } from '@modules/files/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FolderOpen, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import {
  type AdminDocumentListItem,
  type AdminListJson,
  KYC_DOCUMENT_STATUSES,
  KYC_DOCUMENT_TYPES,
  kycDocumentStatusLabels,
  kycDocumentTypeLabels,
  kycStatusLabels,
} from '@modules/kyc/contract';
import { DocumentPreview, DocumentThumb } from '@site/components/kyc/DocumentPreview';
import { formatDateTime, isoOrRaw } from '../format';
import { Dialog } from '../ledger/parts';
import { ListError, LoadingRows, PAGE_SIZE, Pagination } from '../lists';
import { Badge, Button, DataTable, EmptyState, ListCard, ScreenIntro, SearchField, SelectField, Toolbar } from '../ui';
import { applicationPath, StatusBadge } from './Kyc';

export const ADMIN_DOCUMENTS_ENDPOINT = '/api/admin/documents';

export type DocumentFilters = { q: string; type: string; status: string; includeSuperseded: boolean; offset: number };
export const DEFAULT_DOCUMENT_FILTERS: DocumentFilters = { q: '', type: '', status: '', includeSuperseded: false, offset: 0 };

export function documentsUrl(f: DocumentFilters): string {
  const p = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(f.offset) });
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.type) p.set('type', f.type);
  if (f.status) p.set('status', f.status);
  if (f.includeSuperseded) p.set('includeSuperseded', 'true');
  return `${ADMIN_DOCUMENTS_ENDPOINT}?${p}`;
}

const statusTone = { pending: 'sand', accepted: 'success', rejected: 'danger' } as const;

const columns = [
  { key: 'doc', label: 'Document' },
  { key: 'owner', label: 'Belongs to' },
  { key: 'status', label: 'Status' },
  { key: 'uploaded', label: 'Uploaded (UAE time)' },
  { key: 'application', label: 'Verification' },
];

const kb = formatBytes;

export default function DocumentCenter() {
  const [filters, setFilters] = useState<DocumentFilters>(DEFAULT_DOCUMENT_FILTERS);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<AdminDocumentListItem | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setFilters((f) => (f.q === search ? f : { ...f, q: search, offset: 0 })), 300);
    return () => clearTimeout(t);
  }, [search]);
  const set = (patch: Partial<DocumentFilters>) => setFilters((f) => ({ ...f, offset: 0, ...patch }));
  const list = useQuery<AdminListJson<AdminDocumentListItem>>({ queryKey: [documentsUrl(filters)], placeholderData: keepPreviousData, refetchOnMount: 'always', staleTime: 0 });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const filtered = filters.q || filters.type || filters.status;

  let empty;
  if (list.isError) empty = <ListError error={list.error} what="the documents" onRetry={() => void list.refetch()} />;
  else if (filtered)
    empty = (
      <EmptyState title="No documents match">
        No document matches this search and these filters. Clear them to see every document.
      </EmptyState>
    );
  else
    empty = (
      <EmptyState icon={FolderOpen} title="No documents on file">
        Identity documents from the verification flow are filed here as investors upload them, with who they belong to and their review status.
      </EmptyState>
    );

  return (
    <>
      <ScreenIntro
        description="Every identity document investors have uploaded: passports and Emirates IDs, proofs of address, selfies and supporting documents. Files are encrypted at rest; opening one is recorded in the audit log."
        actions={
          <Button icon={RefreshCw} onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching && !list.isPending ? 'Refreshing…' : 'Refresh'}
          </Button>
        }
      />
      <ListCard
        toolbar={
          <Toolbar label="Filter documents">
            <SearchField label="Search by user" value={search} onChange={setSearch} placeholder="Name, email or unique ID" />
            <SelectField
              label="Type"
              value={filters.type}
              onChange={(type) => set({ type })}
              options={[{ value: '', label: 'All types' }, ...KYC_DOCUMENT_TYPES.map((t) => ({ value: t, label: kycDocumentTypeLabels[t] }))]}
              className="sm:w-52"
            />
            <SelectField
              label="Status"
              value={filters.status}
              onChange={(status) => set({ status })}
              options={[{ value: '', label: 'Any status' }, ...KYC_DOCUMENT_STATUSES.map((s) => ({ value: s, label: kycDocumentStatusLabels[s] }))]}
            />
            <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
              <input type="checkbox" checked={filters.includeSuperseded} onChange={(e) => set({ includeSuperseded: e.target.checked })} className="h-4 w-4 accent-brand-700" />
              Include replaced uploads
            </label>
          </Toolbar>
        }
        footer={
          list.data && total > 0 ? (
            <Pagination offset={filters.offset} pageCount={items.length} total={total} shown={items.length} noun={['document', 'documents']} onOffset={(offset) => setFilters((f) => ({ ...f, offset }))} busy={list.isFetching} />
          ) : null
        }
      >
        {list.isPending ? (
          <p className="sr-only" role="status">
            Loading documents…
          </p>
        ) : null}
        <DataTable caption="Documents" columns={columns} empty={empty} minWidth={820}>
          {list.isPending
            ? [<LoadingRows key="loading" columns={columns.length} />]
            : list.isError
              ? []
              : items.map((d) => (
                  <tr key={d.id} className="align-middle hover:bg-slate-50/70" data-testid="document-row">
                    <td className="px-4 py-2.5">
                      <button
                        type="button"
                        onClick={() => setOpen(d)}
                        className="group flex items-center gap-3 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                      >
                        <DocumentThumb doc={d} size={40} />
                        <span className="min-w-0">
                          <span className="block font-medium text-brand-800 group-hover:underline">
                            <span className="sr-only">Preview the </span>
                            {kycDocumentTypeLabels[d.type]}
                            <span className="sr-only"> of {d.userName}</span>
                          </span>
                          <span className="block max-w-52 truncate text-xs text-slate-500">
                            {d.originalName ?? d.contentType} · {kb(d.size)}
                          </span>
                        </span>
                      </button>
                    </td>
                    <td className="px-4 py-2.5">
                      <span className="block text-ink">{d.userName}</span>
                      <span className="block text-xs text-slate-500">
                        {d.email} · <span className="font-mono">{d.unicode}</span>
                      </span>
                    </td>
                    <td className="px-4 py-2.5">
                      <span className="flex flex-wrap gap-1">
                        <Badge tone={statusTone[d.status]}>{kycDocumentStatusLabels[d.status]}</Badge>
                        {d.superseded ? <Badge>Replaced</Badge> : null}
                      </span>
                      {d.rejectionReason ? <span className="mt-1 block max-w-56 text-xs text-red-700">{d.rejectionReason}</span> : null}
                    </td>
                    <td className="whitespace-nowrap px-4 py-2.5 text-slate-600 tabular-nums">
                      <time dateTime={isoOrRaw(d.uploadedAt)}>{formatDateTime(d.uploadedAt)}</time>
                    </td>
                    <td className="px-4 py-2.5">
                      <Link href={applicationPath(d.userId)} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-900">
                        <StatusBadge status={d.applicationStatus} />
                        <span className="sr-only">Open the verification of {d.userName}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
        </DataTable>
      </ListCard>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        wide
        title={open ? `${kycDocumentTypeLabels[open.type]} · ${open.userName}` : 'Document'}
        description={
          open ? (
            <>
              {kycDocumentStatusLabels[open.status]} · uploaded {formatDateTime(open.uploadedAt)} · verification {kycStatusLabels[open.applicationStatus].toLowerCase()}
            </>
          ) : undefined
        }
        footer={
          open ? (
            <>
              <Button onClick={() => setOpen(null)}>Close</Button>
              <Link
                href={applicationPath(open.userId)}
                className="inline-flex items-center justify-center rounded-lg bg-brand-800 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-900"
              >
                Open the application
              </Link>
            </>
          ) : undefined
        }
      >
        {open ? <DocumentPreview doc={open} label={kycDocumentTypeLabels[open.type]} height={560} /> : null}
      </Dialog>
    </>
  );
}
