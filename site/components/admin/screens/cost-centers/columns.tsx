/** The cost-center table's columns (name and place in the tree, kind, budget and spending, actions) and the archive confirmation. */
import { Archive, ArchiveRestore, Building2, FolderKanban, Target, Users } from 'lucide-react';
import { Link } from 'wouter';
import { Dialog, KIND_LABELS, type CostCenter, type TreeNode } from '@site/components/admin/budgets/parts';
import { col } from '@site/components/admin/table';
import { Badge, Button, cx } from '@site/components/admin/ui';
import { FigureCell } from './figures';

/** A row of GET /api/admin/ledger/cost-centers. */
export type CenterRow = CostCenter & { createdAt: string };

const KIND_ICONS = { property: Building2, department: Users, project: FolderKanban } as const;
const KIND_TONES = { property: 'sand', department: 'brand', project: 'neutral' } as const;

type ColumnOptions = {
  /** Where a code sits in the whole tree (from the unpaged /options list). */
  node: (code: string) => TreeNode | undefined;
  busy: boolean;
  onArchive: (c: CenterRow) => void;
  onRestore: (c: CenterRow) => void;
};

function CenterName({ c, node }: { c: CenterRow; node: TreeNode | undefined }) {
  const Icon = KIND_ICONS[c.kind as keyof typeof KIND_ICONS] ?? Target;
  return (
    <div className="flex items-start gap-2.5">
      <Icon className={cx('mt-0.5 h-4 w-4 shrink-0', c.archived ? 'text-slate-300' : 'text-sand-500')} aria-hidden="true" />
      <div className="min-w-0">
        <p className={cx('font-medium', c.archived ? 'text-slate-500' : 'text-ink')}>
          {c.name}
          {c.archived ? (
            <span className="ml-2 align-middle">
              <Badge>Archived</Badge>
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-500">
          {c.parent ? <span>Under {node?.path.join(' › ') || c.parent}</span> : <span>Top level</span>}
          {node?.children ? <span> · {node.children} sub-center{node.children === 1 ? '' : 's'}</span> : null}
          {c.property ? <span> · property {c.property}</span> : null}
        </p>
      </div>
    </div>
  );
}

export function centerColumns({ node, busy, onArchive, onRestore }: ColumnOptions) {
  return [
    col.text<CenterRow>('code', 'Code', (c) => c.code, { sort: 'code', mono: true, className: 'whitespace-nowrap' }),
    col.custom<CenterRow>('name', 'Cost center', (c) => <CenterName c={c} node={node(c.code)} />, { sort: 'name', className: 'min-w-72' }),
    col.custom<CenterRow>('kind', 'Kind', (c) => <Badge tone={KIND_TONES[c.kind as keyof typeof KIND_TONES] ?? 'neutral'}>{KIND_LABELS[c.kind] ?? c.kind}</Badge>, { sort: 'kind' }),
    col.custom<CenterRow>('budget', 'Budget to date (AED)', (c) => <FigureCell code={c.code} of="budget" />, { align: 'right', className: 'whitespace-nowrap' }),
    col.custom<CenterRow>('spent', 'Spent to date (AED)', (c) => <FigureCell code={c.code} of="spent" />, { align: 'right', className: 'whitespace-nowrap' }),
    col.date<CenterRow>('createdAt', 'Added', (c) => c.createdAt, { sort: 'createdAt' }),
    col.custom<CenterRow>(
      'actions',
      'Actions',
      (c) => (
        <div className="inline-flex gap-1">
          {!c.archived ? (
            <Link
              href={`/admin/cost-center/create?parent=${encodeURIComponent(c.code)}`}
              className="rounded-lg px-2.5 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              Add sub-center<span className="sr-only"> under {c.name}</span>
            </Link>
          ) : null}
          <button
            type="button"
            onClick={() => (c.archived ? onRestore(c) : onArchive(c))}
            disabled={busy}
            className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
            aria-label={`${c.archived ? 'Restore' : 'Archive'} ${c.name}`}
          >
            {c.archived ? <ArchiveRestore className="h-4 w-4" aria-hidden="true" /> : <Archive className="h-4 w-4" aria-hidden="true" />}
            {c.archived ? 'Restore' : 'Archive'}
          </button>
        </div>
      ),
      { align: 'right', className: 'whitespace-nowrap py-2' },
    ),
  ];
}

export function ArchiveDialog({ center, activeChildren, busy, onClose, onArchive }: { center: CenterRow | null; activeChildren: number; busy: boolean; onClose: () => void; onArchive: (c: CenterRow) => void }) {
  return (
    <Dialog
      open={center !== null}
      onClose={onClose}
      title={center ? `Archive ${center.name}?` : 'Archive'}
      description={
        center
          ? `${center.code} stays on the journal lines and budgets it already has, and in every report. It can't be put on new lines or take new budget amounts. You can restore it at any time.`
          : undefined
      }
      footer={
        <>
          <Button onClick={onClose}>Keep it active</Button>
          <Button variant="primary" icon={Archive} onClick={() => center && onArchive(center)} disabled={busy}>
            {busy ? 'Archiving…' : 'Archive'}
          </Button>
        </>
      }
    >
      {activeChildren ? <p className="text-sm text-amber-900">It has {activeChildren} active sub-center{activeChildren === 1 ? '' : 's'}: archive or move those first.</p> : null}
    </Dialog>
  );
}
