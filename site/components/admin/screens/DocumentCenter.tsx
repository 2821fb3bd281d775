/**
 * /admin/users/document-center: every document investors uploaded, on the one admin table
 * (GET /api/admin/documents on the list contract): searched by owner or file, filtered by type and
 * status, sorted and paged on the server, its state in the address, and the CSV of the filtered set.
 * Each file opens in a preview with a link to the application it belongs to.
 */
import { FolderOpen } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { formatBytes } from '@modules/files/contract';
import {
  type AdminDocumentListItem,
  KYC_DOCUMENT_STATUSES,
  KYC_DOCUMENT_TYPES,
  kycDocumentStatusLabels,
  kycDocumentTypeLabels,
  kycStatusLabels,
} from '@modules/kyc/contract';
import { DocumentPreview, DocumentThumb } from '@site/components/kyc/DocumentPreview';
import { formatDateTime } from '../format';
import { Dialog } from '../ledger/parts';
import { AdminTable, col, type FilterDef } from '../table';
import { Badge, Button, ScreenIntro } from '../ui';
import { applicationPath, StatusBadge } from './Kyc';

export const ADMIN_DOCUMENTS_ENDPOINT = '/api/admin/documents';

type Doc = AdminDocumentListItem;
const statusTone = { pending: 'sand', accepted: 'success', rejected: 'danger' } as const;

const filters: FilterDef[] = [
  { type: 'select', key: 'type', label: 'Type', all: 'All types', options: KYC_DOCUMENT_TYPES.map((t) => ({ value: t, label: kycDocumentTypeLabels[t] })), className: 'sm:w-52' },
  { type: 'select', key: 'status', label: 'Status', all: 'Any status', options: KYC_DOCUMENT_STATUSES.map((s) => ({ value: s, label: kycDocumentStatusLabels[s] })) },
  { type: 'select', key: 'includeSuperseded', label: 'Uploads', all: 'Current uploads only', options: [{ value: 'true', label: 'Include replaced uploads' }] },
];

function documentColumns(onOpen: (d: Doc) => void) {
  return [
    col.custom<Doc>(
      'doc',
      'Document',
      (d) => (
        <button type="button" onClick={() => onOpen(d)} className="group flex items-center gap-3 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
          <DocumentThumb doc={d} size={40} />
          <span className="min-w-0">
            <span className="block font-medium text-brand-800 group-hover:underline">
              <span className="sr-only">Preview the </span>
              {kycDocumentTypeLabels[d.type]}
              <span className="sr-only"> of {d.userName}</span>
            </span>
            <span className="block max-w-52 truncate text-xs text-slate-500">
              {d.originalName ?? d.contentType} · {formatBytes(d.size)}
            </span>
          </span>
        </button>
      ),
      { sort: 'type', className: 'py-2.5' },
    ),
    col.person<Doc>('owner', 'Belongs to', (d) => ({ name: d.userName, email: d.email, detail: <span className="font-mono">{d.unicode}</span> }), { sort: 'name', className: 'py-2.5' }),
    col.custom<Doc>(
      'status',
      'Status',
      (d) => (
        <>
          <span className="flex flex-wrap gap-1">
            <Badge tone={statusTone[d.status]}>{kycDocumentStatusLabels[d.status]}</Badge>
            {d.superseded ? <Badge>Replaced</Badge> : null}
          </span>
          {d.rejectionReason ? <span className="mt-1 block max-w-56 text-xs text-red-700">{d.rejectionReason}</span> : null}
        </>
      ),
      { sort: 'status', className: 'py-2.5' },
    ),
    col.dateTime<Doc>('uploaded', 'Uploaded (UAE time)', (d) => d.uploadedAt, { sort: 'createdAt', className: 'whitespace-nowrap py-2.5' }),
    col.custom<Doc>(
      'application',
      'Verification',
      (d) => (
        <Link href={applicationPath(d.userId)} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-900">
          <StatusBadge status={d.applicationStatus} />
          <span className="sr-only">Open the verification of {d.userName}</span>
        </Link>
      ),
      { className: 'py-2.5' },
    ),
  ];
}

export default function DocumentCenter() {
  const [open, setOpen] = useState<Doc | null>(null);
  const columns = useMemo(() => documentColumns(setOpen), []);
  return (
    <>
      <ScreenIntro description="Every identity document investors have uploaded: passports and Emirates IDs, proofs of address, selfies and supporting documents. Files are encrypted at rest; opening one is recorded in the audit log." />
      <AdminTable<Doc>
        endpoint={ADMIN_DOCUMENTS_ENDPOINT}
        caption="Documents"
        columns={columns}
        rowKey={(d) => d.id}
        noun={['document', 'documents']}
        search={{ label: 'Search by user or file', placeholder: 'Name, email, unique ID or file name' }}
        filters={filters}
        defaultSort="-createdAt"
        minWidth={860}
        empty={{
          icon: FolderOpen,
          title: 'No documents on file',
          body: 'Identity documents from the verification flow are filed here as investors upload them, with who they belong to and their review status.',
        }}
      />
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
              <Link href={applicationPath(open.userId)} className="inline-flex items-center justify-center rounded-lg bg-brand-800 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-900">
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
