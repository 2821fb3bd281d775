/**
 * Screening lists (sanctions and PEP) for the /admin/kyc screen: the uploaded lists on the one admin
 * table (GET /api/admin/screening/lists on the list contract: search, source, sort, page, CSV), their
 * entries, a CSV upload checked line by line before it is sent, delete, and "try a name" against every list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, ListChecks, Trash2, Upload } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { MATCH_THRESHOLD, SCREENING_LIST_SOURCES, scorePercent, type ScreeningListJson } from '@modules/kyc/screening-contract';
import { Dialog, ErrorNote } from '../ledger/parts';
import { AdminTable, col, invalidateAdminList, type FilterDef } from '../table';
import { Badge, Button, Card } from '../ui';
import { EntriesDialog } from './screening-entries';
import { TryAName } from './screening-try';
import { SCREENING_API, SCREENING_LISTS_URL, UploadDialog } from './screening-upload';

export { SCREENING_API };

const sourceLabels: Record<(typeof SCREENING_LIST_SOURCES)[number], string> = { upload: 'Uploaded', demo: 'Demo' };
const filters: FilterDef[] = [{ type: 'select', key: 'source', label: 'Source', all: 'Any source', options: SCREENING_LIST_SOURCES.map((s) => ({ value: s, label: sourceLabels[s] })) }];

type Act = { view: (l: ScreeningListJson) => void; remove: (l: ScreeningListJson) => void };

function listColumns(act: Act) {
  return [
    col.custom<ScreeningListJson>(
      'name',
      'List',
      (l) => (
        <>
          <span className="font-medium text-ink">{l.name}</span> {l.source === 'demo' ? <Badge tone="sand">Demo</Badge> : null}
        </>
      ),
      { sort: 'name' },
    ),
    col.text<ScreeningListJson>('entries', 'Entries', (l) => l.entryCount.toLocaleString('en-US'), { sort: 'entries', sortFirst: 'desc', align: 'right', className: 'tabular-nums' }),
    col.text<ScreeningListJson>('split', 'Sanctions / PEP', (l) => `${l.sanctionsCount.toLocaleString('en-US')} / ${l.pepCount.toLocaleString('en-US')}`, { className: 'tabular-nums text-slate-600' }),
    col.text<ScreeningListJson>('by', 'Uploaded by', (l) => l.uploadedBy?.name || (l.source === 'demo' ? 'Seeded at first start' : null), { className: 'text-slate-600' }),
    col.dateTime<ScreeningListJson>('updated', 'Updated', (l) => l.updatedAt, { sort: 'updatedAt' }),
    col.custom<ScreeningListJson>(
      'actions',
      'Actions',
      (l) => (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" icon={ListChecks} onClick={() => act.view(l)}>
            Entries<span className="sr-only"> of {l.name}</span>
          </Button>
          <Button variant="ghost" icon={Trash2} onClick={() => act.remove(l)}>
            Delete<span className="sr-only"> {l.name}</span>
          </Button>
        </div>
      ),
      { align: 'right' },
    ),
  ];
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
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<ScreeningListJson | null>(null);
  const [deleting, setDeleting] = useState<ScreeningListJson | null>(null);
  const columns = useMemo(() => listColumns({ view: setViewing, remove: setDeleting }), []);
  const remove = useMutation({
    mutationFn: (l: ScreeningListJson) => api.delete<{ message: string }>(`${SCREENING_LISTS_URL}/${l.id}`),
    onSuccess: (r) => {
      setDeleting(null);
      void invalidateAdminList(client, SCREENING_LISTS_URL);
      toast({ title: 'List deleted', description: r.message, variant: 'success' });
    },
  });
  const threshold = MATCH_THRESHOLD;

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
        <AdminTable<ScreeningListJson>
          endpoint={SCREENING_LISTS_URL}
          caption="Screening lists"
          columns={columns}
          rowKey={(l) => l.id}
          noun={['list', 'lists']}
          search={{ placeholder: 'List name or who uploaded it' }}
          filters={filters}
          defaultSort="name"
          empty={{ icon: FileSpreadsheet, title: 'No screening lists', body: 'Without a list, applications are not screened. Upload a sanctions or PEP list as CSV.' }}
        />
      </Block>

      <Block title="Try a name" description="Check a name against every list without creating anything, to see how the matching behaves.">
        <Card className="p-5">
          <TryAName threshold={threshold} />
        </Card>
      </Block>

      <UploadDialog open={uploading} onClose={() => setUploading(false)} />
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
